import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import { ZReturnedReport, ZTestReportReviewRecord } from '../../../../shared/test-report-review.js';
import {
  TEST_REPORT_KINDS,
  TEST_REPORT_STATES,
  ZTestReportDecision,
} from '../../../../shared/test-reports.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { idFilter, idsFilter, oneOfFilter, textFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import {
  decideTestReport,
  getTestReport,
  listTestReports,
  returnedReport,
  TEST_REPORT_SORT_FIELDS,
} from './review.js';

/**
 * The organization's test-report queue in the console: read by anyone who reads the
 * organization, decided (react-admin's update: accept, reject, return, reset) by its Reviewers
 * and Program managers and the provider's Editors. Nothing is created or deleted here: testers
 * file reports, and a decided report is the record of its decision.
 */
export const testReportReviewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  registerResource(app, {
    name: 'test-reports',
    readRole: 'viewer',
    writeRole: 'editor',
    organization: { read: 'viewer', update: 'reviewer', record: 'testReport' },
    response: ZTestReportReviewRecord,
    sortFields: TEST_REPORT_SORT_FIELDS,
    defaultSort: 'filedAt',
    defaultOrder: 'ASC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      state: oneOfFilter(TEST_REPORT_STATES, raw.state, 'state'),
      result: oneOfFilter(['pass', 'fail'] as const, raw.result, 'result'),
      kind: oneOfFilter(TEST_REPORT_KINDS, raw.kind, 'kind'),
      assemblyRef: idFilter(raw.assemblyRef, 'assemblyRef'),
      q: textFilter(raw.q, 'q'),
    }),
    list: listTestReports,
    getOne: (em, id) => getTestReport(em, id),
    update: {
      body: ZTestReportDecision,
      run: (em, actor, id, body: z.output<typeof ZTestReportDecision>) =>
        decideTestReport(em, actor, id, body),
    },
  });
};

/**
 * A returned report's personal link, in My registrations: the report again for the test form
 * to load (no session: the token is the key, as a registration's status link).
 */
export const accountReturnedReportRoutes: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/account/test-reports/returned/:token',
    {
      config: { rateLimit: { max: app.config.rateLimits.accountPerMinute, timeWindow: 60_000 } },
      schema: {
        summary: 'A test report returned to its tester, as its personal link opens it again',
        description:
          'No session: the token of the link the return emailed is the key. Answers the ' +
          'report’s fields for the test form, what the organization asks to correct and the ' +
          'last day the link works; file the corrected report with POST /api/account/test-reports ' +
          'and `returnToken`. 404 for a link unknown, expired, used, or whose report was decided ' +
          'again.',
        tags: ['my registrations'],
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.object({ code: z.string(), message: ZReturnedReport }) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send({
          code: CODES.success,
          message: await returnedReport(request.em, request.params.token),
        }),
  );
};
