import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import { ZId } from '../../../../shared/staff.js';
import {
  ZTestReportListAnswer,
  ZTestReportListQuery,
} from '../../../../shared/test-report-list.js';
import { accountSessionGuard } from '../account/sessions.js';
import { PDF_ANSWER, sendTestReportPdf, ZPdfQuery } from './pdf-routes.js';
import { reportsOf, sheetForPerson } from './reads.js';

/** The tester's side, in My registrations: the reports they tested or filed, and each one's PDF. */
export const accountTestReportReadRoutes: FastifyPluginAsync = async (scope) => {
  await scope.register(cookie);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = accountSessionGuard(new URL(app.config.publicUrl).origin);
  const tags = ['my registrations'];

  app.get(
    '/api/account/test-reports',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The test reports the signed-in person tested or filed, newest first',
        description:
          'A page at a time (`limit`, default 50, at most 200); pass `nextBefore` as `before` ' +
          'for the next. Each report with its state, and the organization’s reason when it was ' +
          'rejected or returned. A report returned and filed again is listed once, as the report ' +
          'filed again: its `replaces` names the returned one (its reason and PDF).',
        tags,
        querystring: ZTestReportListQuery,
        response: { 200: ZTestReportListAnswer },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'private, no-store').send({
        code: CODES.success,
        message: await reportsOf(request.em, request.accountUserId, request.query),
      }),
  );

  app.get(
    '/api/account/test-reports/:id/pdf',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The PDF of a test report the signed-in person tested or filed',
        description:
          'In the language asked for (`?lang=es`), else the one the person registered with the ' +
          'organization in. 404 for any report they neither tested nor filed.',
        tags,
        params: z.object({ id: ZId }),
        querystring: ZPdfQuery,
        response: { 200: PDF_ANSWER },
      },
    },
    async (request, reply) => {
      const { sheet, language } = await sheetForPerson(
        request.em,
        request.accountUserId,
        request.params.id,
        request.query.lang,
      );
      return sendTestReportPdf(reply, sheet, language);
    },
  );
};
