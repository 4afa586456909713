import type { EntityManager } from '@mikro-orm/postgresql';
import { programTimeZone } from '../../../../shared/program-zone.js';
import type {
  TFieldAssemblyRow,
  TFieldLocationRow,
  TFieldOrganization,
  TFieldPage,
  TFieldRecord,
} from '../../../../shared/test-report-field.js';
import { mayFileWith, testReportSettingsOf } from '../../../../shared/test-report-settings.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { SYNC_HORIZON } from '../integrations/queries.js';
import { decodeCursor, encodeCursor } from '../integrations/sync.js';
import {
  FIELD_START,
  type FieldOrganizationRow,
  type FieldPosition,
  fieldAssemblies,
  fieldFiler,
  fieldLocations,
  fieldOrganizations,
  fieldPerson,
} from './field-queries.js';

// What a phone keeps to file test reports without signal: the organizations the signed-in
// person may file with, as the server's checks will read them, and each organization's
// inventory page by page in change order (the read API's cursors and horizon: a row written
// while the phone pages through comes in its next visit, never skipped).

/** Who may file with an organization: a tester for themself, an admin where it lets admins. */
const mayFile = (row: Pick<FieldOrganizationRow, 'filer' | 'test_report_rules'>) =>
  mayFileWith(row.filer, testReportSettingsOf(row.test_report_rules));

function organizationOf(row: FieldOrganizationRow): TFieldOrganization {
  return {
    id: row.id,
    name: row.name,
    settings: testReportSettingsOf(row.test_report_rules),
    filer: row.filer,
    company: row.company_id === null ? null : { id: row.company_id, name: row.company_name ?? '' },
    testers: row.testers,
    kits: row.kits,
  };
}

/** The signed-in person's field record: every organization they may file with today. */
export async function fieldRecord(em: EntityManager, userId: number): Promise<TFieldRecord> {
  const [person, organizations] = await Promise.all([
    fieldPerson(em, userId),
    fieldOrganizations(em, userId),
  ]);
  return {
    person: {
      id: person.id,
      name: `${person.first_name} ${person.last_name}`,
      userType: person.type,
    },
    timeZone: programTimeZone(),
    keptAt: new Date().toISOString(),
    organizations: organizations.filter(mayFile).map(organizationOf),
  };
}

/** An organization the person may file with; 404 for any other (never saying it exists). */
async function fieldOrganization(em: EntityManager, userId: number, organizationId: number) {
  const filer = await fieldFiler(em, { userId, organizationId });
  if (!filer || !mayFile(filer)) throw AppError.notFound();
}

function positionOf(cursor: string | undefined): FieldPosition {
  if (cursor === undefined) return FIELD_START;
  try {
    return decodeCursor(cursor);
  } catch {
    throw AppError.badRequest('This cursor is not one this API gave.');
  }
}

async function horizon(em: EntityManager): Promise<string> {
  // Its own statement, before the page's (integrations/queries.ts, SYNC_HORIZON).
  const [row] = await query<{ horizon: string }, Record<string, never>>(em, SYNC_HORIZON, {});
  if (!row) throw new Error('the sync horizon statement answered no row');
  return row.horizon;
}

type TStream<R> = (
  em: EntityManager,
  organizationId: number,
  page: { horizon: string; after: FieldPosition; limit: number },
) => Promise<(R & { id: number; updated_at: string })[]>;

async function streamPage<R, W>(
  em: EntityManager,
  stream: TStream<R>,
  compact: (row: R) => W,
  request: { userId: number; organizationId: number; cursor?: string | undefined; limit: number },
): Promise<TFieldPage<W>> {
  const after = positionOf(request.cursor);
  await fieldOrganization(em, request.userId, request.organizationId);
  const rows = await stream(em, request.organizationId, {
    horizon: await horizon(em),
    after,
    limit: request.limit + 1,
  });
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    rows: page.map(compact),
    next: last
      ? encodeCursor({ updatedAt: last.updated_at, id: last.id })
      : (request.cursor ?? null),
    more: rows.length > request.limit,
  };
}

export interface TFieldPageRequest {
  userId: number;
  organizationId: number;
  cursor?: string | undefined;
  limit: number;
}

/** A page of the organization's assemblies, compact, after the cursor. */
export function fieldAssemblyPage(
  em: EntityManager,
  request: TFieldPageRequest,
): Promise<TFieldPage<TFieldAssemblyRow>> {
  return streamPage(
    em,
    fieldAssemblies,
    (row) => [
      row.id,
      row.location_id,
      row.assembly_id,
      row.serial,
      row.type,
      row.status,
      row.installed_on,
    ],
    request,
  );
}

/** A page of the organization's locations, compact, after the cursor. */
export function fieldLocationPage(
  em: EntityManager,
  request: TFieldPageRequest,
): Promise<TFieldPage<TFieldLocationRow>> {
  return streamPage(em, fieldLocations, (row) => [row.id, row.address], request);
}
