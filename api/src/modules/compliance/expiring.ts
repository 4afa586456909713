import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAdminExpiringResponse } from '../../../../shared/admin-responses.js';
import { addDays, todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  EXPIRING_WINDOWS,
  expiryStatus,
  type TExpiringItemKind,
  type TExpiringWindow,
} from '../../../../shared/reminders.js';
import { queryComposed } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { copyCsv } from '../reports/exports.js';
import {
  EXPIRING_COUNT_UP_TO,
  type ExpiringFilter,
  type ExpiringRow,
  expiringCount,
  expiringCsv,
  expiringPage,
} from './expiring-queries.js';
import { itemFacts } from './items.js';

// The Expiring view: the certifications, calibrations and credentials expired or due within 30,
// 60 or 90 days, as a paged list and as a CSV of the same rows.

export interface ExpiringRequest {
  window: TExpiringWindow;
  organizationId?: number;
  kind?: TExpiringItemKind;
}

export const EXPIRING_SORT_FIELDS = ['dueOn', 'id'] as const;

function filterOf(request: ExpiringRequest, today = todayInProgramZone()): ExpiringFilter {
  const { days } = EXPIRING_WINDOWS[request.window];
  return {
    today,
    dueBy: addDays(today, days),
    organizationId: request.organizationId,
    kind: request.kind,
  };
}

function toRecord(row: ExpiringRow, today: string): TAdminExpiringResponse {
  const { status, daysLeft } = expiryStatus(row.due_on, today);
  return {
    id: row.id,
    kind: row.kind,
    itemId: row.item_id,
    dueOn: row.due_on,
    daysLeft,
    status,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    companyName: row.company_name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    ...itemFacts(row),
    issuer: row.issuer,
    lastReminderAt: row.last_reminder_at ? new Date(row.last_reminder_at).toISOString() : null,
    lastReminderDays: row.last_reminder_days,
  };
}

/** One page, and the total up to EXPIRING_COUNT_UP_TO (null: more than that). */
export async function listExpiring(
  em: EntityManager,
  request: ExpiringRequest,
  page: { offset: number; limit: number; sort: string; order: 'ASC' | 'DESC' },
): Promise<{ rows: TAdminExpiringResponse[]; total: number | null }> {
  const filter = filterOf(request);
  const rows = await queryComposed<ExpiringRow>(
    em,
    'expiring-page',
    expiringPage(filter, { ...page, descending: page.order === 'DESC' }),
  );
  const [count] = await queryComposed<{ n: string }>(em, 'expiring-count', expiringCount(filter));
  const total = Number(count?.n ?? 0);
  return {
    rows: rows.map((row) => toRecord(row, filter.today)),
    total: total > EXPIRING_COUNT_UP_TO ? null : total,
  };
}

/**
 * One row by its id (a certification's id × 3, a kit's × 3 + 1, a credential's × 3 + 2),
 * whatever its due date.
 */
export async function getExpiring(em: EntityManager, id: number): Promise<TAdminExpiringResponse> {
  const filter = { ...filterOf({ window: '90' }), dueBy: '9999-12-31', rowId: id };
  const [row] = await queryComposed<ExpiringRow>(
    em,
    'expiring-page',
    expiringPage(filter, { offset: 0, limit: 1, descending: false }),
  );
  if (!row) throw AppError.notFound('This item is not expiring in an active registration.');
  return toRecord(row, filter.today);
}

/** The same rows as a streamed CSV (every row, by due date). */
export function expiringCsvStream(em: EntityManager, request: ExpiringRequest): Promise<Readable> {
  return copyCsv(em, expiringCsv(filterOf(request)));
}
