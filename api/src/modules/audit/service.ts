import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction, TAuditedEntity } from '../../../../shared/audit.js';
import { AuditEntry } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { type AuditConditions, type AuditRow, auditPage } from './queries.js';

/**
 * The staff member a change is made for (request.staff, or the CLI's operator); a registrant
 * resubmitting through their status link is named by their email, with no staff id.
 */
export interface Actor {
  id: number | null;
  email: string;
}

interface AuditChange {
  action: TAuditAction;
  entityType: TAuditedEntity;
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

interface AuditRecord {
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

export async function listAudit(
  em: EntityManager,
  filter: AuditConditions,
  page: { order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: AuditRecord[]; total: number }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await auditPage(em, filter, {
    direction: page.order === 'ASC' ? 'asc' : 'desc',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(toRecord), total };
}

export async function getAuditEntry(em: EntityManager, id: number): Promise<AuditRecord> {
  const { rows } = await listAudit(em, { ids: [id] }, { order: 'ASC', offset: 0, limit: 1 });
  if (!rows[0]) throw AppError.notFound('Audit entry not found.');
  return rows[0];
}
