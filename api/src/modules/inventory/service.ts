import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVENTORY_MESSAGES,
  type TAssemblyFields,
  type TLocationFields,
} from '../../../../shared/assemblies.js';
import {
  DEFAULT_TESTING_RULES,
  firstTestDue,
  nextTestDue,
  type TTestingRules,
} from '../../../../shared/assembly-due.js';
import type {
  TAssemblyCreate,
  TAssemblyRecord,
  TLocationRecord,
} from '../../../../shared/inventory-api.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { Assembly, Location, Organization } from '../../db/entities/index.js';
import { AppError, fieldError, fieldErrors, uniqueField } from '../../errors.js';
import { refreshCompliance } from '../assembly-compliance/service.js';
import { type Actor, recordAudit } from '../audit/service.js';
import {
  inScope,
  type OrganizationScope,
  organizationForNew,
  scopeOfActor,
} from '../organization-access/scope.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { assemblyChanged, locationChanged } from '../webhooks/payloads.js';
import {
  type AssemblyConditions,
  type AssemblyRow,
  assembliesPage,
  assemblyForTest,
  assemblyNumbered,
  type InventoryPage,
  type LocationConditions,
  type LocationRow,
  locationsPage,
  testingRulesForShare,
} from './queries.js';

// An organization's inventory: its locations (the utility's accounts at their service
// addresses, with their contacts) and the backflow assemblies at each. Every change is one
// transaction with its audit entry and its webhook event; an assembly's next test due is
// computed from the organization's testing rules (shared/assembly-due.ts).

export { ASSEMBLY_SORT_FIELDS, LOCATION_SORT_FIELDS } from './queries.js';

const day = (value: string | Date | null): string | null =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);

function toLocation(row: LocationRow): TLocationRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    accountNumber: row.account_number,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    notes: row.notes,
    contacts: row.contacts ?? {},
    assemblyCount: row.assembly_count,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The columns of an assembly's row that hold its own fields. */
export type AssemblyFieldsRow = Pick<
  AssemblyRow,
  | 'assembly_id'
  | 'serial'
  | 'type'
  | 'make'
  | 'model'
  | 'size_inches'
  | 'hazard'
  | 'service'
  | 'placement'
  | 'installed_on'
  | 'status'
  | 'replaced_by'
  | 'last_tested_on'
  | 'last_result'
  | 'next_due_on'
>;

/**
 * An assembly's own fields from its database row (days as YYYY-MM-DD): one mapping for the
 * record the console reads and for the snapshots the audit and the import keep.
 */
export const assemblyFieldsOfRow = (row: AssemblyFieldsRow) => ({
  assemblyId: row.assembly_id,
  serial: row.serial,
  type: row.type,
  make: row.make,
  model: row.model,
  sizeInches: row.size_inches === null ? null : Number(row.size_inches),
  hazard: row.hazard,
  service: row.service,
  placement: row.placement,
  installedOn: day(row.installed_on),
  status: row.status,
  replacedBy: row.replaced_by ?? '',
  lastTestedOn: day(row.last_tested_on),
  lastResult: row.last_result,
  nextDueOn: day(row.next_due_on),
});

function toAssembly(row: AssemblyRow): TAssemblyRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    locationId: row.location_id,
    accountNumber: row.account_number,
    address: [row.address1, row.city].filter(Boolean).join(', '),
    ...assemblyFieldsOfRow(row),
    complianceStatus: row.compliance_status,
    retestBy: day(row.retest_by),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

type ListPage = { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number };
const pageOf = (page: ListPage): InventoryPage => ({
  sort: page.sort,
  descending: page.order === 'DESC',
  offset: page.offset,
  limit: page.limit,
});

export async function listLocations(
  em: EntityManager,
  filter: LocationConditions,
  page: ListPage,
): Promise<{ rows: TLocationRecord[]; total: number | null }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await locationsPage(em, filter, pageOf(page));
  return { rows: rows.map(toLocation), total };
}

export async function getLocation(em: EntityManager, id: number): Promise<TLocationRecord> {
  const { rows } = await listLocations(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(INVENTORY_MESSAGES.locationNotFound);
  return rows[0];
}

export async function listAssemblies(
  em: EntityManager,
  filter: AssemblyConditions,
  page: ListPage,
): Promise<{ rows: TAssemblyRecord[]; total: number | null }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await assembliesPage(em, filter, pageOf(page));
  return { rows: rows.map(toAssembly), total };
}

export async function getAssembly(em: EntityManager, id: number): Promise<TAssemblyRecord> {
  const { rows } = await listAssemblies(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(INVENTORY_MESSAGES.assemblyNotFound);
  return rows[0];
}

/** What the audit log and webhooks keep of a location. */
export const locationSnapshot = (location: TLocationFields) => ({
  accountNumber: location.accountNumber,
  name: location.name,
  address1: location.address1,
  address2: location.address2,
  city: location.city,
  state: location.state,
  zip: location.zip,
  notes: location.notes,
  contacts: location.contacts,
});

const accountNumberUnique = <T>(write: () => Promise<T>) =>
  uniqueField('accountNumber', INVENTORY_MESSAGES.accountNumberTaken, write);

export async function createLocation(
  em: EntityManager,
  actor: Actor,
  body: TLocationFields & { organizationId?: number },
): Promise<TLocationRecord> {
  const organizationId = organizationForNew(scopeOfActor(actor), body.organizationId ?? null);
  if (organizationId === null) {
    throw fieldError('organizationId', 'Please choose an organization.');
  }
  const organization = await em.findOne(Organization, { id: organizationId });
  if (!organization) throw AppError.notFound('Organization not found.');
  const { organizationId: _named, ...fields } = body;
  const id = await accountNumberUnique(() =>
    em.transactional(async (tx) => {
      const location = tx.create(Location, { ...fields, organization: organizationId });
      await tx.flush();
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'location',
        entityId: location.id,
        organizationId,
        before: null,
        after: locationSnapshot(fields),
      });
      recordWebhookEvent(
        tx,
        locationChanged('created', {
          id: location.id,
          organization_id: organizationId,
          account_number: fields.accountNumber,
        }),
      );
      return location.id;
    }),
  );
  return getLocation(em, id);
}

export async function updateLocation(
  em: EntityManager,
  actor: Actor,
  id: number,
  body: TLocationFields,
): Promise<TLocationRecord> {
  const before = await getLocation(em, id);
  const changed = Object.entries(locationSnapshot(body)).some(
    ([field, value]) =>
      JSON.stringify(value) !== JSON.stringify(before[field as keyof TLocationRecord]),
  );
  if (!changed) return before;
  await accountNumberUnique(() =>
    em.transactional(async (tx) => {
      await tx.nativeUpdate(Location, { id }, locationSnapshot(body));
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'location',
        entityId: id,
        organizationId: before.organizationId,
        before: locationSnapshot(before),
        after: locationSnapshot(body),
      });
      recordWebhookEvent(
        tx,
        locationChanged('updated', {
          id,
          organization_id: before.organizationId,
          account_number: body.accountNumber,
        }),
      );
    }),
  );
  return getLocation(em, id);
}

/**
 * When an assembly's next test is due: computed from its last test on file by the
 * organization's rules (a failed one leaves it due at once), else the utility's own date,
 * else its installation.
 */
export function dueOf(
  rules: TTestingRules,
  assembly: Pick<TAssemblyFields, 'hazard' | 'lastTestedOn' | 'lastResult' | 'installedOn'> & {
    nextDueOn: string | null;
    lastTestDueOn: string | null;
  },
): string | null {
  if (assembly.lastTestedOn) {
    return nextTestDue(rules, {
      hazard: assembly.hazard,
      testedOn: assembly.lastTestedOn,
      passed: assembly.lastResult !== 'fail',
      dueOn: assembly.lastTestDueOn,
    });
  }
  return assembly.nextDueOn ?? firstTestDue(assembly.installedOn);
}

/** The days an assembly's record may not place after today (the program's time zone). */
function refuseFutureDays(fields: TAssemblyFields): void {
  const today = todayInProgramZone();
  const errors: Record<string, string> = {};
  for (const field of ['installedOn', 'lastTestedOn'] as const) {
    const value = fields[field];
    if (value && value > today) errors[field] = INVENTORY_MESSAGES.dateInFuture;
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** The location an assembly is placed at: one the request may touch, else as if none existed. */
async function locationInScope(em: EntityManager, scope: OrganizationScope, locationId: number) {
  const location = await em.findOne(Location, { id: locationId });
  if (!location || !inScope(scope, location.organization.id)) {
    throw fieldError('locationId', INVENTORY_MESSAGES.locationNotFound, 404);
  }
  return location;
}

/**
 * The fields with the replacement's assembly ID as it is on file, and its id; a field error
 * when the organization has no such other assembly.
 */
async function withReplacement(
  em: EntityManager,
  organizationId: number,
  fields: TAssemblyCreate,
  self: number | null,
): Promise<{ body: TAssemblyCreate; replacedBy: number | null }> {
  if (fields.status !== 'replaced')
    return { body: { ...fields, replacedBy: '' }, replacedBy: null };
  const found = await assemblyNumbered(em, { organizationId, assemblyId: fields.replacedBy });
  if (found === null || found.id === self) {
    throw fieldError('replacedBy', INVENTORY_MESSAGES.assemblyNotFound);
  }
  return { body: { ...fields, replacedBy: found.assemblyId }, replacedBy: found.id };
}

/** What the audit log and webhooks keep of an assembly. */
export const assemblySnapshot = (
  assembly: TAssemblyFields & { locationId: number; nextDueOn: string | null },
) => ({
  locationId: assembly.locationId,
  assemblyId: assembly.assemblyId,
  serial: assembly.serial,
  type: assembly.type,
  make: assembly.make,
  model: assembly.model,
  sizeInches: assembly.sizeInches,
  hazard: assembly.hazard,
  service: assembly.service,
  placement: assembly.placement,
  installedOn: assembly.installedOn,
  status: assembly.status,
  replacedBy: assembly.replacedBy,
  lastTestedOn: assembly.lastTestedOn,
  lastResult: assembly.lastResult,
  nextDueOn: assembly.nextDueOn,
});

/** The audit's snapshot of an assembly as its database row holds it. */
export const assemblyRowSnapshot = (row: AssemblyFieldsRow & Pick<AssemblyRow, 'location_id'>) =>
  assemblySnapshot({ ...assemblyFieldsOfRow(row), locationId: row.location_id });

/** The organization's rules, held against a change of them until the transaction ends. */
const rulesOf = async (em: EntityManager, organizationId: number): Promise<TTestingRules> =>
  (await testingRulesForShare(em, { organizationId })) ?? DEFAULT_TESTING_RULES;

const assemblyIdUnique = <T>(write: () => Promise<T>) =>
  uniqueField('assemblyId', INVENTORY_MESSAGES.assemblyIdTaken, write);

/** The columns an assembly's fields write. */
function columnsOf(body: TAssemblyCreate, replacedBy: number | null) {
  return {
    location: body.locationId,
    assemblyId: body.assemblyId,
    serial: body.serial,
    type: body.type,
    make: body.make,
    model: body.model,
    sizeInches: body.sizeInches,
    hazard: body.hazard,
    service: body.service,
    placement: body.placement,
    installedOn: body.installedOn,
    status: body.status,
    replacedBy,
    lastTestedOn: body.lastTestedOn,
    lastResult: body.lastResult,
  };
}

export async function createAssembly(
  em: EntityManager,
  actor: Actor,
  fields: TAssemblyCreate,
): Promise<TAssemblyRecord> {
  refuseFutureDays(fields);
  const location = await locationInScope(em, scopeOfActor(actor), fields.locationId);
  const organizationId = location.organization.id;
  const { body, replacedBy } = await withReplacement(em, organizationId, fields, null);
  const id = await assemblyIdUnique(() =>
    em.transactional(async (tx) => {
      const nextDueOn = dueOf(await rulesOf(tx, organizationId), { ...body, lastTestDueOn: null });
      const assembly = tx.create(Assembly, {
        ...columnsOf(body, replacedBy),
        organization: organizationId,
        lastTestDueOn: null,
        nextDueOn,
      });
      await tx.flush();
      recordAudit(tx, actor, {
        action: 'create',
        entityType: 'assembly',
        entityId: assembly.id,
        organizationId,
        before: null,
        after: assemblySnapshot({ ...body, nextDueOn }),
      });
      await refreshCompliance(tx, {
        organizationId,
        assemblyIds: [assembly.id],
        reason: 'assembly_added',
      });
      recordWebhookEvent(
        tx,
        assemblyChanged('created', {
          id: assembly.id,
          organization_id: organizationId,
          location_id: location.id,
          assembly_number: body.assemblyId,
          type: body.type,
          status: body.status,
          next_due_on: nextDueOn,
        }),
      );
      return assembly.id;
    }),
  );
  return getAssembly(em, id);
}

export async function updateAssembly(
  em: EntityManager,
  actor: Actor,
  id: number,
  fields: TAssemblyCreate,
): Promise<TAssemblyRecord> {
  refuseFutureDays(fields);
  const before = await getAssembly(em, id);
  const stored = await em.findOneOrFail(Assembly, { id });
  const location = await locationInScope(em, scopeOfActor(actor), fields.locationId);
  if (location.organization.id !== before.organizationId) {
    throw fieldError('locationId', INVENTORY_MESSAGES.locationNotFound, 404);
  }
  const { body, replacedBy } = await withReplacement(em, before.organizationId, fields, id);
  // The same last test keeps the due date it counted for (its anniversary); another starts anew.
  const sameTest =
    body.lastTestedOn === before.lastTestedOn && body.lastResult === before.lastResult;
  const lastTestDueOn = sameTest ? day(stored.lastTestDueOn ?? null) : null;
  const previous = assemblySnapshot(before);
  await assemblyIdUnique(() =>
    em.transactional(async (tx) => {
      const nextDueOn =
        sameTest && body.lastTestedOn && body.hazard === before.hazard
          ? before.nextDueOn
          : dueOf(await rulesOf(tx, before.organizationId), { ...body, lastTestDueOn });
      const after = assemblySnapshot({ ...body, nextDueOn });
      if (JSON.stringify(after) === JSON.stringify(previous)) return;
      await tx.nativeUpdate(
        Assembly,
        { id },
        { ...columnsOf(body, replacedBy), lastTestDueOn, nextDueOn },
      );
      recordAudit(tx, actor, {
        action: 'update',
        entityType: 'assembly',
        entityId: id,
        organizationId: before.organizationId,
        before: previous,
        after,
      });
      await refreshCompliance(tx, {
        organizationId: before.organizationId,
        assemblyIds: [id],
        reason: 'record_changed',
      });
      const removed = before.status === 'active' && body.status !== 'active';
      recordWebhookEvent(
        tx,
        assemblyChanged(removed ? 'removed' : 'updated', {
          id,
          organization_id: before.organizationId,
          location_id: body.locationId,
          assembly_number: body.assemblyId,
          type: body.type,
          status: body.status,
          next_due_on: nextDueOn,
        }),
      );
    }),
  );
  return getAssembly(em, id);
}

/**
 * An accepted test on the assembly's record, in the caller's transaction: its day and result
 * become the last test on file, and the next due date follows by the organization's rules (the
 * due date on file is the one the test counted for, so a test in the early window keeps the
 * anniversary). A test older than the one on file changes nothing. Audited and announced.
 */
export async function recordAcceptedTest(
  tx: EntityManager,
  actor: Actor,
  id: number,
  test: { testedOn: string; result: 'pass' | 'fail' },
): Promise<void> {
  const row = await assemblyForTest(tx, id);
  if (!row) throw AppError.notFound(INVENTORY_MESSAGES.assemblyNotFound);
  const before = toAssembly(row);
  if (before.lastTestedOn !== null && test.testedOn < before.lastTestedOn) return;
  const rules = row.testing_rules ?? DEFAULT_TESTING_RULES;
  // Another test the same day (a retest after a repair) counts for the due date the first did.
  const lastTestDueOn =
    test.testedOn === before.lastTestedOn ? day(row.last_test_due_on) : before.nextDueOn;
  const nextDueOn = nextTestDue(rules, {
    hazard: before.hazard,
    testedOn: test.testedOn,
    passed: test.result === 'pass',
    dueOn: lastTestDueOn,
  });
  await tx.nativeUpdate(
    Assembly,
    { id },
    { lastTestedOn: test.testedOn, lastResult: test.result, lastTestDueOn, nextDueOn },
  );
  const after = { ...before, lastTestedOn: test.testedOn, lastResult: test.result, nextDueOn };
  recordAudit(tx, actor, {
    action: 'update',
    entityType: 'assembly',
    entityId: id,
    organizationId: before.organizationId,
    before: assemblySnapshot(before),
    after: assemblySnapshot(after),
  });
  await refreshCompliance(tx, {
    organizationId: before.organizationId,
    assemblyIds: [id],
    reason: test.result === 'pass' ? 'test_passed' : 'test_failed',
    rules,
  });
  recordWebhookEvent(
    tx,
    assemblyChanged('updated', {
      id,
      organization_id: before.organizationId,
      location_id: before.locationId,
      assembly_number: before.assemblyId,
      type: before.type,
      status: before.status,
      next_due_on: nextDueOn,
    }),
  );
}
