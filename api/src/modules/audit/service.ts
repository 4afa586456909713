import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditEntry } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';

/** The staff member a change is made for (request.staff, or the CLI's operator). */
export interface Actor {
  id: number | null;
  email: string;
}

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'link'
  | 'unlink'
  | 'enroll'
  | 'enroll_all';

export interface AuditChange {
  action: AuditAction;
  entityType: 'organization' | 'agency' | 'type' | 'agency_type' | 'user' | 'registration';
  entityId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Stages an audit entry in the caller's EntityManager; call it inside the same transaction as
 * the change so both are written or neither is.
 */
export function recordAudit(em: EntityManager, actor: Actor, change: AuditChange): void {
  em.create(AuditEntry, {
    staff: actor.id,
    staffEmail: actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before,
    after: change.after,
  });
}

export interface AuditRecord {
  id: number;
  staffId: number | null;
  staffEmail: string;
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface AuditFilter {
  ids?: number[];
  entityType?: string;
  entityId?: string;
  staffEmail?: string;
}

interface AuditRow {
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

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: row.id,
    staffId: row.staff_id,
    staffEmail: row.staff_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The newest (or oldest) entries first: ordered by created_at then id, which
 * audit_log_created_idx serves; entity filters use audit_log_entity_idx.
 */
export async function listAudit(
  em: EntityManager,
  filter: AuditFilter,
  page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.ids) {
    if (filter.ids.length === 0) return { rows: [], total: 0 };
    where.push('id in (?)');
    params.push(filter.ids);
  }
  if (filter.entityType) {
    where.push('entity_type = ?');
    params.push(filter.entityType);
  }
  if (filter.entityId) {
    where.push('entity_id = ?');
    params.push(filter.entityId);
  }
  if (filter.staffEmail) {
    where.push('lower(staff_email) = lower(?)');
    params.push(filter.staffEmail);
  }
  const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const direction = page.order === 'ASC' ? 'asc' : 'desc';
  const rows = await em.execute<AuditRow[]>(
    `select * from audit_log ${clause} order by created_at ${direction}, id ${direction} limit ? offset ?`,
    [...params, page.limit, page.offset],
  );
  const [count] = await em.execute<{ total: number }[]>(
    `select count(*)::int as total from audit_log ${clause}`,
    params,
  );
  return { rows: rows.map(toRecord), total: count?.total ?? 0 };
}

export async function getAuditEntry(em: EntityManager, id: number): Promise<AuditRecord> {
  const { rows } = await listAudit(em, { ids: [id] }, { order: 'ASC', offset: 0, limit: 1 });
  if (!rows[0]) throw AppError.notFound('Audit entry not found.');
  return rows[0];
}
