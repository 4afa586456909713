import type { EntityManager } from '@mikro-orm/postgresql';
import { composedSql, query, type SqlFragment, type SqlParams } from '../../db/sql.js';

// The audit log's statements: one page of entries and their count.

export interface AuditRow {
  id: number;
  staff_id: number | null;
  staff_email: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

export interface AuditConditions {
  /** Not empty: an empty list matches nothing, without a query. */
  ids?: number[];
  entityType?: string;
  entityId?: string;
  staffEmail?: string;
}

function auditWhere(conditions: AuditConditions): SqlFragment {
  const where: string[] = [];
  const params: SqlParams = {};
  if (conditions.ids) {
    where.push('id in (:ids)');
    params.ids = conditions.ids;
  }
  if (conditions.entityType) {
    where.push('entity_type = :entityType');
    params.entityType = conditions.entityType;
  }
  if (conditions.entityId) {
    where.push('entity_id = :entityId');
    params.entityId = conditions.entityId;
  }
  if (conditions.staffEmail) {
    where.push('lower(staff_email) = lower(:staffEmail)');
    params.staffEmail = conditions.staffEmail;
  }
  return { text: where.length > 0 ? `where ${where.join(' and ')}` : '', params };
}

/**
 * The newest (or oldest) entries first, ordered by created_at then id (audit_log_created_idx;
 * entity filters use audit_log_entity_idx), and how many match.
 */
export async function auditPage(
  em: EntityManager,
  conditions: AuditConditions,
  page: { direction: 'asc' | 'desc'; offset: number; limit: number },
) {
  const where = auditWhere(conditions);
  const { direction } = page;
  const rows = await query<AuditRow, SqlParams>(
    em,
    composedSql(
      'audit-page',
      `select * from audit_log ${where.text}
        order by created_at ${direction}, id ${direction} limit :limit offset :offset`,
    ),
    { ...where.params, limit: page.limit, offset: page.offset },
  );
  const [count] = await query<{ total: number }, SqlParams>(
    em,
    composedSql('audit-count', `select count(*)::int as total from audit_log ${where.text}`),
    where.params,
  );
  return { rows, total: count?.total ?? 0 };
}
