import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import { TEST_REPORT_STATES, ZTestReportFiling } from '../../../../shared/test-reports.js';
import { parsed } from '../account/route-context.js';
import { accountSessionGuard } from '../account/sessions.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import { fileTestReport } from './service.js';

const ZFiledReport = z.object({
  id: z.number().int(),
  key: z.string(),
  state: z.enum(TEST_REPORT_STATES),
  result: z.enum(['pass', 'fail']),
  assemblyId: z.string(),
  testDate: z.string(),
  filedAt: z.string(),
});

/** The tester's side, in My registrations: filing a test report from the field. */
export const accountTestReportRoutes: FastifyPluginAsync = async (scope) => {
  await scope.register(cookie);
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = accountSessionGuard(new URL(app.config.publicUrl).origin);

  app.post(
    '/api/account/test-reports',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      config: { rateLimit: { max: app.config.rateLimits.accountPerMinute, timeWindow: 60_000 } },
      schema: {
        summary: 'File a test report on an assembly (the tester, or an admin for their tester)',
        description:
          'Checked against the record as it stood on the test date in the program’s time zone ' +
          '(the registration active, the certification and the kit’s calibration accepted and ' +
          'covering the day, the required credentials current, the filing window) and passed or ' +
          'failed by the assembly type’s rules. The key, made on the device when the report is ' +
          'started, files it once: a resend of the same report answers 200 with the first ' +
          'filing; the key with another report answers 409. A clean report is accepted at once. ' +
          '422 TEST_REPORT_REFUSED lists each refusal in the registrant’s language; nothing is ' +
          'written. 404 for an assembly of an organization the person is not registered with.',
        tags: ['my registrations'],
        body: ZTestReportFiling,
        response: {
          200: z.object({ code: z.string(), message: ZFiledReport }),
          201: z.object({ code: z.string(), message: ZFiledReport }),
        },
      },
    },
    async (request, reply) => {
      const { created, report } = await fileTestReport(
        request.em,
        request.accountUserId,
        parsed(ZTestReportFiling, request.body),
        request.language,
      );
      return reply.code(created ? 201 : 200).send({ code: CODES.success, message: report });
    },
  );
};
