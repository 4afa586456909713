import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminExpiringResponse } from '../../../../shared/admin-responses.js';
import { programTimeZone, todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  EXPIRING_ITEM_KINDS,
  EXPIRING_WINDOW_KEYS,
  type TExpiringItemKind,
  type TExpiringWindow,
} from '../../../../shared/reminders.js';
import {
  fileContent,
  withErrorResponses,
  ZComplianceSummaryResponse,
} from '../../../../shared/staff-responses.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { idFilter, parseListQuery, ZListQuerystring } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import {
  type OrganizationScope,
  organizationFilter,
  scopeOf,
} from '../organization-access/scope.js';
import {
  EXPIRING_SORT_FIELDS,
  type ExpiringRequest,
  expiringCsvStream,
  getExpiring,
  listExpiring,
} from './expiring.js';
import { complianceSummary } from './home.js';
import { runReminders } from './reminders.js';

export const REMINDERS_JOB = 'compliance-reminders';

/** The daily reminder run at 8:00 in the program's time zone (pg-boss runs each tick once). */
const reminderJobsPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: REMINDERS_JOB,
    cron: '0 8 * * *',
    timeZone: programTimeZone(),
    handler: async () => {
      const result = await runReminders(app.orm.em.fork(), {
        now: new Date(),
        publicUrl: app.config.publicUrl,
        supportUrl: app.config.links.support,
      });
      app.log.info(result, 'compliance reminders');
    },
  });
};

export const reminderJobs = fp(reminderJobsPlugin, {
  name: 'reminder-jobs',
  dependencies: ['jobs'],
});

function choice<T extends string>(value: unknown, choices: readonly T[], name: string) {
  if (value === undefined || value === null || value === '') return undefined;
  if (!(choices as readonly unknown[]).includes(value)) {
    throw AppError.badRequest(`filter.${name} must be one of ${choices.join(', ')}.`);
  }
  return value as T;
}

/** react-admin's filter object as the Expiring view's request (30 days by default). */
function expiringRequest(raw: Record<string, unknown>, scope: OrganizationScope): ExpiringRequest {
  return {
    window: choice<TExpiringWindow>(raw.within, EXPIRING_WINDOW_KEYS, 'within') ?? '30',
    organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
    kind: choice<TExpiringItemKind>(raw.kind, EXPIRING_ITEM_KINDS, 'kind'),
  };
}

/**
 * The staff side of compliance (Viewer): the admin home's summary, and the Expiring view's
 * `expiring` REST resource and its CSV.
 */
export const complianceRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);

  app.get(
    '/api/sc/get/compliance_summary',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: ['staff compliance'],
        summary:
          "The admin home's counts and registrations per week beside the certifications due, for one organization or all.",
        querystring: z.object({ organization: z.string().max(12).optional() }),
        response: withErrorResponses({ 200: ZComplianceSummaryResponse }),
      },
    },
    async (request) =>
      complianceSummary(
        request.em,
        organizationFilter(
          scopeOf(request.staff.access),
          idFilter(request.query.organization || undefined, 'organization'),
        ),
      ),
  );

  registerResource(app, {
    name: 'expiring',
    organization: { read: 'viewer', record: 'expiringItem' },
    response: ZAdminExpiringResponse,
    sortFields: EXPIRING_SORT_FIELDS,
    defaultSort: 'dueOn',
    defaultOrder: 'ASC',
    filter: expiringRequest,
    list: listExpiring,
    getOne: (em, id) => getExpiring(em, id),
  });

  app.get(
    '/api/admin/expiring.csv',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: ['admin expiring'],
        summary: 'The Expiring view as CSV: filter as the list takes it, every row by due date.',
        querystring: ZListQuerystring,
        response: withErrorResponses({
          200: { description: 'The CSV file.', content: fileContent(['text/csv']) },
        }),
      },
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, {
        sortFields: EXPIRING_SORT_FIELDS,
        defaultSort: 'dueOn',
      });
      const filter = expiringRequest(query.filter, scopeOf(request.staff.access));
      const stream = await expiringCsvStream(request.em, filter);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="expiring_${filter.window}_${todayInProgramZone()}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
