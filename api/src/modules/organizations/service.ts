import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORGANIZATION_DEFAULTS, type TEmailFrequency } from '../../../../shared/constants.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { STAFF_MESSAGES, type TOrganizationStatus } from '../../../../shared/staff.js';
import { CertificationAgency, Organization, OrganizationAgency } from '../../db/entities/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { newFormHash } from './form-hash.js';
import {
  agenciesWithTypes,
  agencyIdsNamed,
  agencyIdsOfOrganizations,
  allOrganizationNames,
  countedWordMatches,
  countOrganizations,
  organizationIdByName as idOfName,
  ORGANIZATION_SORT_FIELDS,
  type OrganizationConditions,
  type OrganizationRow,
  organizationById,
  organizationNameById,
  organizationPage,
  organizationsOfStatus,
  organizationWhere,
  registrationCount,
} from './queries.js';
import { statusOf } from './status.js';

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
  /** Origins of the sites that may embed the form; empty: any https site. */
  embedOrigins: string[];
  /** Months from a test kit's calibration to the next one. */
  calibrationIntervalMonths: number;
  /** Off: a certification expired before today is refused at registration. */
  acceptExpiredCertifications: boolean;
}

/** An edit: the name may be sent but must not change; absent fields keep their value. */
export type OrganizationChanges = Partial<OrganizationInput>;

interface OrganizationAgencyView {
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
  embedOrigins: string[];
  calibrationIntervalMonths: number;
  acceptExpiredCertifications: boolean;
  status: TOrganizationStatus;
  createdAt: string;
  /** YYYY-MM-DD (UTC). */
  createdOn: string;
}

export interface OrganizationDetail extends OrganizationView {
  agencies: OrganizationAgencyView[];
}

function toView(
  row: OrganizationRow,
  agencyIds: number[],
  today = todayInProgramZone(),
): OrganizationView {
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
    embedOrigins: row.embed_origins ?? [],
    calibrationIntervalMonths: row.calibration_interval_months,
    acceptExpiredCertifications: row.accept_expired_certifications,
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
  for (const row of await agencyIdsOfOrganizations(em, { organizationIds })) {
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
  const today = todayInProgramZone();
  return rows.map((row) => toView(row, agencies.get(row.id) ?? [], today));
}

/** The organization with its enabled agencies and each agency's types. */
export async function getOrganization(em: EntityManager, id: number): Promise<OrganizationDetail> {
  const row = await organizationById(em, { id });
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  const links = await agenciesWithTypes(em, { organizationId: id });
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
  const row = await organizationNameById(em, { id });
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return row;
}

/** The id of the organization with this name (case-insensitive), if there is one. */
async function findOrganizationId(em: EntityManager, name: string): Promise<number | undefined> {
  return (await idOfName(em, { name: name.trim() }))?.id;
}

/** The id of the organization with this name (case-insensitive), or 404. */
export async function organizationIdByName(em: EntityManager, name: string): Promise<number> {
  const id = await findOrganizationId(em, name);
  if (id === undefined) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return id;
}

/** An organization given by id (digits) or by name: its id and name. */
export async function resolveOrganization(
  em: EntityManager,
  idOrName: string,
): Promise<{ id: number; name: string }> {
  if (/^\d{1,10}$/.test(idOrName)) {
    const row = await organizationNameById(em, { id: Number(idOrName) });
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
  const rows = await agencyIdsNamed(em, {
    names: ORGANIZATION_DEFAULTS.agencies.map((name) => name.toLowerCase()),
  });
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

async function nameTakenCheck(em: EntityManager, name: string) {
  if ((await findOrganizationId(em, name)) !== undefined) {
    throw fieldError('name', STAFF_MESSAGES.orgNameTaken, 409);
  }
}

async function replaceAgencies(em: EntityManager, organizationId: number, agencyIds: number[]) {
  await em.nativeDelete(OrganizationAgency, { organization: organizationId });
  for (const agency of agencyIds) {
    em.create(OrganizationAgency, { organization: organizationId, agency });
  }
}

/** Writes a new organization, with a new form hash, and its enabled agencies. */
async function insertOrganization(
  tx: EntityManager,
  input: OrganizationInput & { agencyIds: number[] },
): Promise<{ id: number; formHash: string }> {
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
    embedOrigins: input.embedOrigins,
    calibrationIntervalMonths: input.calibrationIntervalMonths,
    acceptExpiredCertifications: input.acceptExpiredCertifications,
    lastReportSentAt: null,
  });
  await tx.flush();
  await replaceAgencies(tx, organization.id, input.agencyIds);
  await tx.flush();
  return { id: organization.id, formHash: organization.formHash };
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
      const { id } = await insertOrganization(tx, { ...input, agencyIds });
      const created = await getOrganization(tx, id);
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'organization',
        entityId: id,
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

/**
 * Start-up seeding: the organization with this name, or a new one with the form's defaults
 * and the default agencies (not audited: no staff member made it). Answers its form hash.
 */
export async function ensureOrganization(
  em: EntityManager,
  seed: { name: string; primaryEmail: string; internalNotes: string },
): Promise<{ formHash: string; created: boolean }> {
  const existing = await em.findOne(Organization, { name: seed.name }, { fields: ['formHash'] });
  if (existing) return { formHash: existing.formHash, created: false };
  const agencyIds = await defaultAgencyIds(em);
  const created = await em.transactional((tx) =>
    insertOrganization(tx, {
      ...seed,
      extraEmails: [],
      reportFrequency: ORGANIZATION_DEFAULTS.emailFrequency,
      allowedUntil: ORGANIZATION_DEFAULTS.allowedUntil,
      requiredCertifications: ORGANIZATION_DEFAULTS.requiredCertifications,
      formBanner: ORGANIZATION_DEFAULTS.formBanner,
      homeBanner: '',
      embedOrigins: [],
      calibrationIntervalMonths: ORGANIZATION_DEFAULTS.calibrationIntervalMonths,
      acceptExpiredCertifications: false,
      agencyIds,
    }),
  );
  return { formHash: created.formHash, created: true };
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
function wordPrefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  return words.map((word) => `${word}:*`).join(' & ');
}

interface OrganizationFilter {
  ids?: number[];
  /** Word prefixes of the name. */
  q?: string;
  status?: TOrganizationStatus;
}

export { ORGANIZATION_SORT_FIELDS };

function conditionsOf(filter: OrganizationFilter): OrganizationConditions {
  const words = filter.q === undefined ? undefined : wordPrefixQuery(filter.q);
  return {
    ids: filter.ids,
    words,
    status: filter.status && { active: filter.status === 'active', today: todayInProgramZone() },
  };
}

/**
 * A word search counts its matches up to this many; past it the total is "more than" (null).
 * An exact count of a common word reads every match (most of a large table), while the page
 * itself reads a few rows; no registration program has this many organizations.
 */
export const WORD_SEARCH_COUNT_CAP = 2000;

type Page = { order: 'asc' | 'desc'; offset: number; limit: number };

/**
 * One page of the organizations matching a word search, in name order, and their count up to
 * WORD_SEARCH_COUNT_CAP. One statement reads the first CAP + 1 matches through the words index
 * (id and name only), counts them and, when that is all of them, sorts them for the page and
 * joins the page's rows; a word matching more organizations is common enough that walking the
 * name order fills the page early, so that is the second plan (total null).
 */
async function wordSearchPage<S extends 'row' | 'idAndName'>(
  em: EntityManager,
  select: S,
  conditions: OrganizationConditions,
  page: Page,
) {
  const where = organizationWhere(conditions);
  const organizations = { direction: page.order, offset: page.offset, limit: page.limit };
  const found = await countedWordMatches(em, {
    select,
    where,
    cap: WORD_SEARCH_COUNT_CAP,
    page: organizations,
  });
  const total = found[0]?.total ?? 0;
  if (total <= WORD_SEARCH_COUNT_CAP) {
    return { rows: found.filter((row) => row.id !== null), total };
  }
  const rows = await organizationPage(em, { select, where, sort: 'name', page: organizations });
  return { rows, total: null };
}

export async function listOrganizations(
  em: EntityManager,
  filter: OrganizationFilter,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
): Promise<{ rows: OrganizationView[]; total: number | null }> {
  const conditions = conditionsOf(filter);
  const direction = page.order === 'DESC' ? 'desc' : 'asc';
  const byName = !ORGANIZATION_SORT_FIELDS.includes(page.sort) || page.sort === 'name';
  const wordSearch = conditions.words !== undefined;
  if (byName && wordSearch) {
    const found = await wordSearchPage(em, 'row', conditions, {
      order: direction,
      offset: page.offset,
      limit: page.limit,
    });
    return { rows: await viewsFor(em, found.rows), total: found.total };
  }
  const where = organizationWhere(conditions);
  // The page and the total are independent: asked at once, on two connections.
  const [rows, total] = await Promise.all([
    organizationPage(em, {
      select: 'row',
      where,
      sort: page.sort,
      page: { direction, offset: page.offset, limit: page.limit },
    }),
    countOrganizations(em, where, wordSearch ? WORD_SEARCH_COUNT_CAP : undefined),
  ]);
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
  const words = wordPrefixQuery(text);
  if (!words) return [];
  const found = await wordSearchPage(
    em,
    'idAndName',
    { words },
    { order: 'asc', offset: 0, limit },
  );
  return found.rows.map(({ id, name }) => ({ id, name }));
}

/** Every organization of one status, by name: the active and inactive lists. */
export async function organizationsByStatus(
  em: EntityManager,
  status: TOrganizationStatus,
): Promise<{ id: number; name: string; createdOn: string; allowedUntil: string }[]> {
  const rows = await organizationsOfStatus(em, {
    active: status === 'active',
    today: todayInProgramZone(),
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdOn: row.created_on,
    allowedUntil: row.allowed_until,
  }));
}

/** How many people registered for the organization. */
export function countRegistrations(em: EntityManager, organizationId: number): Promise<number> {
  return registrationCount(em, { organizationId });
}

/** id → name of every organization, by name. */
export async function organizationNames(em: EntityManager): Promise<Record<string, string>> {
  const rows = await allOrganizationNames(em);
  return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
}
