import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrgInfo } from '../../../../shared/registration.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { AgencyType, CertificationAgency, CertificationType } from '../../db/entities/index.js';
import { AppError, fieldError, uniqueField } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import {
  countNamed,
  idOfName,
  type NamedList,
  namedPage,
  nameListWhere,
  typesOfAgencies,
} from './queries.js';

// Certification agencies, types and which types each agency certifies. Names are unique
// case-insensitively (lower(name) indexes); the database decides under concurrency.

interface TypeRecord {
  id: number;
  name: string;
}

interface AgencyRecord {
  id: number;
  name: string;
  typeIds: number[];
  types: TypeRecord[];
}

interface NameListFilter {
  ids?: number[];
  /** Part of the name, case-insensitive. */
  q?: string;
}

interface ListPage {
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

export const NAME_SORT_FIELDS = ['id', 'name'];

const EVERY_NAME: ListPage = { sort: 'name', order: 'ASC', offset: 0, limit: 1000 };

/** One page of agencies or types (id and name) and how many match. */
async function listNamed(
  em: EntityManager,
  table: NamedList,
  filter: NameListFilter,
  page: ListPage,
) {
  const where = nameListWhere(filter);
  const rows = await namedPage(em, {
    table,
    where,
    page: { ...page, direction: page.order === 'DESC' ? 'desc' : 'asc' },
  });
  return { rows, total: await countNamed(em, { table, where }) };
}

export function listTypes(
  em: EntityManager,
  filter: NameListFilter = {},
  page: ListPage = EVERY_NAME,
): Promise<{ rows: TypeRecord[]; total: number }> {
  return listNamed(em, 'types', filter, page);
}

export async function listAgencies(
  em: EntityManager,
  filter: NameListFilter = {},
  page: ListPage = EVERY_NAME,
): Promise<{ rows: AgencyRecord[]; total: number }> {
  const { rows: agencies, total } = await listNamed(em, 'agencies', filter, page);
  const links =
    agencies.length === 0
      ? []
      : await typesOfAgencies(em, { agencyIds: agencies.map((agency) => agency.id) });
  const rows = agencies.map((agency) => {
    const types = links
      .filter((link) => link.agency_id === agency.id)
      .map((link) => ({ id: link.type_id, name: link.type }));
    return { ...agency, types, typeIds: types.map((type) => type.id).sort((a, b) => a - b) };
  });
  return { rows, total };
}

/**
 * org_associated_certs, the wire shape of agencies with their types (an organization's enabled
 * agencies, or every agency): agency id → {agency, associatedTypes: type id → name}.
 */
export function toAssociatedCertifications(
  agencies: { id: number; name: string; types: TypeRecord[] }[],
): TOrgInfo['org_associated_certs'] {
  return Object.fromEntries(
    agencies.map((agency) => [
      String(agency.id),
      {
        agency: agency.name,
        associatedTypes: Object.fromEntries(
          agency.types.map((type) => [String(type.id), type.name]),
        ),
      },
    ]),
  );
}

export async function getAgency(em: EntityManager, id: number): Promise<AgencyRecord> {
  const { rows } = await listAgencies(em, { ids: [id] });
  if (!rows[0]) throw AppError.notFound(STAFF_MESSAGES.agencyNotFound);
  return rows[0];
}

export async function getType(em: EntityManager, id: number): Promise<TypeRecord> {
  const { rows } = await listTypes(em, { ids: [id] });
  if (!rows[0]) throw AppError.notFound(STAFF_MESSAGES.typeNotFound);
  return rows[0];
}

async function idByName(
  em: EntityManager,
  table: NamedList,
  name: string,
): Promise<number | undefined> {
  return (await idOfName(em, { table, name: name.trim() }))?.id;
}

export async function agencyIdByName(em: EntityManager, name: string): Promise<number> {
  const id = await idByName(em, 'agencies', name);
  if (id === undefined) throw AppError.notFound(STAFF_MESSAGES.agencyNotFound);
  return id;
}

export async function typeIdByName(em: EntityManager, name: string): Promise<number> {
  const id = await idByName(em, 'types', name);
  if (id === undefined) throw AppError.notFound(STAFF_MESSAGES.typeNotFound);
  return id;
}

/** Runs a write; a duplicate name (however it arrives) answers 409 on the name field. */
const uniqueName = <T>(message: string, write: () => Promise<T>) =>
  uniqueField('name', message, write);

async function checkTypes(em: EntityManager, typeIds: number[]) {
  if (typeIds.length === 0) return;
  const found = await em.count(CertificationType, { id: { $in: typeIds } });
  if (found !== typeIds.length) throw fieldError('typeIds', STAFF_MESSAGES.unknownType);
}

function agencySnapshot(agency: AgencyRecord) {
  return { name: agency.name, typeIds: agency.typeIds };
}

export async function createAgency(
  em: EntityManager,
  actor: Actor,
  input: { name: string; typeIds?: number[] },
): Promise<AgencyRecord> {
  if (await idByName(em, 'agencies', input.name)) {
    throw fieldError('name', STAFF_MESSAGES.agencyExists, 409);
  }
  const typeIds = input.typeIds ?? [];
  await checkTypes(em, typeIds);
  const id = await uniqueName(STAFF_MESSAGES.agencyExists, () =>
    em.transactional(async (tx) => {
      const agency = tx.create(CertificationAgency, { name: input.name });
      await tx.flush();
      for (const type of typeIds) tx.create(AgencyType, { agency: agency.id, type });
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'agency',
        entityId: agency.id,
        before: null,
        after: { name: input.name, typeIds },
      });
      return agency.id;
    }),
  );
  return getAgency(em, id);
}

export async function updateAgency(
  em: EntityManager,
  actor: Actor,
  id: number,
  changes: { name?: string; typeIds?: number[] },
): Promise<AgencyRecord> {
  const before = await getAgency(em, id);
  if (changes.name !== undefined) {
    const other = await idByName(em, 'agencies', changes.name);
    if (other !== undefined && other !== id)
      throw fieldError('name', STAFF_MESSAGES.agencyExists, 409);
  }
  if (changes.typeIds) await checkTypes(em, changes.typeIds);
  await uniqueName(STAFF_MESSAGES.agencyExists, () =>
    em.transactional(async (tx) => {
      if (changes.name !== undefined) {
        await tx.nativeUpdate(CertificationAgency, { id }, { name: changes.name });
      }
      if (changes.typeIds) {
        await tx.nativeDelete(AgencyType, { agency: id });
        for (const type of changes.typeIds) tx.create(AgencyType, { agency: id, type });
      }
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'agency',
        entityId: id,
        before: agencySnapshot(before),
        after: {
          name: changes.name ?? before.name,
          typeIds: changes.typeIds ? [...changes.typeIds].sort((a, b) => a - b) : before.typeIds,
        },
      });
    }),
  );
  return getAgency(em, id);
}

/**
 * Deletes an agency everywhere: its type links and its place on every organization's form go
 * with it; recorded certifications keep the agency's name.
 */
export async function deleteAgency(
  em: EntityManager,
  actor: Actor,
  id: number,
): Promise<AgencyRecord> {
  const before = await getAgency(em, id);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(CertificationAgency, { id });
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'agency',
      entityId: id,
      before: agencySnapshot(before),
      after: null,
    });
  });
  return before;
}

export async function createType(
  em: EntityManager,
  actor: Actor,
  input: { name: string },
): Promise<TypeRecord> {
  if (await idByName(em, 'types', input.name)) {
    throw fieldError('name', STAFF_MESSAGES.typeExists, 409);
  }
  const id = await uniqueName(STAFF_MESSAGES.typeExists, () =>
    em.transactional(async (tx) => {
      const type = tx.create(CertificationType, { name: input.name });
      await tx.flush();
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'type',
        entityId: type.id,
        before: null,
        after: { name: input.name },
      });
      return type.id;
    }),
  );
  return getType(em, id);
}

export async function updateType(
  em: EntityManager,
  actor: Actor,
  id: number,
  changes: { name?: string },
): Promise<TypeRecord> {
  const before = await getType(em, id);
  if (changes.name === undefined) return before;
  const other = await idByName(em, 'types', changes.name);
  if (other !== undefined && other !== id) throw fieldError('name', STAFF_MESSAGES.typeExists, 409);
  await uniqueName(STAFF_MESSAGES.typeExists, () =>
    em.transactional(async (tx) => {
      await tx.nativeUpdate(CertificationType, { id }, { name: changes.name });
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'type',
        entityId: id,
        before: { name: before.name },
        after: { name: changes.name },
      });
    }),
  );
  return getType(em, id);
}

export async function deleteType(em: EntityManager, actor: Actor, id: number): Promise<TypeRecord> {
  const before = await getType(em, id);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(CertificationType, { id });
    recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'type',
      entityId: id,
      before: { name: before.name },
      after: null,
    });
  });
  return before;
}

/**
 * Flips an agency–type association. `currentlyEnabled` is the state the console showed: true
 * removes the link, false adds it. Answers the new state.
 */
export async function toggleAgencyType(
  em: EntityManager,
  actor: Actor,
  agencyId: number,
  typeId: number,
  currentlyEnabled: boolean,
): Promise<boolean> {
  await getAgency(em, agencyId);
  await getType(em, typeId);
  const enable = !currentlyEnabled;
  await em.transactional(async (tx) => {
    const existing = await tx.count(AgencyType, { agency: agencyId, type: typeId });
    if (enable && existing === 0) {
      tx.create(AgencyType, { agency: agencyId, type: typeId });
    } else if (!enable && existing > 0) {
      await tx.nativeDelete(AgencyType, { agency: agencyId, type: typeId });
    } else {
      return;
    }
    recordAudit(tx, actor, {
      action: enable ? 'link' : 'unlink',
      entityType: 'agency_type',
      entityId: `${agencyId}:${typeId}`,
      before: { agencyId, typeId, enabled: existing > 0 },
      after: { agencyId, typeId, enabled: enable },
    });
  });
  return enable;
}
