import {
  type AssemblyFieldsInput,
  INVENTORY_MESSAGES,
  type LocationFieldsInput,
  readAssemblyFields,
  readDay,
  readLocationFields,
  type TAssemblyFields,
  type TContact,
  type TContactRole,
  type TLocationFields,
} from '../../../../shared/assemblies.js';
import type { TTestingRules } from '../../../../shared/assembly-due.js';
import type { FieldIssue } from '../../../../shared/field-rules.js';
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
import { assemblyFieldsOfRow, dueOf, locationSnapshot } from '../inventory/service.js';
import type { FileRow } from './file-rows.js';
import type { AssemblyOnFileRow, EntryInsert, ExistingLocationRow } from './queries.js';

// One batch of the file's rows against the organization's inventory: each row's cells read by
// the shared field rules (shared/assemblies.ts, through its plain readers: a row is read once,
// without a parser's objects per cell) and compared with the records on file. A column left
// unmapped keeps what the record holds; a row any rule refuses changes nothing.

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
      row.numeric?.has(column) && DATE_FIELDS.includes(field) ? (serialDay(text) ?? text) : text;
  }
  return values;
}

/**
 * A row of a batch: its number and its cells by field. A class, not an object literal: V8
 * allocates a literal's objects in the old generation from the start once they are nearly all
 * alive when it scavenges (as a batch's rows are while their records are looked up), and then
 * keeps the young text they point to until a full collection; a class's instances stay young.
 */
export class BatchRow {
  constructor(
    readonly row: number,
    readonly values: Values,
  ) {}
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

/**
 * 32-bit FNV-1a of the text in lower case: a location's field remembered in a few bytes, to
 * compare rows of one account. ASCII text is lowered as it is hashed, any other by toLowerCase.
 */
function fnvLower(text: string, lowered = false): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (!lowered) {
      if (code > 0x7f) return fnvLower(text.toLowerCase(), true);
      if (code >= 0x41 && code <= 0x5a) code += 0x20;
    }
    hash ^= code;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** What a file says of its rows so far, kept between batches (a few bytes per row). */
export interface PlanMemory {
  /** lower(assembly ID) → the row it was first read in. */
  assemblies: Map<string, number>;
  /**
   * lower(account number) → its first row and its location fields' hashes, each as two UTF-16
   * code units of one text (LOCATION_IMPORT_FIELDS' order).
   */
  locations: Map<string, { row: number; hashes: string }>;
}

export const newPlanMemory = (): PlanMemory => ({ assemblies: new Map(), locations: new Map() });

export interface PlanContext {
  mapping: TImportMapping;
  columns: Partial<Record<TImportField, number>>;
  rules: TTestingRules;
  memory: PlanMemory;
  locationsOnFile: Map<string, ExistingLocationRow>;
  assembliesOnFile: Map<string, AssemblyOnFileRow>;
}

const mapped = (context: PlanContext, field: TImportField) => context.columns[field] !== undefined;

/** A mapped field's cell (its text), else what the record keeps. */
const cell = <K>(values: Values, context: PlanContext, field: TImportField, kept: K) =>
  context.columns[field] !== undefined ? (values[field] ?? '') : kept;

/** Which import field a rule's issue path names. */
function fieldOfIssue(path: FieldIssue['path'], part: 'location' | 'assembly'): TImportField {
  const first = path[0] === undefined ? undefined : String(path[0]);
  if (part === 'location') {
    if (first === 'contacts') {
      const third = path[2] === undefined ? undefined : String(path[2]);
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

const ownerMapped = (context: PlanContext) =>
  mapped(context, 'ownerName') ||
  mapped(context, 'ownerEmail') ||
  mapped(context, 'ownerPhone') ||
  mapped(context, 'ownerAddress');

// A row's input to the readers is written into one object of each kind, reused row after row:
// the readers keep nothing of their input (their values are their own objects).
const owner: Record<keyof TContact, string> = {
  name: '',
  email: '',
  phone: '',
  address: '',
  language: '',
};
const contacts: Record<TContactRole, unknown> = { owner, manager: undefined, tenant: undefined };
const NO_CONTACTS = Object.freeze({});
const location: LocationFieldsInput = {
  accountNumber: '',
  name: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zip: '',
  notes: '',
  contacts: undefined,
};
const assembly: AssemblyFieldsInput = {
  assemblyId: '',
  serial: '',
  type: '',
  make: '',
  model: '',
  sizeInches: '',
  hazard: '',
  service: '',
  placement: '',
  installedOn: '',
  status: '',
  replacedBy: '',
  lastTestedOn: '',
  lastResult: '',
};

/**
 * The location's input: the row's mapped cells, the record's fields for the others (its other
 * contacts as they are, its owner's unmapped fields and language).
 */
function locationInput(
  values: Values,
  context: PlanContext,
  onFile?: ExistingLocationRow,
): LocationFieldsInput {
  const onFileContacts = onFile?.contacts;
  if (ownerMapped(context)) {
    const kept = onFileContacts?.owner;
    owner.name = cell(values, context, 'ownerName', kept?.name ?? '');
    owner.email = cell(values, context, 'ownerEmail', kept?.email ?? '');
    owner.phone = cell(values, context, 'ownerPhone', kept?.phone ?? '');
    owner.address = cell(values, context, 'ownerAddress', kept?.address ?? '');
    owner.language = kept?.language ?? 'en';
    contacts.manager = onFileContacts?.manager;
    contacts.tenant = onFileContacts?.tenant;
    location.contacts = contacts;
  } else location.contacts = onFileContacts ?? NO_CONTACTS;
  location.accountNumber = values.accountNumber ?? '';
  location.name = cell(values, context, 'locationName', onFile?.name ?? '');
  location.address1 = cell(values, context, 'address1', onFile?.address1 ?? '');
  location.address2 = cell(values, context, 'address2', onFile?.address2 ?? '');
  location.city = cell(values, context, 'city', onFile?.city ?? '');
  location.state = cell(values, context, 'state', onFile?.state ?? '');
  location.zip = cell(values, context, 'zip', onFile?.zip ?? '');
  location.notes = onFile?.notes ?? '';
  return location;
}

/** A choice the file leaves blank (or does not map): the record's, else a new assembly's default. */
const choiceOf = (
  values: Values,
  context: PlanContext,
  field: 'hazard' | 'service',
  kept: string | undefined,
) => (mapped(context, field) ? values[field] : '') || kept || NEW_ASSEMBLY_DEFAULTS[field];

/** The assembly's input: the row's mapped cells, the record's fields for the others. */
function assemblyInput(
  values: Values,
  context: PlanContext,
  onFile?: AssemblyOnFileRow,
): AssemblyFieldsInput {
  assembly.assemblyId = values.assemblyId ?? '';
  assembly.serial = cell(values, context, 'serial', onFile?.serial ?? '');
  assembly.type = values.type ?? '';
  assembly.make = cell(values, context, 'make', onFile?.make ?? '');
  assembly.model = cell(values, context, 'model', onFile?.model ?? '');
  assembly.sizeInches = mapped(context, 'size')
    ? (values.size ?? '')
    : !onFile || onFile.size_inches === null
      ? ''
      : String(Number(onFile.size_inches));
  assembly.hazard = choiceOf(values, context, 'hazard', onFile?.hazard);
  assembly.service = choiceOf(values, context, 'service', onFile?.service);
  assembly.placement = cell(values, context, 'placement', onFile?.placement ?? '');
  assembly.installedOn = cell(values, context, 'installedOn', onFile?.installed_on ?? '');
  assembly.status = onFile?.status ?? 'active';
  assembly.replacedBy = onFile?.replaced_by ?? '';
  assembly.lastTestedOn = cell(values, context, 'lastTestedOn', onFile?.last_tested_on ?? '');
  assembly.lastResult = cell(values, context, 'lastResult', onFile?.last_result ?? '');
  return assembly;
}

/**
 * Whether two fields' values write the same JSON (how a change is told): text, numbers and
 * null compared as they are, anything else (contacts) by its JSON.
 */
function sameJson(from: unknown, to: unknown): boolean {
  const a = from ?? null;
  const b = to ?? null;
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return false;
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) {
    return false;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Field by field, what differs (the audit's snapshots' fields). */
function differences(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: { field: string; from: unknown; to: unknown }[] = [];
  for (const field in after) {
    const from = before[field];
    const to = after[field];
    if (!sameJson(from, to)) changes.push({ field, from: from ?? null, to: to ?? null });
  }
  return changes;
}

/** Whether any field differs (differences, without listing them). */
function differs(before: Record<string, unknown>, after: Record<string, unknown>) {
  for (const field in after) if (!sameJson(before[field], after[field])) return true;
  return false;
}

interface ReadRow {
  location: TLocationFields;
  assembly: TAssemblyFields;
  nextDueOn: string | null;
}

/** Adds a refusal of the field's column to the row's (the list made at the first). */
function refuse(
  refusals: Refusal[] | null,
  context: PlanContext,
  field: TImportField,
  message: string,
): Refusal[] {
  const list = refusals ?? [];
  list.push({ column: columnName(context, field), message });
  return list;
}

/** The row through the field rules, or the columns it is refused for and why. */
function readRow(
  values: Values,
  context: PlanContext,
  locationOnFile: ExistingLocationRow | undefined,
  assemblyOnFile: AssemblyOnFileRow | undefined,
  today: string,
): ReadRow | Refusal[] {
  let refusals: Refusal[] | null = null;
  const location = readLocationFields(locationInput(values, context, locationOnFile));
  const assembly = readAssemblyFields(assemblyInput(values, context, assemblyOnFile));
  const nextDue = readDay(
    mapped(context, 'nextDueOn') ? values.nextDueOn : (assemblyOnFile?.next_due_on ?? null),
  );
  if (!location.success) {
    for (const issue of location.issues) {
      refusals = refuse(refusals, context, fieldOfIssue(issue.path, 'location'), issue.message);
    }
  }
  if (!assembly.success) {
    for (const issue of assembly.issues) {
      refusals = refuse(refusals, context, fieldOfIssue(issue.path, 'assembly'), issue.message);
    }
  }
  if (!nextDue.success) {
    refusals = refuse(refusals, context, 'nextDueOn', INVENTORY_MESSAGES.dateInvalid);
  }
  if (assembly.success) {
    const { installedOn, lastTestedOn } = assembly.data;
    if (installedOn && installedOn > today) {
      refusals = refuse(refusals, context, 'installedOn', INVENTORY_MESSAGES.dateInFuture);
    }
    if (lastTestedOn && lastTestedOn > today) {
      refusals = refuse(refusals, context, 'lastTestedOn', INVENTORY_MESSAGES.dateInFuture);
    }
  }
  if (refusals || !location.success || !assembly.success || !nextDue.success) {
    return refusals ?? [];
  }
  return { location: location.data, assembly: assembly.data, nextDueOn: nextDue.data };
}

/** The location fields' hashes of a row (as PlanMemory keeps them), into `hashes`. */
function locationHashes(values: Values, context: PlanContext, hashes: Uint16Array) {
  for (let index = 0; index < LOCATION_IMPORT_FIELDS.length; index++) {
    const field = LOCATION_IMPORT_FIELDS[index] as TImportField;
    const hash = fnvLower(mapped(context, field) ? (values[field] ?? '') : '');
    hashes[index * 2] = hash >>> 16;
    hashes[index * 2 + 1] = hash & 0xffff;
  }
  return hashes;
}
/** One row's hashes at a time: compared, or kept as text. */
const rowHashes = new Uint16Array(LOCATION_IMPORT_FIELDS.length * 2);

/**
 * The refusal a row earns from the rows before it (its assembly ID again, its account's fields
 * otherwise), or null.
 */
function refusalsAgainstFile(
  values: Values,
  context: PlanContext,
  accountKey: string,
  assemblyKey: string,
): Refusal[] | null {
  const { memory } = context;
  const first = memory.assemblies.get(assemblyKey);
  if (first !== undefined) {
    return [
      {
        column: columnName(context, 'assemblyId'),
        message: INVENTORY_IMPORT_MESSAGES.duplicateAssembly(first),
      },
    ];
  }
  const seen = memory.locations.get(accountKey);
  if (!seen) return null;
  const hashes = locationHashes(values, context, rowHashes);
  for (let index = 0; index < LOCATION_IMPORT_FIELDS.length; index++) {
    const field = LOCATION_IMPORT_FIELDS[index] as TImportField;
    if (field === 'accountNumber' || !mapped(context, field)) continue;
    if (
      seen.hashes.charCodeAt(index * 2) !== hashes[index * 2] ||
      seen.hashes.charCodeAt(index * 2 + 1) !== hashes[index * 2 + 1]
    ) {
      return [
        {
          column: columnName(context, field),
          message: INVENTORY_IMPORT_MESSAGES.locationConflict(seen.row),
        },
      ];
    }
  }
  return null;
}

const entryText = (entry: EntryInsert) => JSON.stringify(entry);

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
  const key = read.location.accountNumber;
  const fields = locationColumns(read.location);
  if (!onFile) return { row, entity: 'location', key, kind: 'new', targetId: null, fields };
  const before = locationSnapshot({
    accountNumber: onFile.account_number,
    name: onFile.name,
    address1: onFile.address1,
    address2: onFile.address2,
    city: onFile.city,
    state: onFile.state,
    zip: onFile.zip,
    notes: onFile.notes,
    contacts: onFile.contacts,
  });
  return differs(before, locationSnapshot(read.location))
    ? {
        row,
        entity: 'location',
        key,
        kind: 'changed',
        targetId: onFile.id,
        fields: { id: onFile.id, ...fields },
        before,
      }
    : { row, entity: 'location', key, kind: 'unchanged', targetId: onFile.id };
}

function assemblyEntry(
  row: number,
  read: ReadRow,
  onFile: AssemblyOnFileRow | undefined,
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
      : dueOf(rules, {
          hazard: assembly.hazard,
          lastTestedOn: assembly.lastTestedOn,
          lastResult: assembly.lastResult,
          installedOn: assembly.installedOn,
          nextDueOn: read.nextDueOn,
          lastTestDueOn,
        });
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
  const key = assembly.assemblyId;
  if (!onFile) return { row, entity: 'assembly', key, kind: 'new', targetId: null, fields };
  // The record as the plan shows it: its location by account number (its id kept apart).
  const before = { accountNumber: onFile.account_number, ...assemblyFieldsOfRow(onFile) };
  return differs(before, assemblyAfter(fields, before))
    ? {
        row,
        entity: 'assembly',
        key,
        kind: 'changed',
        targetId: onFile.id,
        fields: { id: onFile.id, ...fields },
        before: { ...before, locationId: onFile.location_id },
      }
    : { row, entity: 'assembly', key, kind: 'unchanged', targetId: onFile.id };
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

/**
 * The entries of one batch of rows (a row: a refusal, or its assembly and its location's first
 * time), each as its JSON text (EntryInsert) for insertEntries. Text, not the entries' objects:
 * should V8 scavenge while a batch is planned, a thousand objects of each of a few literals
 * (an entry, its fields, a contact) found alive would have those literals allocated in the old
 * generation from then on, with the young text they point to kept until a full collection.
 */
export function planBatch(rows: { row: number; values: Values }[], context: PlanContext): string[] {
  const entries: string[] = [];
  const today = todayInProgramZone();
  const { memory } = context;
  for (const { row, values } of rows) {
    const assemblyKey = (values.assemblyId ?? '').toLowerCase();
    const accountKey = (values.accountNumber ?? '').toLowerCase();
    const locationOnFile = context.locationsOnFile.get(accountKey);
    const assemblyOnFile = context.assembliesOnFile.get(assemblyKey);
    const checked = readRow(values, context, locationOnFile, assemblyOnFile, today);
    const refusals = Array.isArray(checked)
      ? checked
      : refusalsAgainstFile(values, context, accountKey, assemblyKey);
    if (refusals !== null || Array.isArray(checked)) {
      entries.push(
        entryText({
          row,
          kind: 'refused',
          entity: 'assembly',
          key: values.assemblyId ?? '',
          targetId: null,
          refusals: refusals ?? [],
        }),
      );
      if (assemblyKey && !memory.assemblies.has(assemblyKey)) {
        memory.assemblies.set(assemblyKey, row);
      }
      continue;
    }
    memory.assemblies.set(assemblyKey, row);
    if (!memory.locations.has(accountKey)) {
      const hashes = String.fromCharCode.apply(
        null,
        locationHashes(values, context, rowHashes) as unknown as number[],
      );
      memory.locations.set(accountKey, { row, hashes });
      entries.push(entryText(locationEntry(row, checked, locationOnFile)));
    }
    entries.push(entryText(assemblyEntry(row, checked, assemblyOnFile, context.rules)));
  }
  return entries;
}
