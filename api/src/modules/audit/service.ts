import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction, TAuditedEntity } from '../../../../shared/audit.js';
import type { TStaffAccess } from '../../../../shared/staff-roles.js';
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
  /** Who a console session acts as (request.staff); absent for the CLI and registrants. */
  access?: TStaffAccess;
}

interface AuditChange {
  action: TAuditAction;
  entityType: TAuditedEntity;
  entityId: string | number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /**
   * The organization the change concerns, where the record does not say it (a membership
   * removed); otherwise the acting organization's person's, or the record's (by trigger).
   */
  organizationId?: number;
}

/**
 * Stages an audit entry in the caller's EntityManager; call it inside the same transaction as
 * the change so both are written or neither is. It keeps the role the person acted in and,
 * for an organization's person, the organization they acted in; the database fills in the
 * organization of the record otherwise (audit_log_organization).
 */
export function recordAudit(em: EntityManager, actor: Actor, change: AuditChange): void {
  const { access } = actor;
  em.create(AuditEntry, {
    staff: actor.id,
    staffEmail: actor.email,
    staffRole: access?.role ?? null,
    organizationId:
      change.organizationId ?? (access?.kind === 'organization' ? access.organizationId : null),
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
  staffRole: string | null;
  organizationId: number | null;
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
    staffRole: row.staff_role,
    organizationId: row.organization_id,
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
): Promise<{ rows: AuditRecord[]; total: number | null }> {
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
