import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORGANIZATION_DEFAULTS, type TEmailFrequency } from '../../../../shared/constants.js';
import { STAFF_MESSAGES, type TOrganizationStatus } from '../../../../shared/staff.js';
import { CertificationAgency, Organization, OrganizationAgency } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { newFormHash } from './form-hash.js';
import { statusOf, todayUtc } from './status.js';

/** What staff set on an organization (domain names; each face maps its wire names to these). */
export interface OrganizationInput {
  name: string;
  primaryEmail: string;
  extraEmails: string[];
  reportFrequency: string;
  allowedUntil: string;
  requiredCertifications: number;
  formBanner: string;
  homeBanner: string;
  internalNotes: string;
  /** Absent on create: the default agencies (AWWA, ABPA, ASSE). */
  agencyIds?: number[];
}

/** An edit: the name may be sent but must not change; absent fields keep their value. */
export type OrganizationChanges = Partial<OrganizationInput>;

export interface OrganizationAgencyView {
  id: number;
  name: string;
  types: { id: number; name: string }[];
}

export interface OrganizationView {
  id: number;
  name: string;
  formHash: string;
  primaryEmail: string;
  extraEmails: string[];
  reportFrequency: string;
  /** YYYY-MM-DD (UTC). */
  allowedUntil: string;
  requiredCertifications: number;
  formBanner: string;
  homeBanner: string;
  internalNotes: string;
  agencyIds: number[];
  status: TOrganizationStatus;
  createdAt: string;
  /** YYYY-MM-DD (UTC). */
  createdOn: string;
}

export interface OrganizationDetail extends OrganizationView {
  agencies: OrganizationAgencyView[];
}

interface OrganizationRow {
  id: number;
  name: string;
  form_hash: string;
  primary_email: string;
  extra_emails: string[];
  report_frequency: string;
  allowed_until: string;
  required_certifications: number;
  form_banner: string;
  home_banner: string;
  internal_notes: string;
  created_at: Date;
  created_on: string;
}

const ORGANIZATION_COLUMNS = `o.id, o.name, o.form_hash, o.primary_email, o.extra_emails,
  o.report_frequency, to_char(o.allowed_until, 'YYYY-MM-DD') as allowed_until,
  o.required_certifications, o.form_banner, o.home_banner, o.internal_notes, o.created_at,
  to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as created_on`;

function toView(row: OrganizationRow, agencyIds: number[], today = todayUtc()): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    formHash: row.form_hash,
    primaryEmail: row.primary_email,
    extraEmails: row.extra_emails ?? [],
    reportFrequency: row.report_frequency,
    allowedUntil: row.allowed_until,
    requiredCertifications: row.required_certifications,
    formBanner: row.form_banner,
    homeBanner: row.home_banner,
    internalNotes: row.internal_notes,
    agencyIds,
    status: statusOf(row.allowed_until, today),
    createdAt: new Date(row.created_at).toISOString(),
    createdOn: row.created_on,
  };
}

async function agencyIdsByOrganization(
  em: EntityManager,
  organizationIds: number[],
): Promise<Map<number, number[]>> {
  const byOrganization = new Map<number, number[]>();
  if (organizationIds.length === 0) return byOrganization;
  const rows = await em.execute<{ organization_id: number; agency_id: number }[]>(
    `select organization_id, agency_id from organization_agencies
      where organization_id in (?) order by agency_id`,
    [organizationIds],
  );
  for (const row of rows) {
    const list = byOrganization.get(row.organization_id) ?? [];
    list.push(row.agency_id);
    byOrganization.set(row.organization_id, list);
  }
  return byOrganization;
}

async function viewsFor(em: EntityManager, rows: OrganizationRow[]): Promise<OrganizationView[]> {
  const agencies = await agencyIdsByOrganization(
    em,
    rows.map((row) => row.id),
  );
  const today = todayUtc();
  return rows.map((row) => toView(row, agencies.get(row.id) ?? [], today));
}

/** The organization with its enabled agencies and each agency's types. */
export async function getOrganization(em: EntityManager, id: number): Promise<OrganizationDetail> {
  const rows = await em.execute<OrganizationRow[]>(
    `select ${ORGANIZATION_COLUMNS} from organizations o where o.id = ?`,
    [id],
  );
  const row = rows[0];
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  const links = await em.execute<
    { agency_id: number; agency: string; type_id: number | null; type: string | null }[]
  >(
    `select a.id as agency_id, a.name as agency, t.id as type_id, t.name as type
       from organization_agencies oa
       join certification_agencies a on a.id = oa.agency_id
       left join agency_types at on at.agency_id = a.id
       left join certification_types t on t.id = at.type_id
      where oa.organization_id = ?
      order by lower(a.name), a.id, lower(t.name), t.id`,
    [id],
  );
  const agencies = new Map<number, OrganizationAgencyView>();
  for (const link of links) {
    const agency = agencies.get(link.agency_id) ?? {
      id: link.agency_id,
      name: link.agency,
      types: [],
    };
    if (link.type_id !== null && link.type !== null) {
      agency.types.push({ id: link.type_id, name: link.type });
    }
    agencies.set(link.agency_id, agency);
  }
  const view = toView(
    row,
    [...agencies.keys()].sort((a, b) => a - b),
  );
  return { ...view, agencies: [...agencies.values()] };
}

/** The organization's id and name, or 404 with the spec's message: an existence check. */
export async function requireOrganization(
  em: EntityManager,
  id: number,
): Promise<{ id: number; name: string }> {
  const [row] = await em.execute<{ id: number; name: string }[]>(
    'select id, name from organizations where id = ?',
    [id],
  );
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return row;
}

/** The id of the organization with this name (case-insensitive; organizations_name_lower_unique). */
export async function organizationIdByName(em: EntityManager, name: string): Promise<number> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from organizations where lower(name) = lower(?)',
    [name.trim()],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return id;
}

/** An organization given by id (digits) or by name: its id and name. */
export async function resolveOrganization(
  em: EntityManager,
  idOrName: string,
): Promise<{ id: number; name: string }> {
  if (/^\d{1,10}$/.test(idOrName)) {
    const [row] = await em.execute<{ id: number; name: string }[]>(
      'select id, name from organizations where id = ?',
      [Number(idOrName)],
    );
    if (row) return row;
  }
  return requireOrganization(em, await organizationIdByName(em, idOrName));
}

function snapshot(view: OrganizationView): Record<string, unknown> {
  const { createdAt: _createdAt, createdOn: _createdOn, status: _status, ...rest } = view;
  return rest;
}

async function checkAgencies(em: EntityManager, agencyIds: number[]): Promise<void> {
  if (agencyIds.length === 0) return;
  const found = await em.count(CertificationAgency, { id: { $in: agencyIds } });
  if (found !== agencyIds.length) throw fieldError('agencyIds', STAFF_MESSAGES.unknownAgency);
}

async function defaultAgencyIds(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from certification_agencies where lower(name) in (?) order by id',
    [ORGANIZATION_DEFAULTS.agencies.map((name) => name.toLowerCase())],
  );
  return rows.map((row) => row.id);
}

function isNameTaken(error: unknown): boolean {
  return (
    error instanceof UniqueConstraintViolationException &&
    /organizations_name_lower_unique/.test(
      String((error as { constraint?: string }).constraint ?? error.message),
    )
  );
}

async function nameTakenCheck(em: EntityManager, name: string, exceptId?: number) {
  const rows = await em.execute<{ id: number }[]>(
    'select id from organizations where lower(name) = lower(?)',
    [name],
  );
  if (rows[0] && rows[0].id !== exceptId) {
    throw fieldError('name', STAFF_MESSAGES.orgNameTaken, 409);
  }
}

async function replaceAgencies(em: EntityManager, organizationId: number, agencyIds: number[]) {
  await em.nativeDelete(OrganizationAgency, { organization: organizationId });
  for (const agency of agencyIds) {
    em.create(OrganizationAgency, { organization: organizationId, agency });
  }
}

export async function createOrganization(
  em: EntityManager,
  actor: Actor,
  input: OrganizationInput,
): Promise<OrganizationDetail> {
  await nameTakenCheck(em, input.name);
  const agencyIds = input.agencyIds ?? (await defaultAgencyIds(em));
  await checkAgencies(em, agencyIds);
  try {
    return await em.transactional(async (tx) => {
      const organization = tx.create(Organization, {
        name: input.name,
        formHash: newFormHash(),
        primaryEmail: input.primaryEmail,
        extraEmails: input.extraEmails,
        reportFrequency: input.reportFrequency as TEmailFrequency,
        allowedUntil: input.allowedUntil,
        requiredCertifications: input.requiredCertifications,
        formBanner: input.formBanner,
        homeBanner: input.homeBanner,
        internalNotes: input.internalNotes,
        lastReportSentAt: null,
      });
      await tx.flush();
      await replaceAgencies(tx, organization.id, agencyIds);
      await tx.flush();
      const created = await getOrganization(tx, organization.id);
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'organization',
        entityId: organization.id,
        before: null,
        after: snapshot(created),
      });
      return created;
    });
  } catch (error) {
    // Two staff creating the same name at once: the unique index decides.
    if (isNameTaken(error)) throw fieldError('name', STAFF_MESSAGES.orgNameTaken, 409);
    throw error;
  }
}

export async function updateOrganization(
  em: EntityManager,
  actor: Actor,
  id: number,
  changes: OrganizationChanges,
): Promise<OrganizationDetail> {
  const before = await getOrganization(em, id);
  if (changes.name !== undefined && changes.name.trim() !== before.name) {
    throw fieldError('name', STAFF_MESSAGES.orgNameImmutable);
  }
  if (changes.agencyIds) await checkAgencies(em, changes.agencyIds);
  return em.transactional(async (tx) => {
    const organization = await tx.findOneOrFail(Organization, { id });
    const { agencyIds, name: _name, ...fields } = changes;
    // Absent fields keep their values (assign refuses undefined).
    const present = Object.fromEntries(
      Object.entries(fields).filter(([, value]) => value !== undefined),
    );
    tx.assign(organization, {
      ...present,
      reportFrequency: (fields.reportFrequency ?? organization.reportFrequency) as TEmailFrequency,
    });
    if (agencyIds) await replaceAgencies(tx, id, agencyIds);
    await tx.flush();
    const after = await getOrganization(tx, id);
    recordAudit(tx, actor, {
      action: 'update',
      entityType: 'organization',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after;
  });
}

export async function deleteOrganization(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<OrganizationDetail> {
  const before = await getOrganization(em, id);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(Organization, { id });
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'organization',
      entityId: id,
      before: snapshot(before),
      after: null,
    });
  });
  return before;
}

/** Word-prefix query for name_words: every typed word must start a word of the name. */
export function wordPrefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word) => `${word}:*`).join(' & ');
}

export interface OrganizationFilter {
  ids?: number[];
  /** Word prefixes of the name. */
  q?: string;
  status?: TOrganizationStatus;
}

const ORGANIZATION_SORTS: Record<string, string> = {
  id: 'o.id',
  name: 'lower(o.name)',
  allowedUntil: 'o.allowed_until',
  createdAt: 'o.created_at',
};
export const ORGANIZATION_SORT_FIELDS = Object.keys(ORGANIZATION_SORTS);

function organizationWhere(filter: OrganizationFilter, today: string) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.ids) {
    where.push(filter.ids.length > 0 ? 'o.id in (?)' : 'false');
    if (filter.ids.length > 0) params.push(filter.ids);
  }
  if (filter.q !== undefined) {
    const query = wordPrefixQuery(filter.q);
    if (query) {
      // organizations_name_words_idx
      where.push("o.name_words @@ to_tsquery('simple', ?)");
      params.push(query);
    }
  }
  if (filter.status === 'active') {
    where.push('o.allowed_until >= ?::date');
    params.push(today);
  } else if (filter.status === 'inactive') {
    where.push('o.allowed_until < ?::date');
    params.push(today);
  }
  return { clause: where.length > 0 ? `where ${where.join(' and ')}` : '', params };
}

/**
 * A word search counts its matches up to this many; past it the total is "more than" (null).
 * An exact count of a common word reads every match (most of a large table), while the page
 * itself reads a few rows; no registration program has this many organizations.
 */
export const WORD_SEARCH_COUNT_CAP = 2000;

/**
 * One page of the organizations matching a word search, in name order, and their count up to
 * WORD_SEARCH_COUNT_CAP. One statement reads the first CAP + 1 matches through the words index
 * (id and name only), counts them and, when that is all of them, sorts them for the page and
 * joins the page's rows; a word matching more organizations is common enough that walking the
 * name order fills the page early, so that is the second plan (total null).
 */
async function wordSearchPage<T>(
  em: EntityManager,
  columns: string,
  where: { clause: string; params: unknown[] },
  page: { order: 'asc' | 'desc'; offset: number; limit: number },
): Promise<{ rows: T[]; total: number | null }> {
  const direction = page.order;
  const found = await em.execute<(T & { total: number; id: number | null })[]>(
    `with matches as materialized (
       select o.id, lower(o.name) as name_key from organizations o ${where.clause}
        limit ${WORD_SEARCH_COUNT_CAP + 1})
     select counted.total, ${columns}
       from (select count(*)::int as total from matches) counted
       left join lateral (select * from matches
                           order by name_key ${direction}, id ${direction} limit ? offset ?) m on true
       left join organizations o on o.id = m.id
      order by m.name_key ${direction}, m.id ${direction}`,
    [...where.params, page.limit, page.offset],
  );
  const total = found[0]?.total ?? 0;
  if (total <= WORD_SEARCH_COUNT_CAP) {
    return { rows: found.filter((row) => row.id !== null), total };
  }
  const rows = await em.execute<T[]>(
    `select ${columns} from organizations o ${where.clause}
      order by lower(o.name) ${direction}, o.id ${direction} limit ? offset ?`,
    [...where.params, page.limit, page.offset],
  );
  return { rows, total: null };
}

export async function listOrganizations(
  em: EntityManager,
  filter: OrganizationFilter,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: OrganizationView[]; total: number | null }> {
  const today = todayUtc();
  const where = organizationWhere(filter, today);
  const direction = page.order === 'DESC' ? 'desc' : 'asc';
  const byName = !ORGANIZATION_SORTS[page.sort] || page.sort === 'name';
  const wordSearch = filter.q !== undefined && wordPrefixQuery(filter.q) !== undefined;
  if (byName && wordSearch) {
    const found = await wordSearchPage<OrganizationRow>(em, ORGANIZATION_COLUMNS, where, {
      order: direction,
      offset: page.offset,
      limit: page.limit,
    });
    return { rows: await viewsFor(em, found.rows), total: found.total };
  }
  // The page and the total are independent: asked at once, on two connections.
  const [rows, [count]] = await Promise.all([
    em.execute<OrganizationRow[]>(
      `select ${ORGANIZATION_COLUMNS} from organizations o ${where.clause}
        order by ${ORGANIZATION_SORTS[page.sort] ?? 'lower(o.name)'} ${direction},
                 o.id ${direction}
        limit ? offset ?`,
      [...where.params, page.limit, page.offset],
    ),
    em.execute<{ total: number }[]>(
      wordSearch
        ? `select count(*)::int as total from (
             select 1 from organizations o ${where.clause} limit ${WORD_SEARCH_COUNT_CAP + 1}) o`
        : `select count(*)::int as total from organizations o ${where.clause}`,
      where.params,
    ),
  ]);
  const total = count?.total ?? 0;
  return {
    rows: await viewsFor(em, rows),
    total: total > WORD_SEARCH_COUNT_CAP ? null : total,
  };
}

/** Organizations whose name has a word starting with each typed word: [{id, name}]. */
export async function searchOrganizations(
  em: EntityManager,
  text: string,
  limit = 50,
): Promise<{ id: number; name: string }[]> {
  if (!wordPrefixQuery(text)) return [];
  const found = await wordSearchPage<{ id: number; name: string }>(
    em,
    'o.id, o.name',
    organizationWhere({ q: text }, todayUtc()),
    { order: 'asc', offset: 0, limit },
  );
  return found.rows.map(({ id, name }) => ({ id, name }));
}

/** Every organization of one status, by name: the active and inactive lists. */
export async function organizationsByStatus(
  em: EntityManager,
  status: TOrganizationStatus,
): Promise<{ id: number; name: string; createdOn: string; allowedUntil: string }[]> {
  const comparison = status === 'active' ? '>=' : '<';
  const rows = await em.execute<
    { id: number; name: string; created_on: string; allowed_until: string }[]
  >(
    `select id, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as created_on,
            to_char(allowed_until, 'YYYY-MM-DD') as allowed_until
       from organizations where allowed_until ${comparison} ?::date
      order by lower(name), id`,
    [todayUtc()],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdOn: row.created_on,
    allowedUntil: row.allowed_until,
  }));
}

/** How many people registered for the organization. */
export async function countRegistrations(
  em: EntityManager,
  organizationId: number,
): Promise<number> {
  const [row] = await em.execute<{ total: number }[]>(
    'select count(*)::int as total from registrations where organization_id = ?',
    [organizationId],
  );
  return row?.total ?? 0;
}

/** id → name of every organization, by name. */
export async function organizationNames(em: EntityManager): Promise<Record<string, string>> {
  const rows = await em.execute<{ id: number; name: string }[]>(
    'select id, name from organizations order by lower(name), id',
  );
  return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
}
