import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { programTimeZone } from '../../../../shared/program-zone.js';
import { type TReportRequest, ZReportRequest } from '../../../../shared/reports.js';
import {
  fileContent,
  withErrorResponses,
  ZReportEmailResponse,
  ZReportErrorResponse,
} from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { scopeOf } from '../organization-access/scope.js';
import { createReportFile, REPORT_ATTACHMENT } from './generate.js';
import {
  renderScheduledReport,
  runScheduledReports,
  SCHEDULED_REPORT_ATTACHMENT,
} from './scheduled-reports.js';
import { emailReport, generateReport, type ReportAnswer, type ReportContext } from './service.js';

const TAGS = ['staff reports'];
export const SCHEDULED_REPORTS_JOB = 'scheduled-reports';

function send(reply: FastifyReply, answer: ReportAnswer) {
  // The type names the response schema that checks the answer (get_reports has one per type).
  if (answer.kind === 'json') {
    return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
  }
  return reply
    .header('content-type', answer.contentType)
    .header('content-disposition', `attachment; filename="${answer.filename}"`)
    .header('cache-control', 'no-store')
    .send(answer.body);
}

/** The report calls of spec section 7, the report attachment renderer and the schedule. */
export const reportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const context = (request: FastifyRequest): ReportContext => ({
    publicUrl: app.config.publicUrl,
    storage: app.documentStorage,
    requestId: request.id,
  });

  // Queued report emails carry the request; the file is made when the message is sent.
  app.outbox.registerRenderer(REPORT_ATTACHMENT, async (description) => {
    const file = await createReportFile(app.orm.em.fork(), description.request as TReportRequest, {
      publicUrl: app.config.publicUrl,
      storage: app.documentStorage,
    });
    return { filename: file.fileName, content: file.stream, contentType: file.contentType };
  });
  app.outbox.registerRenderer(SCHEDULED_REPORT_ATTACHMENT, (description) =>
    renderScheduledReport(app.orm.em.fork(), description, app.config.publicUrl),
  );
  app.jobs.define({
    name: SCHEDULED_REPORTS_JOB,
    cron: '0 8 * * *',
    timeZone: programTimeZone(),
    handler: async () => {
      const result = await runScheduledReports(app.orm.em.fork(), {
        now: new Date(),
        publicUrl: app.config.publicUrl,
        log: app.log,
      });
      app.log.info(
        {
          staged: result.staged.length,
          nothingNew: result.nothingNew.length,
          failed: result.failed.length,
        },
        'scheduled reports',
      );
      // A failed organization keeps its mark; failing the job lets the queue retry later.
      if (result.failed.length > 0)
        throw new Error(`${result.failed.length} scheduled reports failed`);
    },
  });

  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  app.post(
    '/api/sc/get/get_reports/:orgId',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { orgId: 'organization' },
      },
      schema: {
        tags: TAGS,
        summary: 'Generate a report: the file itself (Download) or {emailMessage} (Email).',
        params: z.object({ orgId: z.string().min(1).max(255) }),
        body: ZReportRequest.partial().passthrough(),
        response: withErrorResponses({
          200: {
            description: 'The report file (Download) or {emailMessage} (Email).',
            content: {
              'application/json': { schema: ZReportEmailResponse },
              ...fileContent(['text/csv', 'application/zip']),
            },
          },
          422: ZReportErrorResponse,
        }),
      },
    },
    async (request, reply) => {
      const answer = await generateReport(
        request.em,
        request.params.orgId,
        request.body,
        context(request),
      );
      return send(reply, answer);
    },
  );

  app.post(
    '/api/sc/get/send_email/:orgName',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { orgName: 'organizationName' },
      },
      schema: {
        tags: TAGS,
        summary: 'Email a report of one organization: body {email, org_name, selected_report}.',
        params: z.object({ orgName: z.string().min(1).max(1024) }),
        body: z.record(z.string(), z.unknown()),
        response: withErrorResponses({ 200: ZReportEmailResponse, 422: ZReportErrorResponse }),
      },
    },
    async (request, reply) => {
      const answer = await emailReport(
        request.em,
        scopeOf(request.staff.access),
        request.params.orgName,
        request.body,
        context(request),
      );
      return send(reply, answer);
    },
  );
};
