import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  COMPLIANCE_MESSAGES,
  type TComplianceChangeRecord,
  ZComplianceChangeRecord,
} from '../../../../shared/assembly-compliance.js';
import { programTimeZone } from '../../../../shared/program-zone.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { idFilter, idsFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import { type ComplianceChangeRow, complianceHistoryPage } from './queries.js';
import { runComplianceNight } from './service.js';

export const COMPLIANCE_NIGHT_JOB = 'assembly-compliance-night';

/**
 * The night's status run a minute after midnight in the program's time zone, so an assembly is
 * Due, Overdue or past its retest on the first day it is (pg-boss runs each tick once).
 */
const complianceJobsPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: COMPLIANCE_NIGHT_JOB,
    cron: '1 0 * * *',
    timeZone: programTimeZone(),
    handler: async () => {
      const result = await runComplianceNight(app.orm.em.fork());
      app.log.info(result, 'assembly compliance');
    },
  });
};

export const assemblyComplianceJobs = fp(complianceJobsPlugin, {
  name: 'assembly-compliance-jobs',
  dependencies: ['jobs'],
});

const toRecord = (row: ComplianceChangeRow): TComplianceChangeRecord => ({
  id: row.id,
  assemblyId: row.assembly_id,
  organizationId: row.organization_id,
  changedAt: new Date(row.changed_at).toISOString(),
  onDay: row.on_day,
  fromStatus: row.from_status,
  toStatus: row.to_status,
  retestBy: row.retest_by,
  reason: row.reason,
});

/**
 * The history of each assembly's status (the assembly page's list), read by anyone who reads
 * the organization; written only by the changes themselves.
 */
export const assemblyComplianceRoutes: FastifyPluginAsync = async (app) => {
  protectStaffRoutes(app);
  registerResource(app, {
    name: 'assembly-compliance-changes',
    readRole: 'viewer',
    organization: { read: 'viewer', record: 'assemblyComplianceChange' },
    response: ZComplianceChangeRecord,
    sortFields: ['id'],
    defaultSort: 'id',
    defaultOrder: 'DESC',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      assemblyId: idFilter(raw.assemblyId, 'assemblyId'),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
    }),
    list: async (em, filter, page) => {
      if (filter.ids?.length === 0) return { rows: [], total: 0 };
      const { rows, total } = await complianceHistoryPage(em, {
        ...filter,
        limit: page.limit,
        offset: page.offset,
      });
      return { rows: rows.map(toRecord), total };
    },
    getOne: async (em, id) => {
      const { rows } = await complianceHistoryPage(em, { ids: [id], limit: 1, offset: 0 });
      const row = rows[0];
      if (!row) throw AppError.notFound(COMPLIANCE_MESSAGES.changeNotFound);
      return toRecord(row);
    },
  });
};
