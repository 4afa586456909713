import { z } from 'zod';
import { compact } from './assemblies.js';

// The import of an organization's inventory from the utility's own files (a billing or GIS
// export, CSV or xlsx): the fields a column can fill, how headers are guessed, how a cell is
// read, and the words and shapes of the console's calls (/api/admin/inventory-imports).

/** The fields a column of the file can fill, location's first. */
export const IMPORT_FIELDS = [
  'accountNumber',
  'locationName',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'ownerName',
  'ownerEmail',
  'ownerPhone',
  'ownerAddress',
  'assemblyId',
  'serial',
  'type',
  'make',
  'model',
  'size',
  'hazard',
  'service',
  'placement',
  'installedOn',
  'lastTestedOn',
  'lastResult',
  'nextDueOn',
] as const;
export type TImportField = (typeof IMPORT_FIELDS)[number];

/** Without these a row makes neither a location nor an assembly. */
export const REQUIRED_IMPORT_FIELDS: readonly TImportField[] = [
  'accountNumber',
  'address1',
  'city',
  'assemblyId',
  'type',
];

export const LOCATION_IMPORT_FIELDS: readonly TImportField[] = IMPORT_FIELDS.slice(0, 11);

/** The field's name on the mapping screen and in field errors. */
export const IMPORT_FIELD_LABELS: Record<TImportField, string> = {
  accountNumber: 'Account number',
  locationName: 'Location name',
  address1: 'Service address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  ownerName: 'Owner name',
  ownerEmail: 'Owner email',
  ownerPhone: 'Owner phone',
  ownerAddress: 'Owner mailing address',
  assemblyId: 'Assembly ID',
  serial: 'Serial number',
  type: 'Type',
  make: 'Make',
  model: 'Model',
  size: 'Size',
  hazard: 'Hazard',
  service: 'Service',
  placement: 'Placement',
  installedOn: 'Installation date',
  lastTestedOn: 'Last test date',
  lastResult: 'Last test result',
  nextDueOn: 'Next test due',
};

/**
 * What billing and GIS exports call each field, compared as `compact` does (lower case, letters
 * and digits). A header matching none is left unmapped.
 */
const HEADER_ALIASES: Record<TImportField, string[]> = {
  accountNumber: [
    'account',
    'accountnumber',
    'accountno',
    'accountnum',
    'acct',
    'acctno',
    'acctnum',
    'acctnumber',
    'serviceaccount',
    'customeraccount',
    'utilityaccount',
    'accountid',
    'premise',
    'premiseid',
    'premisenumber',
    'locationid',
  ],
  locationName: [
    'name',
    'locationname',
    'sitename',
    'premisename',
    'businessname',
    'customername',
    'facility',
    'facilityname',
  ],
  address1: [
    'address',
    'serviceaddress',
    'streetaddress',
    'address1',
    'addressline1',
    'siteaddress',
    'premiseaddress',
    'locationaddress',
    'street',
    'serviceaddr',
  ],
  address2: ['address2', 'addressline2', 'unit', 'suite', 'apt'],
  city: ['city', 'servicecity', 'sitecity', 'town', 'municipality'],
  state: ['state', 'servicestate', 'st', 'province'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode', 'servicezip'],
  ownerName: ['owner', 'ownername', 'propertyowner', 'contactname', 'contact'],
  ownerEmail: ['owneremail', 'email', 'contactemail', 'emailaddress'],
  ownerPhone: ['ownerphone', 'phone', 'contactphone', 'phonenumber', 'telephone'],
  ownerAddress: ['owneraddress', 'mailingaddress', 'billingaddress', 'owneremailingaddress'],
  assemblyId: [
    'assemblyid',
    'assembly',
    'assemblynumber',
    'assemblyno',
    'deviceid',
    'devicenumber',
    'deviceno',
    'device',
    'bfid',
    'backflowid',
    'backflownumber',
    'assetid',
    'facilityid',
    'gisid',
  ],
  serial: ['serial', 'serialnumber', 'serialno', 'serialnum', 'sn', 'deviceserial'],
  type: ['type', 'devicetype', 'assemblytype', 'backflowtype', 'bftype', 'preventertype'],
  make: ['make', 'manufacturer', 'mfr', 'mfg', 'brand'],
  model: ['model', 'modelnumber', 'modelno'],
  size: ['size', 'sizein', 'sizeinches', 'devicesize', 'assemblysize', 'pipesize', 'diameter'],
  hazard: ['hazard', 'hazardlevel', 'degreeofhazard', 'hazardtype', 'risk'],
  service: ['service', 'servicetype', 'use', 'usage', 'protection'],
  placement: ['placement', 'locationdescription', 'devicelocation', 'where', 'position'],
  installedOn: ['installdate', 'installed', 'installedon', 'installationdate', 'dateinstalled'],
  lastTestedOn: [
    'lasttest',
    'lasttestdate',
    'lasttested',
    'lasttestedon',
    'testdate',
    'datelasttested',
  ],
  lastResult: ['lastresult', 'lasttestresult', 'result', 'testresult', 'passfail'],
  nextDueOn: ['nexttestdue', 'nextdue', 'duedate', 'nexttestdate', 'testdue', 'nextduedate'],
};

export type TImportMapping = Record<TImportField, string | null>;

/** A mapping that maps nothing. */
export const emptyMapping = (): TImportMapping =>
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as TImportMapping;

/**
 * The mapping the headers suggest: each field the header that is one of its aliases, the first
 * such header when several are; a header serves one field.
 */
export function guessMapping(headers: readonly string[]): TImportMapping {
  const mapping = emptyMapping();
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const aliases = HEADER_ALIASES[field];
    const header = headers.find((h) => !taken.has(h) && aliases.includes(compact(h)));
    if (header !== undefined) {
      mapping[field] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/**
 * The organization's remembered mapping when every header it names is in the file (and it names
 * every required field), else the guess from the headers.
 */
export function mappingFor(
  headers: readonly string[],
  remembered: Partial<Record<string, string | null>> | null,
): TImportMapping {
  if (remembered) {
    const mapping = emptyMapping();
    for (const field of IMPORT_FIELDS) mapping[field] = remembered[field] ?? null;
    const named = Object.values(mapping).filter((header): header is string => header !== null);
    const complete = REQUIRED_IMPORT_FIELDS.every((field) => mapping[field] !== null);
    if (complete && named.every((header) => headers.includes(header))) return mapping;
  }
  return guessMapping(headers);
}

/**
 * A cell as data: trimmed, never evaluated. A spreadsheet formula (=, +, -, @ or a tab first)
 * stays the literal text it is; the rules read it as text like any other value.
 */
export const cellText = (value: string | undefined): string => (value ?? '').trim();

/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** An xlsx serial day number (a date cell stored as a number) as YYYY-MM-DD; null if it is none. */
export function serialDay(text: string): string | null {
  if (!/^\d{1,6}(\.\d+)?$/.test(text)) return null;
  const serial = Math.floor(Number(text));
  if (serial < 1 || serial > 2_958_465) return null;
  return new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString().slice(0, 10);
}

export const IMPORT_STATES = [
  'empty',
  'planning',
  'planned',
  'applying',
  'applied',
  'failed',
] as const;
export type TImportState = (typeof IMPORT_STATES)[number];
export const IMPORT_CHANGE_KINDS = ['new', 'changed', 'unchanged', 'missing', 'refused'] as const;
export type TImportChangeKind = (typeof IMPORT_CHANGE_KINDS)[number];

export const INVENTORY_IMPORT_LIMITS = {
  /** Defaults of the configurable bounds (api/src/config.ts). */
  maxBytes: 40 * 1024 * 1024,
  maxRows: 200_000,
  /** What an xlsx may hold once unzipped. */
  maxUnzippedBytes: 400 * 1024 * 1024,
  fileName: 255,
} as const;

export const INVENTORY_IMPORT_MESSAGES = {
  notFound: 'Import not found.',
  fieldRequired: (label: string) =>
    `Please choose the column that holds the ${label.toLowerCase()}.`,
  headerUnknown: 'This column is not in the file.',
  headerTwice: 'This column already fills another field.',
  tooLarge: (megabytes: number) =>
    `This file is larger than ${megabytes} MB. Please split it into smaller files.`,
  tooManyRows: (rows: number) =>
    `This file has more than ${rows.toLocaleString('en-US')} rows. Please split it into smaller files.`,
  unzippedTooLarge: (megabytes: number) =>
    `This spreadsheet holds more than ${megabytes} MB once opened. Please save it as CSV or split it.`,
  notSpreadsheet: 'This file is neither a CSV file nor an Excel workbook (.xlsx).',
  noHeaderRow: 'This file has no header row: its first row must name the columns.',
  noSheet: 'This workbook has no worksheet.',
  badCsv: (line: number, reason: string) =>
    `This CSV file cannot be read at line ${line}: ${reason}`,
  badXlsx: 'This workbook cannot be read: it is damaged or not an Excel workbook.',
  nameRequired: 'Please name the file (?name=).',
  noFile: 'Please upload the file first.',
  cannotChange: 'This import has been applied: start a new import to change the inventory again.',
  busy: 'This import is being planned or applied: please wait until it is done.',
  notPlanned: 'This import has no plan to apply: please upload the file and choose its columns.',
  stale:
    'The inventory changed since this plan was made; it was planned again: please read it before applying.',
  fileChanged:
    'The file changed since this plan was made; it was planned again: please read it before applying.',
  duplicateAssembly: (row: number) => `This assembly ID is also in row ${row}: it is read once.`,
  locationConflict: (row: number) =>
    `This account number is in row ${row} with another value here: one location, one value.`,
} as const;

/** A mapping as the console sends it: each field's header, null (or absent) for none. */
export const ZImportMapping = z.object(
  Object.fromEntries(
    IMPORT_FIELDS.map((field) => [field, z.string().trim().min(1).nullable().optional()]),
  ),
) as unknown as z.ZodType<Partial<TImportMapping>, Partial<TImportMapping>>;

export const ZInventoryImportCreate = z.object({
  organizationId: z.coerce
    .number({ error: 'Please choose an organization.' })
    .int()
    .positive('Please choose an organization.')
    .optional(),
});

export const ZInventoryImportMappingUpdate = z.object({
  mapping: ZImportMapping,
  markMissingRemoved: z.boolean().optional().default(false),
});

export const ZImportSummary = z.object({
  newLocations: z.number().int(),
  changedLocations: z.number().int(),
  newAssemblies: z.number().int(),
  changedAssemblies: z.number().int(),
  unchanged: z.number().int(),
  missing: z.number().int(),
  refused: z.number().int(),
});
export type TImportSummary = z.infer<typeof ZImportSummary>;

export const ZInventoryImport = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  fileName: z.string(),
  state: z.enum(IMPORT_STATES),
  rowsRead: z.number().int(),
  headers: z.array(z.string()),
  mapping: z.record(z.enum(IMPORT_FIELDS), z.string().nullable()),
  markMissingRemoved: z.boolean(),
  summary: ZImportSummary.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type TInventoryImport = z.infer<typeof ZInventoryImport>;

export const ZImportChangesQuery = z.object({
  kind: z.enum(IMPORT_CHANGE_KINDS).optional(),
  _start: z.coerce.number().int().min(0).optional().default(0),
  _end: z.coerce.number().int().min(1).optional().default(50),
});

export const ZImportChange = z.object({
  row: z.number().int().nullable(),
  kind: z.enum(IMPORT_CHANGE_KINDS),
  entity: z.enum(['location', 'assembly']),
  key: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  refusals: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type TImportChange = z.infer<typeof ZImportChange>;

export const ZImportChangesPage = z.object({
  rows: z.array(ZImportChange),
  total: z.number().int(),
});
