import type { EntityManager } from '@mikro-orm/postgresql';
import type { TListQuery } from '../../../../shared/integration-api.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { MAX_DATABASE_ID } from '../../../../shared/registration.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { query } from '../../db/sql.js';
import { statusOf } from '../organizations/status.js';
import { ApiProblem } from './problems.js';
import {
  SYNC_HORIZON,
  type SyncedRow,
  type SyncPosition,
  syncedRow,
  syncPage,
  type TSyncedResource,
} from './queries.js';

// The read API's lists: pages in change order that never skip a change (docs/decisions.md,
// "The read API never skips a change"), and single rows, each only within the key's scope.

/** What a request's key may see: every organization (null) or one. */
export interface KeyScope {
  organizationId: number | null;
}

/** The cursor names a position: a row's change time (microseconds, UTC) and id. */
const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z),(\d{1,10})$/;

export function encodeCursor(position: SyncPosition): string {
  return Buffer.from(`${position.updatedAt},${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; 400 for anything this API did not write. */
export function decodeCursor(cursor: string): SyncPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = POSITION.exec(text);
  const id = Number(match?.[2]);
  const updatedAt = match?.[1] ?? '';
  // A calendar-valid instant (Date would roll 2026-02-30 over to March).
  const instant = new Date(updatedAt);
  const valid =
    match !== null &&
    id >= 1 &&
    id <= MAX_DATABASE_ID &&
    !Number.isNaN(instant.getTime()) &&
    instant.toISOString().slice(0, 19) === updatedAt.slice(0, 19);
  if (!valid) throw new ApiProblem('bad_request', 'cursor is not one this API gave.');
  return { updatedAt, id };
}

/** Fields computed on the program's day, added to the rows that carry their dates. */
function withStatus(resource: TSyncedResource, row: SyncedRow, today: string): SyncedRow {
  const due = (date: unknown) =>
    typeof date === 'string' ? expiryStatus(date, today).status : null;
  switch (resource) {
    case 'organizations':
      return { ...row, status: statusOf(row.allowed_until as string, today) };
    case 'certifications':
      return { ...row, status: due(row.expires_on) };
    case 'test_kits':
      return { ...row, status: due(row.calibration_due_on) };
    default:
      return row;
  }
}

export interface SyncAnswer {
  data: SyncedRow[];
  next_cursor: string | null;
  has_more: boolean;
}

/**
 * One page after the cursor, of rows changed before the sync horizon. The last page still names
 * the position after its last row (or echoes the cursor given when empty), so a client keeps it
 * and asks again later for what changed since.
 */
export async function listSynced(
  em: EntityManager,
  resource: TSyncedResource,
  scope: KeyScope,
  request: TListQuery,
): Promise<SyncAnswer> {
  const after = request.cursor === undefined ? undefined : decodeCursor(request.cursor);
  // Its own statement, before the page's: see SYNC_HORIZON.
  const [first] = await query<{ horizon: string }, Record<string, never>>(em, SYNC_HORIZON, {});
  if (!first) throw new Error('the sync horizon statement answered no row');
  const rows = await syncPage(em, resource, {
    organizationId: scope.organizationId,
    horizon: first.horizon,
    after,
    since: request.updated_since,
    limit: request.limit + 1,
  });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const today = todayInProgramZone();
  return {
    data: page.map((row) => withStatus(resource, row, today)),
    next_cursor: last
      ? encodeCursor({ updatedAt: last.updated_at, id: last.id })
      : (request.cursor ?? null),
    has_more: rows.length > request.limit,
  };
}

/** One row the key sees; 404 otherwise (never saying whether it exists). */
export async function getSynced(
  em: EntityManager,
  resource: TSyncedResource,
  scope: KeyScope,
  id: number,
): Promise<SyncedRow> {
  const row = await syncedRow(em, resource, id, scope.organizationId);
  if (!row) throw new ApiProblem('not_found');
  return withStatus(resource, row, todayInProgramZone());
}
