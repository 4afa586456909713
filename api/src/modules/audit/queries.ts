import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction, TAuditedEntity } from '../../../../shared/audit.js';
import {
  idIn,
  json,
  queryComposed,
  type SqlFragment,
  type SqlPart,
  whereAll,
} from '../../db/sql.js';

// The audit log's statements: one page of entries and their count.

export interface AuditRow {
  id: number;
  staff_id: number | null;
  staff_email: string;
  staff_role: string | null;
  organization_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

export interface AuditConditions {
  ids?: number[];
  entityType?: string;
  entityId?: string;
  staffEmail?: string;
  action?: string;
  /** An organization's entries only (audit_log_organization_created_idx). */
  organizationId?: number;
}

function auditWhere(conditions: AuditConditions): SqlFragment {
  const { entityType, entityId, staffEmail, action, organizationId } = conditions;
  return whereAll([
    idIn('id', conditions.ids),
    organizationId === undefined
      ? undefined
      : { text: 'organization_id = :organizationId', params: { organizationId } },
    entityType ? { text: 'entity_type = :entityType', params: { entityType } } : undefined,
    entityId ? { text: 'entity_id = :entityId', params: { entityId } } : undefined,
    staffEmail
      ? { text: 'lower(staff_email) = lower(:staffEmail)', params: { staffEmail } }
      : undefined,
    action ? { text: 'action = :action', params: { action } } : undefined,
  ]);
}

/**
 * The audit log's count stops here: past it the list pages without a total, as the Review
 * Queue's does (counting a million entries on every page would make each page wait for it).
 */
export const AUDIT_COUNT_UP_TO = 10_000;

/**
 * The newest (or oldest) entries first, ordered by created_at then id (audit_log_created_idx;
 * entity filters use audit_log_entity_idx, a staff member audit_log_staff_email_created_idx, an
 * action audit_log_action_created_idx; an organization audit_log_organization_created_idx), and
 * how many match (up to AUDIT_COUNT_UP_TO; null past it).
 */
export async function auditPage(
  em: EntityManager,
  conditions: AuditConditions,
  page: { direction: 'asc' | 'desc'; offset: number; limit: number },
) {
  const where = auditWhere(conditions);
  const { direction } = page;
  const rows = await queryComposed<AuditRow>(em, 'audit-page', {
    text: `select * from audit_log ${where.text}
        order by created_at ${direction}, id ${direction} limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const [count] = await queryComposed<{ total: number }>(em, 'audit-count', {
    text: `select count(*)::int as total
       from (select 1 from audit_log ${where.text} limit :countLimit) entries`,
    params: { ...where.params, countLimit: AUDIT_COUNT_UP_TO + 1 },
  });
  const total = count?.total ?? 0;
  return { rows, total: total > AUDIT_COUNT_UP_TO ? null : total };
}

/** One entry of a set-based change, as auditEntriesInsert writes it. */
export interface AuditEntryRow {
  /** The staff member; null for the product's own changes (the daily run). */
  staffId: number | null;
  /** Null to take the staff member's own email. */
  staffEmail: string | null;
  action: TAuditAction;
  entityType: TAuditedEntity;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The role the staff member acted in (recordAudit's staffRole); absent for none. */
  staffRole?: string | null;
  /** The organization the change concerns; absent: the record's (by trigger). */
  organizationId?: number | null;
}

/**
 * Many entries as one insert (a jsonb list of AuditEntryRow), for changes made to hundreds of
 * rows at once; answers each entry's id and entity id (in no particular order). Run it in the change's transaction.
 */
export const auditEntriesInsert: SqlPart<AuditEntryRow[], { auditRows: string }> = {
  text: `insert into audit_log (staff_id, staff_email, staff_role, organization_id, action,
                          entity_type, entity_id, before, after)
   select a."staffId",
          coalesce(a."staffEmail", (select s.email from staff_accounts s where s.id = a."staffId")),
          a."staffRole", a."organizationId", a.action, a."entityType", a."entityId", a.before,
          a.after
     from jsonb_to_recordset(:auditRows::jsonb) as a("staffId" int, "staffEmail" text,
       "staffRole" text, "organizationId" int, action text, "entityType" text, "entityId" text,
       before jsonb, after jsonb)
   returning id, entity_id`,
  values: (rows) => ({ auditRows: json(rows) }),
};
