import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TAssemblyService,
  TAssemblyStatus,
  TAssemblyType,
  TContacts,
  TTestResult,
} from '../../../../shared/assemblies.js';
import type { TComplianceStatus } from '../../../../shared/assembly-compliance.js';
import type { TAssemblyHazard, TTestingRules } from '../../../../shared/assembly-due.js';
import { escapeLike } from '../../db/like.js';
import {
  idIn,
  query,
  queryComposed,
  type SqlFragment,
  type StatementRunner,
  sql,
  whereAll,
} from '../../db/sql.js';

// An organization's inventory as the console lists it: locations with their assembly counts,
// assemblies with their location's account and address. Every list is of one organization when
// the request is an organization's person's (its indexes lead with organization_id), and counts
// up to INVENTORY_COUNT_UP_TO (past it the list pages without a total, as the audit log does).

export const INVENTORY_COUNT_UP_TO = 10_000;

export interface LocationRow {
  id: number;
  organization_id: number;
  account_number: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
  contacts: TContacts;
  assembly_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface AssemblyRow {
  id: number;
  organization_id: number;
  location_id: number;
  account_number: string;
  address1: string;
  city: string;
  assembly_id: string;
  serial: string;
  type: TAssemblyType;
  make: string;
  model: string;
  size_inches: string | null;
  hazard: TAssemblyHazard;
  service: TAssemblyService;
  placement: string;
  installed_on: string | null;
  status: TAssemblyStatus;
  replaced_by: string | null;
  last_tested_on: string | null;
  last_result: TTestResult | null;
  last_test_due_on: string | null;
  next_due_on: string | null;
  compliance_status: TComplianceStatus | null;
  retest_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface LocationConditions {
  ids?: number[];
  organizationId?: number;
  /** A prefix of the account number, the service address or the name. */
  q?: string;
}

export interface AssemblyConditions {
  ids?: number[];
  organizationId?: number;
  locationId?: number;
  type?: TAssemblyType;
  hazard?: TAssemblyHazard;
  service?: TAssemblyService;
  status?: TAssemblyStatus;
  complianceStatus?: TComplianceStatus;
  /** Due in this month (its first and last day). */
  dueFrom?: string;
  dueTo?: string;
  /** A prefix of the assembly ID, the serial, the location's account number or address. */
  q?: string;
}

export interface InventoryPage {
  sort: string;
  descending: boolean;
  offset: number;
  limit: number;
}

const prefix = (q: string) => `${escapeLike(q.trim().toLowerCase())}%`;

const organizationIs = (column: string, organizationId: number | undefined) =>
  organizationId === undefined
    ? undefined
    : { text: `${column} = :organizationId`, params: { organizationId } };

/** A column as the lists order and search it: lower case, byte order (the indexes' own). */
const folded = (column: string) => `lower(${column}) collate "C"`;

function locationWhere(conditions: LocationConditions): SqlFragment {
  return whereAll([
    idIn('l.id', conditions.ids),
    organizationIs('l.organization_id', conditions.organizationId),
    conditions.q?.trim()
      ? {
          // locations_organization_account_idx, locations_address_idx; over every
          // organization locations_account_order_idx and the *_search_idx
          text: `(${folded('l.account_number')} like :prefix or ${folded('l.address1')} like :prefix
                  or ${folded('l.name')} like :prefix)`,
          params: { prefix: prefix(conditions.q) },
        }
      : undefined,
  ]);
}

function equals<V>(column: string, name: string, value: V | undefined): SqlFragment | undefined {
  return value === undefined
    ? undefined
    : { text: `${column} = :${name}`, params: { [name]: value } };
}

/**
 * The assemblies whose assembly ID or serial, or whose location's account number or address,
 * starts so: each through its own index (in the organization, or over all), as one set, since
 * one condition over both tables could use none of them.
 */
function assemblySearch(prefix: string, organizationId: number | undefined): SqlFragment {
  const own = (column: string) =>
    organizationId === undefined ? '' : ` and ${column} = :organizationId`;
  return {
    text: `a.id in (
             select s.id from assemblies s
              where ${folded('s.assembly_id')} like :prefix${own('s.organization_id')}
             union all
             select s.id from assemblies s
              where ${folded('s.serial')} like :prefix${own('s.organization_id')}
             union all
             select s.id from locations p join assemblies s on s.location_id = p.id
              where (${folded('p.account_number')} like :prefix
                     or ${folded('p.address1')} like :prefix)${own('p.organization_id')})`,
    params: { prefix, ...(organizationId === undefined ? {} : { organizationId }) },
  };
}

function assemblyWhere(conditions: AssemblyConditions): SqlFragment {
  return whereAll([
    idIn('a.id', conditions.ids),
    organizationIs('a.organization_id', conditions.organizationId),
    equals('a.location_id', 'locationId', conditions.locationId),
    equals('a.type', 'type', conditions.type),
    equals('a.hazard', 'hazard', conditions.hazard),
    equals('a.service', 'service', conditions.service),
    equals('a.status', 'status', conditions.status),
    // assemblies_organization_compliance_idx
    equals('a.compliance_status', 'complianceStatus', conditions.complianceStatus),
    conditions.dueFrom && conditions.dueTo
      ? {
          // assemblies_organization_due_idx
          text: 'a.next_due_on between :dueFrom::date and :dueTo::date',
          params: { dueFrom: conditions.dueFrom, dueTo: conditions.dueTo },
        }
      : undefined,
    conditions.q?.trim()
      ? assemblySearch(prefix(conditions.q), conditions.organizationId)
      : undefined,
  ]);
}

const LOCATION_SORTS: Record<string, string> = {
  accountNumber: folded('l.account_number'),
  name: folded('l.name'),
  address1: folded('l.address1'),
  city: 'lower(l.city)',
  createdAt: 'l.created_at',
  updatedAt: 'l.updated_at',
  id: 'l.id',
};
export const LOCATION_SORT_FIELDS = Object.keys(LOCATION_SORTS);

const ASSEMBLY_SORTS: Record<string, string> = {
  assemblyId: folded('a.assembly_id'),
  serial: folded('a.serial'),
  type: 'a.type',
  status: 'a.status',
  nextDueOn: 'a.next_due_on',
  complianceStatus: 'a.compliance_status',
  lastTestedOn: 'a.last_tested_on',
  createdAt: 'a.created_at',
  updatedAt: 'a.updated_at',
  id: 'a.id',
};
export const ASSEMBLY_SORT_FIELDS = Object.keys(ASSEMBLY_SORTS);

/** How many rows match, up to the cap (null past it). */
async function countUpTo(em: EntityManager, name: string, from: string, where: SqlFragment) {
  const [count] = await queryComposed<{ total: number }>(em, name, {
    text: `select count(*)::int as total from (select 1 ${from} ${where.text} limit :countLimit) rows`,
    params: { ...where.params, countLimit: INVENTORY_COUNT_UP_TO + 1 },
  });
  const total = count?.total ?? 0;
  return total > INVENTORY_COUNT_UP_TO ? null : total;
}

/** One page of locations, each with how many assemblies it holds, and how many match. */
export async function locationsPage(
  em: EntityManager,
  conditions: LocationConditions,
  page: InventoryPage,
) {
  const where = locationWhere(conditions);
  const key = LOCATION_SORTS[page.sort] ?? LOCATION_SORTS.accountNumber;
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await queryComposed<LocationRow>(em, 'inventory-locations-page', {
    text: `select l.*,
                  (select count(*)::int from assemblies a where a.location_id = l.id) as assembly_count
             from locations l ${where.text}
            order by ${key} ${direction} nulls last, l.id ${direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const total = await countUpTo(em, 'inventory-locations-count', 'from locations l', where);
  return { rows, total };
}

const ASSEMBLY_COLUMNS = `a.*, l.account_number, l.address1, l.city, r.assembly_id as replaced_by`;
const ASSEMBLY_FROM = `from assemblies a join locations l on l.id = a.location_id
                       left join assemblies r on r.id = a.replaced_by_id`;

/** One page of assemblies with their location's account and address, and how many match. */
export async function assembliesPage(
  em: EntityManager,
  conditions: AssemblyConditions,
  page: InventoryPage,
) {
  const where = assemblyWhere(conditions);
  const key = ASSEMBLY_SORTS[page.sort] ?? ASSEMBLY_SORTS.assemblyId;
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await queryComposed<AssemblyRow>(em, 'inventory-assemblies-page', {
    text: `select ${ASSEMBLY_COLUMNS} ${ASSEMBLY_FROM} ${where.text}
            order by ${key} ${direction} nulls last, a.id ${direction}
            limit :limit offset :offset`,
    params: { ...where.params, limit: page.limit, offset: page.offset },
  });
  const total = await countUpTo(em, 'inventory-assemblies-count', 'from assemblies a', where);
  return { rows, total };
}

const ASSEMBLY_BY_ASSEMBLY_ID = sql<{ organizationId: number; assemblyId: string }>(
  'inventory-assembly-by-assembly-id',
  `select id, assembly_id as "assemblyId" from assemblies
    where organization_id = :organizationId and lower(assembly_id) = lower(:assemblyId)`,
);
/**
 * The organization's assembly with this assembly ID in any letters (assemblies_assembly_id_unique),
 * with the ID as it is on file; null for none.
 */
export async function assemblyNumbered(
  em: EntityManager,
  params: { organizationId: number; assemblyId: string },
): Promise<{ id: number; assemblyId: string } | null> {
  const [row] = await query<{ id: number; assemblyId: string }, typeof params>(
    em,
    ASSEMBLY_BY_ASSEMBLY_ID,
    params,
  );
  return row ?? null;
}

const LOCATION_BY_ACCOUNT = sql<{ organizationId: number; accountNumber: string }>(
  'inventory-location-by-account',
  `select id from locations
    where organization_id = :organizationId and lower(account_number) = lower(:accountNumber)`,
);
/** The organization's location with this account number (locations_account_unique), if any. */
export async function locationNumbered(
  em: EntityManager,
  params: { organizationId: number; accountNumber: string },
): Promise<number | null> {
  const [row] = await query<{ id: number }, typeof params>(em, LOCATION_BY_ACCOUNT, params);
  return row?.id ?? null;
}

const RULES_FOR_SHARE = sql<{ organizationId: number }>(
  'inventory-rules-for-share',
  `select testing_rules from organizations where id = :organizationId for share`,
);
/**
 * The organization's testing rules, its row held against a change of them until the caller's
 * transaction ends: an assembly written meanwhile is due by the rules it was computed with,
 * and a change of the rules waits for it, then computes it again with the rest.
 */
export async function testingRulesForShare(
  em: EntityManager | StatementRunner,
  params: { organizationId: number },
): Promise<TTestingRules | null> {
  const [row] = await query<{ testing_rules: TTestingRules }, typeof params>(
    em,
    RULES_FOR_SHARE,
    params,
  );
  return row?.testing_rules ?? null;
}

const SET_RULES = sql<{ organizationId: number; rules: string }>(
  'inventory-set-testing-rules',
  `update organizations set testing_rules = :rules::jsonb where id = :organizationId
   returning id`,
);
/** Writes the organization's testing rules (and holds its row until the transaction ends). */
export async function setTestingRules(
  em: EntityManager,
  params: { organizationId: number; rules: TTestingRules },
): Promise<boolean> {
  const rows = await query<{ id: number }, { organizationId: number; rules: string }>(
    em,
    SET_RULES,
    { organizationId: params.organizationId, rules: JSON.stringify(params.rules) },
  );
  return rows.length > 0;
}

export interface TestedAssemblyRow {
  id: number;
  hazard: TAssemblyHazard;
  last_tested_on: string;
  last_result: TTestResult | null;
  last_test_due_on: string | null;
  next_due_on: string | null;
}

const TESTED_AFTER = sql<{ organizationId: number; afterId: number; limit: number }>(
  'inventory-tested-after',
  `select id, hazard, last_tested_on::text, last_result, last_test_due_on::text, next_due_on::text
     from assemblies
    where organization_id = :organizationId and last_tested_on is not null and id > :afterId
    order by id limit :limit`,
);
/** The organization's assemblies with a test on file, a batch at a time by id. */
export const testedAssembliesAfter = (
  em: EntityManager,
  params: { organizationId: number; afterId: number; limit: number },
) => query<TestedAssemblyRow, typeof params>(em, TESTED_AFTER, params);

const SET_DUE_DATES = sql<{ dues: string }>(
  'inventory-set-due-dates',
  `update assemblies a set next_due_on = d.due
     from jsonb_to_recordset(:dues::jsonb) as d(id int, due date)
    where a.id = d.id`,
);
/** Each assembly's new next test due, in one statement. */
export async function setDueDates(
  em: EntityManager,
  params: { dues: { id: number; due: string }[] },
): Promise<void> {
  if (params.dues.length > 0) {
    await query(em, SET_DUE_DATES, { dues: JSON.stringify(params.dues) });
  }
}

const ASSEMBLY_FOR_TEST = sql<{ id: number }>(
  'inventory-assembly-for-test',
  `select ${ASSEMBLY_COLUMNS}, o.testing_rules
     ${ASSEMBLY_FROM}
     join organizations o on o.id = a.organization_id
    where a.id = :id
      for update of a
      for share of o`,
);

/**
 * An assembly locked for an accepted test to go on its record, with its organization's testing
 * rules held against a change until the transaction ends.
 */
export async function assemblyForTest(
  em: EntityManager,
  id: number,
): Promise<(AssemblyRow & { testing_rules: TTestingRules | null }) | null> {
  const [row] = await query<AssemblyRow & { testing_rules: TTestingRules | null }, { id: number }>(
    em,
    ASSEMBLY_FOR_TEST,
    { id },
  );
  return row ?? null;
}
