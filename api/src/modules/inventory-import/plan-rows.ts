import {
  INVENTORY_MESSAGES,
  type TAssemblyFields,
  type TLocationFields,
  ZAssemblyFields,
  ZDay,
  ZLocationFields,
} from '../../../../shared/assemblies.js';
import type { TTestingRules } from '../../../../shared/assembly-due.js';
import {
  cellText,
  IMPORT_FIELDS,
  INVENTORY_IMPORT_MESSAGES,
  LOCATION_IMPORT_FIELDS,
  serialDay,
  type TImportField,
  type TImportMapping,
} from '../../../../shared/inventory-import.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { AssemblyRow } from '../inventory/queries.js';
import { assemblySnapshot, dueOf, locationSnapshot } from '../inventory/service.js';
import type { FileRow } from './file-rows.js';
import type { EntryInsert, ExistingLocationRow } from './queries.js';

// One batch of the file's rows against the organization's inventory: each row's cells read by
// the shared field rules (shared/assemblies.ts) and compared with the records on file. A
// column left unmapped keeps what the record holds; a row any rule refuses changes nothing.

type Values = Partial<Record<TImportField, string>>;

const DATE_FIELDS: readonly TImportField[] = ['installedOn', 'lastTestedOn', 'nextDueOn'];
/** Defaults of a new assembly's choices the file does not give (docs/decisions.md). */
const NEW_ASSEMBLY_DEFAULTS = { hazard: 'high', service: 'domestic' } as const;

/** The cells of a row by field, as text; an xlsx date's serial number as its day. */
export function rowValues(row: FileRow, columns: Partial<Record<TImportField, number>>): Values {
  const values: Values = {};
  for (const field of IMPORT_FIELDS) {
    const column = columns[field];
    if (column === undefined) continue;
    const text = cellText(row.cells[column]);
    values[field] =
      DATE_FIELDS.includes(field) && row.numeric?.has(column) ? (serialDay(text) ?? text) : text;
  }
  return values;
}

/** Each mapped field's column index in the header row. */
export function columnsOf(headers: readonly string[], mapping: TImportMapping) {
  const columns: Partial<Record<TImportField, number>> = {};
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header !== null) columns[field] = headers.indexOf(header);
  }
  return columns;
}

/** 32-bit FNV-1a: a location's field remembered in a few bytes, to compare rows of one account. */
function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/** What a file says of its rows so far, kept between batches (a few bytes per row). */
export interface PlanMemory {
  /** lower(assembly ID) → the row it was first read in. */
  assemblies: Map<string, number>;
  /** lower(account number) → its first row and its location fields' hashes. */
  locations: Map<string, { row: number; hashes: string }>;
}

export const newPlanMemory = (): PlanMemory => ({ assemblies: new Map(), locations: new Map() });

export interface PlanContext {
  mapping: TImportMapping;
  columns: Partial<Record<TImportField, number>>;
  rules: TTestingRules;
  memory: PlanMemory;
  locationsOnFile: Map<string, ExistingLocationRow>;
  assembliesOnFile: Map<string, AssemblyRow>;
}

const mapped = (context: PlanContext, field: TImportField) => context.columns[field] !== undefined;

/** Which import field a rule's issue path names. */
function fieldOfIssue(path: readonly PropertyKey[], part: 'location' | 'assembly'): TImportField {
  const [first, , third] = path.map(String);
  if (part === 'location') {
    if (first === 'contacts') {
      return (
        ({ name: 'ownerName', email: 'ownerEmail', phone: 'ownerPhone' } as const)[
          third as 'name'
        ] ?? 'ownerAddress'
      );
    }
    return first === 'name' ? 'locationName' : ((first ?? 'accountNumber') as TImportField);
  }
  return first === 'sizeInches' ? 'size' : ((first ?? 'assemblyId') as TImportField);
}

type Refusal = { column: string; message: string };
const columnName = (context: PlanContext, field: TImportField) => context.mapping[field] ?? field;

function locationInput(values: Values, context: PlanContext, onFile?: ExistingLocationRow) {
  const pick = (field: TImportField, kept: string) =>
    mapped(context, field) ? (values[field] ?? '') : kept;
  const owner = onFile?.contacts.owner;
  const ownerMapped = ['ownerName', 'ownerEmail', 'ownerPhone', 'ownerAddress'].some((field) =>
    mapped(context, field as TImportField),
  );
  const contacts = { ...(onFile?.contacts ?? {}) } as Record<string, unknown>;
  if (ownerMapped) {
    contacts.owner = {
      name: pick('ownerName', owner?.name ?? ''),
      email: pick('ownerEmail', owner?.email ?? ''),
      phone: pick('ownerPhone', owner?.phone ?? ''),
      address: pick('ownerAddress', owner?.address ?? ''),
      language: owner?.language ?? 'en',
    };
  }
  return {
    accountNumber: values.accountNumber ?? '',
    name: pick('locationName', onFile?.name ?? ''),
    address1: pick('address1', onFile?.address1 ?? ''),
    address2: pick('address2', onFile?.address2 ?? ''),
    city: pick('city', onFile?.city ?? ''),
    state: pick('state', onFile?.state ?? ''),
    zip: pick('zip', onFile?.zip ?? ''),
    notes: onFile?.notes ?? '',
    contacts,
  };
}

function assemblyInput(values: Values, context: PlanContext, onFile?: AssemblyRow) {
  const pick = (field: TImportField, kept: string | null) =>
    mapped(context, field) ? (values[field] ?? '') : (kept ?? '');
  const choice = (field: 'hazard' | 'service', kept: string | undefined) =>
    (mapped(context, field) ? values[field] : '') || kept || NEW_ASSEMBLY_DEFAULTS[field];
  return {
    assemblyId: values.assemblyId ?? '',
    serial: pick('serial', onFile?.serial ?? ''),
    type: values.type ?? '',
    make: pick('make', onFile?.make ?? ''),
    model: pick('model', onFile?.model ?? ''),
    sizeInches: pick(
      'size',
      onFile?.size_inches === null || !onFile ? '' : String(Number(onFile.size_inches)),
    ),
    hazard: choice('hazard', onFile?.hazard),
    service: choice('service', onFile?.service),
    placement: pick('placement', onFile?.placement ?? ''),
    installedOn: pick('installedOn', onFile?.installed_on ?? null),
    status: onFile?.status ?? 'active',
    replacedBy: onFile?.replaced_by ?? '',
    lastTestedOn: pick('lastTestedOn', onFile?.last_tested_on ?? null),
    lastResult: pick('lastResult', onFile?.last_result ?? null),
  };
}

/** Field by field, what differs (the audit's snapshots' fields). */
function differences(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) {
      changes.push({ field, from: from ?? null, to: to ?? null });
    }
  }
  return changes;
}

interface ReadRow {
  location: TLocationFields;
  assembly: TAssemblyFields;
  nextDueOn: string | null;
}

/** The row through the field rules, or the columns it is refused for and why. */
function readRow(
  values: Values,
  context: PlanContext,
): { read: ReadRow } | { refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const accountKey = (values.accountNumber ?? '').toLowerCase();
  const assemblyKey = (values.assemblyId ?? '').toLowerCase();
  const location = ZLocationFields.safeParse(
    locationInput(values, context, context.locationsOnFile.get(accountKey)),
  );
  const assembly = ZAssemblyFields.safeParse(
    assemblyInput(values, context, context.assembliesOnFile.get(assemblyKey)),
  );
  const onFileDue = context.assembliesOnFile.get(assemblyKey)?.next_due_on ?? null;
  const nextDue = ZDay.safeParse(mapped(context, 'nextDueOn') ? values.nextDueOn : onFileDue);
  for (const [result, part] of [
    [location, 'location'],
    [assembly, 'assembly'],
  ] as const) {
    if (result.success) continue;
    for (const issue of result.error.issues) {
      refusals.push({
        column: columnName(context, fieldOfIssue(issue.path, part)),
        message: issue.message,
      });
    }
  }
  if (!nextDue.success) {
    refusals.push({
      column: columnName(context, 'nextDueOn'),
      message: INVENTORY_MESSAGES.dateInvalid,
    });
  }
  if (assembly.success) {
    const today = todayInProgramZone();
    for (const field of ['installedOn', 'lastTestedOn'] as const) {
      const day = assembly.data[field];
      if (day && day > today) {
        refusals.push({
          column: columnName(context, field),
          message: INVENTORY_MESSAGES.dateInFuture,
        });
      }
    }
  }
  if (refusals.length > 0 || !location.success || !assembly.success || !nextDue.success) {
    return { refusals };
  }
  return { read: { location: location.data, assembly: assembly.data, nextDueOn: nextDue.data } };
}

/** The refusals a row earns from the rows before it: its assembly ID again, its account's fields. */
function refusalsAgainstFile(values: Values, context: PlanContext): Refusal[] {
  const { memory } = context;
  const first = memory.assemblies.get((values.assemblyId ?? '').toLowerCase());
  if (first !== undefined) {
    return [
      {
        column: columnName(context, 'assemblyId'),
        message: INVENTORY_IMPORT_MESSAGES.duplicateAssembly(first),
      },
    ];
  }
  const seen = memory.locations.get((values.accountNumber ?? '').toLowerCase());
  if (!seen) return [];
  const hashes = locationHashes(values, context);
  for (const [index, field] of LOCATION_IMPORT_FIELDS.entries()) {
    if (field === 'accountNumber' || !mapped(context, field)) continue;
    if (seen.hashes.slice(index * 7, index * 7 + 7) !== hashes.slice(index * 7, index * 7 + 7)) {
      return [
        {
          column: columnName(context, field),
          message: INVENTORY_IMPORT_MESSAGES.locationConflict(seen.row),
        },
      ];
    }
  }
  return [];
}

const locationHashes = (values: Values, context: PlanContext) =>
  LOCATION_IMPORT_FIELDS.map((field) =>
    fnv(mapped(context, field) ? (values[field] ?? '').toLowerCase() : ''),
  ).join('');

/** The columns of the locations table a location's fields write. */
export const locationColumns = (location: TLocationFields) => ({
  account_number: location.accountNumber,
  name: location.name,
  address1: location.address1,
  address2: location.address2,
  city: location.city,
  state: location.state,
  zip: location.zip,
  notes: location.notes,
  contacts: location.contacts,
});

function locationEntry(
  row: number,
  read: ReadRow,
  onFile: ExistingLocationRow | undefined,
): EntryInsert {
  const base = { row, entity: 'location' as const, key: read.location.accountNumber };
  const fields = locationColumns(read.location);
  if (!onFile) return { ...base, kind: 'new', targetId: null, fields };
  const before = locationSnapshot({
    ...onFile,
    accountNumber: onFile.account_number,
    contacts: onFile.contacts,
  });
  return differences(before, locationSnapshot(read.location)).length === 0
    ? { ...base, kind: 'unchanged', targetId: onFile.id }
    : {
        ...base,
        kind: 'changed',
        targetId: onFile.id,
        fields: { id: onFile.id, ...fields },
        before,
      };
}

function assemblyEntry(
  row: number,
  read: ReadRow,
  onFile: AssemblyRow | undefined,
  rules: TTestingRules,
): EntryInsert {
  const { assembly } = read;
  const sameTest =
    onFile !== undefined &&
    assembly.lastTestedOn === onFile.last_tested_on &&
    assembly.lastResult === onFile.last_result;
  const lastTestDueOn = sameTest ? (onFile?.last_test_due_on ?? null) : null;
  const nextDueOn =
    onFile && sameTest && assembly.lastTestedOn && assembly.hazard === onFile.hazard
      ? onFile.next_due_on
      : dueOf(rules, { ...assembly, nextDueOn: read.nextDueOn, lastTestDueOn });
  const fields = {
    account_number: read.location.accountNumber,
    assembly_id: assembly.assemblyId,
    serial: assembly.serial,
    type: assembly.type,
    make: assembly.make,
    model: assembly.model,
    size_inches: assembly.sizeInches,
    hazard: assembly.hazard,
    service: assembly.service,
    placement: assembly.placement,
    installed_on: assembly.installedOn,
    last_tested_on: assembly.lastTestedOn,
    last_result: assembly.lastResult,
    last_test_due_on: lastTestDueOn,
    next_due_on: nextDueOn,
  };
  const base = { row, entity: 'assembly' as const, key: assembly.assemblyId };
  if (!onFile) return { ...base, kind: 'new', targetId: null, fields };
  const before = { accountNumber: onFile.account_number, ...assemblyRowSnapshot(onFile) };
  const { locationId: beforeLocation, ...beforeShown } = before;
  const changes = differences(beforeShown, assemblyAfter(fields, beforeShown));
  return changes.length === 0
    ? { ...base, kind: 'unchanged', targetId: onFile.id }
    : {
        ...base,
        kind: 'changed',
        targetId: onFile.id,
        fields: { id: onFile.id, ...fields },
        before: { ...beforeShown, locationId: beforeLocation },
      };
}

// An entry keeps only what the apply writes (`fields`, the table's columns) and, for a change,
// the record as it was (`before`): what the record becomes and the field-by-field changes the
// plan's page shows are derived from those when they are read, never stored twice.

type Fields = Record<string, unknown>;

/** A location's audit snapshot from the columns its entry writes. */
export const locationAfter = (fields: Fields) => ({
  accountNumber: fields.account_number,
  name: fields.name,
  address1: fields.address1,
  address2: fields.address2,
  city: fields.city,
  state: fields.state,
  zip: fields.zip,
  notes: fields.notes,
  contacts: fields.contacts,
});

/**
 * An assembly's snapshot as the plan shows it (its location by account number, no location id)
 * from the columns its entry writes; status and replacement are kept from the record before.
 */
export const assemblyAfter = (fields: Fields, before: Fields | null) => ({
  accountNumber: fields.account_number,
  assemblyId: fields.assembly_id,
  serial: fields.serial,
  type: fields.type,
  make: fields.make,
  model: fields.model,
  sizeInches: fields.size_inches,
  hazard: fields.hazard,
  service: fields.service,
  placement: fields.placement,
  installedOn: fields.installed_on,
  status: before?.status ?? 'active',
  replacedBy: before?.replacedBy ?? '',
  lastTestedOn: fields.last_tested_on,
  lastResult: fields.last_result,
  nextDueOn: fields.next_due_on,
});

/** What a new or changed entry's record becomes (null for the other kinds). */
export function entryAfter(entry: {
  kind: string;
  entity: 'location' | 'assembly';
  fields: Fields | null;
  before: Fields | null;
}): Fields | null {
  if (!entry.fields || (entry.kind !== 'new' && entry.kind !== 'changed')) return null;
  if (entry.entity === 'location') return locationAfter(entry.fields);
  const { locationId: _id, ...before } = entry.before ?? {};
  return assemblyAfter(entry.fields, entry.before ? before : null);
}

/** The changes a plan's entry shows: derived for a new or changed record, else as stored. */
export function entryChanges(entry: {
  kind: string;
  entity: 'location' | 'assembly';
  changes: { field: string; from: unknown; to: unknown }[];
  fields: Fields | null;
  before: Fields | null;
}) {
  const after = entryAfter(entry);
  if (!after) return entry.changes;
  const { locationId: _id, ...before } = entry.before ?? {};
  return differences(before, after);
}

/** The audit's snapshot of an assembly as the database holds it (dates as YYYY-MM-DD text). */
export const assemblyRowSnapshot = (
  row: Omit<AssemblyRow, 'account_number' | 'address1' | 'city' | 'created_at' | 'updated_at'>,
) =>
  assemblySnapshot({
    assemblyId: row.assembly_id,
    serial: row.serial,
    type: row.type,
    make: row.make,
    model: row.model,
    sizeInches: row.size_inches === null ? null : Number(row.size_inches),
    hazard: row.hazard,
    service: row.service,
    placement: row.placement,
    installedOn: row.installed_on,
    status: row.status,
    replacedBy: row.replaced_by ?? '',
    lastTestedOn: row.last_tested_on,
    lastResult: row.last_result,
    locationId: row.location_id,
    nextDueOn: row.next_due_on,
  });

/** The entries of one batch of rows (a row: a refusal, or its assembly and its location's first time). */
export function planBatch(
  rows: { row: number; values: Values }[],
  context: PlanContext,
): EntryInsert[] {
  const entries: EntryInsert[] = [];
  for (const { row, values } of rows) {
    const assemblyKey = (values.assemblyId ?? '').toLowerCase();
    const accountKey = (values.accountNumber ?? '').toLowerCase();
    const checked = readRow(values, context);
    const refusals =
      'refusals' in checked ? checked.refusals : refusalsAgainstFile(values, context);
    if (refusals.length > 0 || !('read' in checked)) {
      entries.push({
        row,
        kind: 'refused',
        entity: 'assembly',
        key: values.assemblyId ?? '',
        targetId: null,
        refusals,
      });
      if (assemblyKey && !context.memory.assemblies.has(assemblyKey)) {
        context.memory.assemblies.set(assemblyKey, row);
      }
      continue;
    }
    const { read } = checked;
    context.memory.assemblies.set(assemblyKey, row);
    if (!context.memory.locations.has(accountKey)) {
      context.memory.locations.set(accountKey, { row, hashes: locationHashes(values, context) });
      entries.push(locationEntry(row, read, context.locationsOnFile.get(accountKey)));
    }
    entries.push(
      assemblyEntry(row, read, context.assembliesOnFile.get(assemblyKey), context.rules),
    );
  }
  return entries;
}
