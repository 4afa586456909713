import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import {
  ZTestReportSettings,
  ZTestReportSettingsRecord,
} from '../../../../shared/test-report-settings.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { getTestReportRules, updateTestReportRules } from './settings.js';

/**
 * The organization's rules for test reports: react-admin's getOne and update of
 * `test-report-rules`, by the organization's id. Read by whoever reads the organization, changed
 * by its Program managers and the provider's Editors.
 */
export const testReportRulesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  app.get(
    '/api/admin/test-report-rules/:id',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { id: 'organization' },
      },
      schema: {
        tags: ['admin test-report-rules'],
        summary:
          "The organization's rules for test reports: filing window, admins filing, thresholds.",
        params: z.object({ id: ZId }),
        response: withErrorResponses({ 200: ZTestReportSettingsRecord }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getTestReportRules(request.em, request.params.id)),
  );
  app.put(
    '/api/admin/test-report-rules/:id',
    {
      config: {
        staffRole: 'editor',
        organizationRole: 'program_manager',
        organizationOf: { id: 'organization' },
      },
      schema: {
        tags: ['admin test-report-rules'],
        summary:
          "Change the organization's rules for test reports (thresholds no lower than the field test procedures').",
        params: z.object({ id: ZId }),
        body: ZTestReportSettings,
        response: withErrorResponses({ 200: ZTestReportSettingsRecord }),
      },
    },
    async (request) =>
      updateTestReportRules(request.em, request.staff, request.params.id, request.body),
  );
};
