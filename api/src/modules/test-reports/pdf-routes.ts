import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import { ZId } from '../../../../shared/staff.js';
import { fileContent, withErrorResponses } from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import type { TTestReportSheet } from './pdf.js';
import { sheetForStaff } from './reads.js';

// A test report's PDF, sent inline (the console shows it in the browser's own viewer) and never
// kept in a cache: the tester's side is in account-routes.ts, the console's here.

/** The PDF's answer as the OpenAPI documents describe it. */
export const PDF_ANSWER = {
  description: 'The report as a PDF, in the language asked for.',
  content: fileContent(['application/pdf']),
};

/** `?lang=es` asks for the report in Spanish. */
export const ZPdfQuery = z.object({
  lang: z.string().max(16).optional().meta({ description: 'en or es.' }),
});

/**
 * The PDF writer, loaded with the first PDF asked for: pdfkit and its font metrics hold about
 * 7 MB of heap, which a server that writes no PDF should not carry.
 */
let writer: Promise<typeof import('./pdf.js')> | undefined;

export async function sendTestReportPdf(
  reply: FastifyReply,
  sheet: TTestReportSheet,
  language: TLanguage,
) {
  writer ??= import('./pdf.js');
  const document = (await writer).testReportPdf(sheet, language);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="test-report-${sheet.id}.pdf"`)
    .header('content-language', language)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(document);
}

/** The console's: anyone who reads the report's organization, and the provider's staff. */
export const staffTestReportPdfRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);

  app.get(
    '/api/admin/test-reports/:id/pdf',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { id: 'testReport' },
      },
      schema: {
        tags: ['admin test-reports'],
        summary: "A test report's PDF (English unless ?lang=es).",
        params: z.object({ id: ZId }),
        querystring: ZPdfQuery,
        response: withErrorResponses({ 200: PDF_ANSWER }),
      },
    },
    async (request, reply) => {
      const { sheet, language } = await sheetForStaff(
        request.em,
        request.params.id,
        request.query.lang,
      );
      return sendTestReportPdf(reply, sheet, language);
    },
  );
};
