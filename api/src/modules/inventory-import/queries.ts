import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContacts } from '../../../../shared/assemblies.js';
import type {
  TImportChangeKind,
  TImportState,
  TImportSummary,
} from '../../../../shared/inventory-import.js';
import { json, query, type StatementRunner, sql } from '../../db/sql.js';
import type { AssemblyRow } from '../inventory/queries.js';
import type { AssemblyFieldsRow } from '../inventory/service.js';

// An inventory import's rows and its plan's entries, and the set-based writes that apply a plan:
// each statement takes a jsonb list of rows, so a batch of a thousand is one round trip.

/** The request's EntityManager, or a lent connection (the plan's and the apply's batches). */
export type Db = EntityManager | StatementRunner;

/**
 * A statement's jsonb list (its text, some 700 KB for a batch of a thousand rows), which pg
 * takes (toPostgres) as it writes the statement out. Nothing else holds the text: it dies as
 * the statement is sent, young, before the statement waits on the database. Held while the
 * statement ran (by the statement's parameters, which objects of literals keep to its end, and
 * V8 may have placed those in the old generation from the start, as it does objects nearly
 * always alive when it scavenges), a list was a large object that any scavenge meanwhile (V8
 * runs one as the process waits) moved to the old generation, kept there until a full
 * collection: a list's memory for each statement.
 */
export class ListText {
  private text: string;
  constructor(text: string) {
    this.text = text;
  }
  toPostgres(): string {
    const { text } = this;
    this.text = '';
    return text;
  }
}

/** Rows' JSON texts as one jsonb list, as JSON.stringify writes a list of them. */
export const listOf = (texts: readonly string[]) => `[${texts.join(',')}]`;

export interface ImportRow {
  id: number;
  organization_id: number;
  file_name: string;
  file_kind: 'csv' | 'xlsx' | null;
  storage_key: string | null;
  file_sha256: string | null;
  state: TImportState;
  rows_read: number;
  headers: string[];
  mapping: Record<string, string | null>;
  mark_missing_removed: boolean;
  summary: TImportSummary | null;
  error: string | null;
  planned_sha256: string | null;
  inventory_fingerprint: string | null;
  created_at: Date;
  applied_at: Date | null;
}

const INSERT_IMPORT = sql<{ organizationId: number; staffId: number | null }>(
  'inventory-import-insert',
  `insert into inventory_imports (organization_id, created_by_id) values (:organizationId, :staffId)
   returning *`,
);
export async function insertImport(
  db: Db,
  params: { organizationId: number; staffId: number | null },
): Promise<ImportRow> {
  const [row] = await query<ImportRow, typeof params>(db, INSERT_IMPORT, params);
  if (!row) throw new Error('inventory import not inserted');
  return row;
}

const IMPORT_BY_ID = sql<{ id: number }>(
  'inventory-import-by-id',
  'select * from inventory_imports where id = :id',
);
export async function importById(db: Db, params: { id: number }) {
  const [row] = await query<ImportRow, typeof params>(db, IMPORT_BY_ID, params);
  return row ?? null;
}

const IMPORT_FOR_UPDATE = sql<{ id: number }>(
  'inventory-import-for-update',
  'select * from inventory_imports where id = :id for update',
);
/** The import, its row held until the transaction ends (one apply at a time). */
export async function importForUpdate(db: Db, params: { id: number }) {
  const [row] = await query<ImportRow, typeof params>(db, IMPORT_FOR_UPDATE, params);
  return row ?? null;
}

type FileParams = {
  id: number;
  fileName: string;
  fileKind: string;
  storageKey: string;
  sha256: string;
  size: number;
};
const SET_FILE = sql<FileParams>(
  'inventory-import-set-file',
  `update inventory_imports
      set file_name = :fileName, file_kind = :fileKind, storage_key = :storageKey,
          file_sha256 = :sha256, file_size = :size, state = 'planning', rows_read = 0,
          summary = null, error = null, updated_at = now()
    where id = :id`,
);
export const setImportFile = (db: Db, params: FileParams) => query(db, SET_FILE, params);

type PlanningParams = {
  id: number;
  headers: string;
  mapping: string;
  markMissingRemoved: boolean;
};
const SET_PLANNING = sql<PlanningParams>(
  'inventory-import-set-planning',
  `update inventory_imports
      set state = 'planning', rows_read = 0, headers = :headers::jsonb, mapping = :mapping::jsonb,
          mark_missing_removed = :markMissingRemoved, summary = null, error = null,
          updated_at = now()
    where id = :id`,
);
export const setImportPlanning = (
  db: Db,
  params: { id: number; headers: string[]; mapping: object; markMissingRemoved: boolean },
) =>
  query(db, SET_PLANNING, {
    id: params.id,
    headers: json(params.headers),
    mapping: json(params.mapping),
    markMissingRemoved: params.markMissingRemoved,
  });

const SET_PROGRESS = sql<{ id: number; rowsRead: number }>(
  'inventory-import-set-progress',
  'update inventory_imports set rows_read = :rowsRead where id = :id',
);
/** How far planning has read; written on its own, so another instance's poll sees it. */
export const setImportProgress = (db: Db, params: { id: number; rowsRead: number }) =>
  query(db, SET_PROGRESS, params);

type PlannedParams = {
  id: number;
  rowsRead: number;
  summary: string;
  fingerprint: string;
  plannedSha256: string | null;
};
const SET_PLANNED = sql<PlannedParams>(
  'inventory-import-set-planned',
  `update inventory_imports
      set state = 'planned', rows_read = :rowsRead, summary = :summary::jsonb,
          inventory_fingerprint = :fingerprint, planned_sha256 = :plannedSha256,
          updated_at = now()
    where id = :id`,
);
export const setImportPlanned = (
  db: Db,
  params: Omit<PlannedParams, 'summary'> & { summary: TImportSummary },
) => query(db, SET_PLANNED, { ...params, summary: json(params.summary) });

const SET_FAILED = sql<{ id: number; error: string; keepFile: boolean }>(
  'inventory-import-set-failed',
  `update inventory_imports
      set state = 'failed', error = :error, summary = null, inventory_fingerprint = null,
          storage_key = case when :keepFile then storage_key end,
          file_sha256 = case when :keepFile then file_sha256 end,
          file_size = case when :keepFile then file_size else 0 end,
          updated_at = now()
    where id = :id`,
);
/** A refused file: its reason; past a bound, the file is forgotten too (it is removed). */
export const setImportFailed = (db: Db, params: { id: number; error: string; keepFile: boolean }) =>
  query(db, SET_FAILED, params);

const SET_APPLIED = sql<{ id: number }>(
  'inventory-import-set-applied',
  `update inventory_imports
      set state = 'applied', applied_at = now(), storage_key = null, updated_at = now()
    where id = :id`,
);
export const setImportApplied = (db: Db, params: { id: number }) => query(db, SET_APPLIED, params);

const REMEMBER_MAPPING = sql<{ organizationId: number; mapping: string }>(
  'inventory-import-remember-mapping',
  `update organizations set inventory_import_mapping = :mapping::jsonb where id = :organizationId`,
);
export const rememberMapping = (db: Db, params: { organizationId: number; mapping: object }) =>
  query(db, REMEMBER_MAPPING, { ...params, mapping: json(params.mapping) });

const REMEMBERED_MAPPING = sql<{ organizationId: number }>(
  'inventory-import-remembered-mapping',
  'select inventory_import_mapping as mapping from organizations where id = :organizationId',
);
export async function rememberedMapping(
  db: Db,
  params: { organizationId: number },
): Promise<Record<string, string | null> | null> {
  const [row] = await query<{ mapping: Record<string, string | null> | null }, typeof params>(
    db,
    REMEMBERED_MAPPING,
    params,
  );
  return row?.mapping ?? null;
}

const ORGANIZATION_EXISTS = sql<{ id: number }>(
  'inventory-import-organization-exists',
  'select true as found from organizations where id = :id',
);
export async function organizationExists(db: Db, params: { id: number }) {
  return (await query(db, ORGANIZATION_EXISTS, params)).length > 0;
}

const DELETE_ENTRIES = sql<{ importId: number }>(
  'inventory-import-delete-entries',
  'delete from inventory_import_entries where inventory_import_id = :importId',
);
export const deleteEntries = (db: Db, params: { importId: number }) =>
  query(db, DELETE_ENTRIES, params);

/**
 * One line of a plan as it is written: the columns the apply writes (`fields`) and, for a
 * change, the record before it; what is absent is not sent (plan-rows.ts derives the rest).
 */
export interface EntryInsert {
  row: number | null;
  kind: TImportChangeKind;
  entity: 'location' | 'assembly';
  key: string;
  targetId: number | null;
  refusals?: { column: string; message: string }[];
  fields?: Record<string, unknown>;
  before?: Record<string, unknown>;
}

const INSERT_ENTRIES = sql<{ importId: number; entries: ListText }>(
  'inventory-import-insert-entries',
  `insert into inventory_import_entries
          (inventory_import_id, row, kind, entity, key, target_id, refusals, fields, before)
   select :importId, e.row, e.kind, e.entity, left(e.key, 50), e."targetId",
          coalesce(e.refusals, '[]'), e.fields, e.before
     from jsonb_to_recordset(:entries::jsonb) as e(row int, kind text, entity text, key text,
          "targetId" int, refusals jsonb, fields jsonb, before jsonb)`,
);
/**
 * A batch of a plan's entries, each its EntryInsert's JSON text (planBatch), on a lent
 * connection: their list's text is held by its ListText alone.
 */
export async function insertEntries(
  db: StatementRunner,
  params: { importId: number; entries: string[] },
): Promise<void> {
  if (params.entries.length === 0) return;
  await query(db, INSERT_ENTRIES, {
    importId: params.importId,
    entries: new ListText(listOf(params.entries)),
  });
}

const INSERT_MISSING = sql<{ importId: number; organizationId: number }>(
  'inventory-import-insert-missing',
  `insert into inventory_import_entries
          (inventory_import_id, row, kind, entity, key, target_id, changes)
   select :importId, null, 'missing', 'assembly', a.assembly_id, a.id,
          jsonb_build_array(jsonb_build_object('field', 'status', 'from', a.status, 'to', 'removed'))
     from assemblies a
    where a.organization_id = :organizationId and a.status = 'active'
      and not ((select coalesce(jsonb_object_agg(lower(e.key), true), '{}')
                  from inventory_import_entries e
                 where e.inventory_import_id = :importId and e.entity = 'assembly')
               ? lower(a.assembly_id))`,
);
/**
 * The organization's assemblies in service that the file does not name. The file's keys are
 * gathered once into one jsonb object, looked up per assembly: no join for the planner to
 * choose, which with the statistics of the entries just written chose a nested loop.
 */
export const insertMissing = (db: Db, params: { importId: number; organizationId: number }) =>
  query(db, INSERT_MISSING, params);

const ENTRY_COUNTS = sql<{ importId: number }>(
  'inventory-import-entry-counts',
  `select kind, entity, count(*)::int as count from inventory_import_entries
    where inventory_import_id = :importId group by kind, entity`,
);
export const entryCounts = (db: Db, params: { importId: number }) =>
  query<{ kind: TImportChangeKind; entity: string; count: number }, typeof params>(
    db,
    ENTRY_COUNTS,
    params,
  );

export interface EntryRow {
  id: number;
  row: number | null;
  kind: TImportChangeKind;
  entity: 'location' | 'assembly';
  key: string;
  target_id: number | null;
  changes: { field: string; from: unknown; to: unknown }[];
  refusals: { column: string; message: string }[];
  fields: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const CHANGES_PAGE = sql<{ importId: number; kind: string | null; offset: number; limit: number }>(
  'inventory-import-changes-page',
  `select id, row, kind, entity, key, changes, refusals, fields, before
     from inventory_import_entries
    where inventory_import_id = :importId and (:kind::text is null or kind = :kind::text)
      and (:kind::text is not null or kind <> 'unchanged')
    order by id limit :limit offset :offset`,
);
const CHANGES_COUNT = sql<{ importId: number; kind: string | null }>(
  'inventory-import-changes-count',
  `select count(*)::int as total from inventory_import_entries
    where inventory_import_id = :importId and (:kind::text is null or kind = :kind::text)
      and (:kind::text is not null or kind <> 'unchanged')`,
);
/** A page of the plan in file order (every kind but unchanged when none is asked for). */
export async function changesPage(
  db: Db,
  params: { importId: number; kind: string | null; offset: number; limit: number },
) {
  const rows = await query<EntryRow, typeof params>(db, CHANGES_PAGE, params);
  const [count] = await query<{ total: number }, { importId: number; kind: string | null }>(
    db,
    CHANGES_COUNT,
    { importId: params.importId, kind: params.kind },
  );
  return { rows, total: count?.total ?? 0 };
}

const ENTRIES_AFTER = sql<{
  importId: number;
  kind: string;
  entity: string;
  afterId: number;
  limit: number;
}>(
  'inventory-import-entries-after',
  `select * from inventory_import_entries
    where inventory_import_id = :importId and kind = :kind and entity = :entity and id > :afterId
    order by id limit :limit`,
);
/** The plan's entries of a kind, a batch at a time by id (inventory_import_entries_kind_idx). */
export const entriesAfter = (
  db: Db,
  params: { importId: number; kind: string; entity: string; afterId: number; limit: number },
) => query<EntryRow, typeof params>(db, ENTRIES_AFTER, params);

const FINGERPRINT = sql<{ organizationId: number }>(
  'inventory-import-fingerprint',
  `select concat_ws('|',
            (select count(*) || ':' || coalesce(max(updated_at)::text, '') from locations
              where organization_id = :organizationId),
            (select count(*) || ':' || coalesce(max(updated_at)::text, '') from assemblies
              where organization_id = :organizationId),
            (select md5(testing_rules::text) from organizations where id = :organizationId))
          as fingerprint`,
);
/**
 * What the organization's inventory is now, in one text: its records' counts and latest
 * changes (updated_at is written by trigger) and its testing rules. Nothing is ever deleted,
 * so any write since changes it.
 */
export async function inventoryFingerprint(
  db: Db,
  params: { organizationId: number },
): Promise<string> {
  const [row] = await query<{ fingerprint: string }, typeof params>(db, FINGERPRINT, params);
  return row?.fingerprint ?? '';
}

const LOCK_ORGANIZATION = sql<{ organizationId: number }>(
  'inventory-import-lock-organization',
  'select testing_rules from organizations where id = :organizationId for update',
);
/** Holds the organization's row (its rules and inventory's writers wait) until the end. */
export const lockOrganization = (db: Db, params: { organizationId: number }) =>
  query(db, LOCK_ORGANIZATION, params);

export interface ExistingLocationRow {
  id: number;
  account_number: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  notes: string;
  contacts: TContacts;
}

const LOCATIONS_NUMBERED = sql<{ organizationId: number; accounts: string }>(
  'inventory-import-locations-numbered',
  `select l.*
     from jsonb_array_elements_text(:accounts::jsonb) as k(account)
    cross join lateral (
          select id, account_number, name, address1, address2, city, state, zip, notes, contacts
            from locations
           where organization_id = :organizationId and lower(account_number) = k.account
          offset 0) l`,
);
/**
 * The organization's locations with these account numbers (lower case, each once), each
 * found by its unique key. The lateral lookup (kept apart by offset 0) is the plan whatever
 * the statistics say: those of an inventory just imported once turned a join into a scan of
 * the organization's records for every batch.
 */
export const locationsNumbered = (db: Db, params: { organizationId: number; accounts: string[] }) =>
  query<ExistingLocationRow, { organizationId: number; accounts: string }>(db, LOCATIONS_NUMBERED, {
    organizationId: params.organizationId,
    accounts: json(params.accounts),
  });

/** What a plan reads of an assembly on file: its own fields, its location and its last test's due date. */
export type AssemblyOnFileRow = AssemblyFieldsRow &
  Pick<AssemblyRow, 'id' | 'location_id' | 'account_number' | 'last_test_due_on'>;

const ASSEMBLIES_NUMBERED = sql<{ organizationId: number; ids: string }>(
  'inventory-import-assemblies-numbered',
  `select a.*
     from jsonb_array_elements_text(:ids::jsonb) as k(assembly_id)
    cross join lateral (
          select a.id, a.location_id, l.account_number, a.assembly_id, a.serial, a.type, a.make,
                 a.model, a.size_inches, a.hazard, a.service, a.placement,
                 a.installed_on::text as installed_on, a.status,
                 (select r.assembly_id from assemblies r where r.id = a.replaced_by_id)
                   as replaced_by,
                 a.last_tested_on::text as last_tested_on, a.last_result,
                 a.last_test_due_on::text as last_test_due_on, a.next_due_on::text as next_due_on
            from assemblies a join locations l on l.id = a.location_id
           where a.organization_id = :organizationId and lower(a.assembly_id) = k.assembly_id
          offset 0) a`,
);
/**
 * The organization's assemblies with these assembly IDs (lower case, each once), with their
 * location's account: each found by its unique key, as locationsNumbered. Only the columns a
 * plan reads, each day once and as text (a date column is otherwise parsed into a Date too).
 */
export const assembliesNumbered = (db: Db, params: { organizationId: number; ids: string[] }) =>
  query<AssemblyOnFileRow, { organizationId: number; ids: string }>(db, ASSEMBLIES_NUMBERED, {
    organizationId: params.organizationId,
    ids: json(params.ids),
  });

/** An organization's statement over a jsonb list of rows. */
type ListParams = { organizationId: number; rows: ListText };

const LOCATION_COLUMNS = `account_number text, name text, address1 text, address2 text,
  city text, state text, zip text, notes text, contacts jsonb`;

const INSERT_LOCATIONS = sql<ListParams>(
  'inventory-import-insert-locations',
  `insert into locations (organization_id, account_number, name, address1, address2, city, state,
                          zip, notes, contacts)
   select :organizationId, f.account_number, f.name, f.address1, f.address2, f.city, f.state,
          f.zip, f.notes, f.contacts
     from jsonb_to_recordset(:rows::jsonb) as f(${LOCATION_COLUMNS})
   returning id, account_number`,
);
/** New locations (rows of the locations table's columns): their ids by account number. */
export const insertLocations = (
  db: StatementRunner,
  params: { organizationId: number; rows: Record<string, unknown>[] },
) =>
  query<{ id: number; account_number: string }, ListParams>(db, INSERT_LOCATIONS, {
    organizationId: params.organizationId,
    rows: new ListText(json(params.rows)),
  });

const UPDATE_LOCATIONS = sql<{ rows: ListText }>(
  'inventory-import-update-locations',
  `update locations l
      set account_number = f.account_number, name = f.name, address1 = f.address1,
          address2 = f.address2, city = f.city, state = f.state, zip = f.zip, notes = f.notes,
          contacts = f.contacts
     from jsonb_to_recordset(:rows::jsonb) as f(id int, ${LOCATION_COLUMNS})
    where l.id = f.id`,
);
export const updateLocations = (db: StatementRunner, params: { rows: Record<string, unknown>[] }) =>
  query(db, UPDATE_LOCATIONS, { rows: new ListText(json(params.rows)) });

const ASSEMBLY_COLUMNS = `account_number text, assembly_id text, serial text, type text,
  make text, model text, size_inches numeric, hazard text, service text, placement text,
  installed_on date, last_tested_on date, last_result text, last_test_due_on date,
  next_due_on date`;
const LOCATION_OF_ROW = `(select l.id from locations l where l.organization_id = :organizationId
                            and lower(l.account_number) = lower(f.account_number))`;

const INSERT_ASSEMBLIES = sql<ListParams>(
  'inventory-import-insert-assemblies',
  `insert into assemblies (organization_id, location_id, assembly_id, serial, type, make, model,
                          size_inches, hazard, service, placement, installed_on, status,
                          last_tested_on, last_result, last_test_due_on, next_due_on)
   select :organizationId, ${LOCATION_OF_ROW}, f.assembly_id, f.serial, f.type, f.make, f.model,
          f.size_inches, f.hazard, f.service, f.placement, f.installed_on, 'active',
          f.last_tested_on, f.last_result, f.last_test_due_on, f.next_due_on
     from jsonb_to_recordset(:rows::jsonb) as f(${ASSEMBLY_COLUMNS})
   returning id, assembly_id, location_id`,
);
/** New assemblies, each at its account's location: their ids and locations by assembly ID. */
export const insertAssemblies = (
  db: StatementRunner,
  params: { organizationId: number; rows: Record<string, unknown>[] },
) =>
  query<{ id: number; assembly_id: string; location_id: number }, ListParams>(
    db,
    INSERT_ASSEMBLIES,
    { organizationId: params.organizationId, rows: new ListText(json(params.rows)) },
  );

const UPDATE_ASSEMBLIES = sql<ListParams>(
  'inventory-import-update-assemblies',
  `update assemblies a
      set location_id = ${LOCATION_OF_ROW}, assembly_id = f.assembly_id, serial = f.serial,
          type = f.type, make = f.make, model = f.model, size_inches = f.size_inches,
          hazard = f.hazard, service = f.service, placement = f.placement,
          installed_on = f.installed_on, last_tested_on = f.last_tested_on,
          last_result = f.last_result, last_test_due_on = f.last_test_due_on,
          next_due_on = f.next_due_on
     from jsonb_to_recordset(:rows::jsonb) as f(id int, ${ASSEMBLY_COLUMNS})
    where a.id = f.id
   returning a.id, a.location_id`,
);
export const updateAssemblies = (
  db: StatementRunner,
  params: { organizationId: number; rows: Record<string, unknown>[] },
) =>
  query<{ id: number; location_id: number }, ListParams>(db, UPDATE_ASSEMBLIES, {
    organizationId: params.organizationId,
    rows: new ListText(json(params.rows)),
  });

const REMOVE_ASSEMBLIES = sql<{ ids: string }>(
  'inventory-import-remove-assemblies',
  `update assemblies a set status = 'removed'
    where a.id in (select jsonb_array_elements_text(:ids::jsonb)::int) and a.status = 'active'
   returning a.*, a.installed_on::text as installed_on, a.last_tested_on::text as last_tested_on,
             a.last_test_due_on::text as last_test_due_on, a.next_due_on::text as next_due_on,
             (select r.assembly_id from assemblies r where r.id = a.replaced_by_id) as replaced_by`,
);
/** Takes the assemblies in service out of it (removed): each as it now is. */
export const removeAssemblies = (db: Db, params: { ids: number[] }) =>
  query<Omit<AssemblyRow, 'account_number' | 'address1' | 'city'>, { ids: string }>(
    db,
    REMOVE_ASSEMBLIES,
    { ids: json(params.ids) },
  );
