import { z } from 'zod';
import { ASSEMBLY_HAZARDS } from './assembly-due.js';
import {
  choiceRule,
  choiceText,
  type FieldIssue,
  type FieldRule,
  type FieldsRead,
  Issues,
  mapRule,
  optionalChoiceRule,
  parsedRule,
  readWith,
  requiredRule,
  schemasOf,
  textRule,
} from './field-rules.js';

// An organization's inventory: its locations (an account at a service address, with its
// contacts) and the backflow assemblies at each. One set of field rules for the console's forms,
// the import's rows and the server, with the words they answer in.

export const ASSEMBLY_TYPES = ['RP', 'RPDA', 'DC', 'DCDA', 'PVB', 'SVB', 'AG'] as const;
export type TAssemblyType = (typeof ASSEMBLY_TYPES)[number];

export const ASSEMBLY_TYPE_LABELS: Record<TAssemblyType, string> = {
  RP: 'Reduced pressure (RP)',
  RPDA: 'Reduced pressure detector (RPDA)',
  DC: 'Double check (DC)',
  DCDA: 'Double check detector (DCDA)',
  PVB: 'Pressure vacuum breaker (PVB)',
  SVB: 'Spill-resistant vacuum breaker (SVB)',
  AG: 'Air gap (AG)',
};

/** What billing and GIS exports write for each type, read case- and punctuation-insensitively. */
const TYPE_ALIASES: Record<string, TAssemblyType> = {
  rp: 'RP',
  rpz: 'RP',
  rpa: 'RP',
  rpbp: 'RP',
  reducedpressure: 'RP',
  reducedpressureprincipleassembly: 'RP',
  reducedpressurezone: 'RP',
  rpda: 'RPDA',
  rpdc: 'RPDA',
  reducedpressuredetector: 'RPDA',
  reducedpressuredetectorassembly: 'RPDA',
  dc: 'DC',
  dcva: 'DC',
  dca: 'DC',
  doublecheck: 'DC',
  doublecheckvalve: 'DC',
  doublecheckvalveassembly: 'DC',
  dcda: 'DCDA',
  doublecheckdetector: 'DCDA',
  doublecheckdetectorassembly: 'DCDA',
  pvb: 'PVB',
  pva: 'PVB',
  pressurevacuumbreaker: 'PVB',
  svb: 'SVB',
  srvb: 'SVB',
  spillresistantvacuumbreaker: 'SVB',
  ag: 'AG',
  airgap: 'AG',
};

export const ASSEMBLY_SERVICES = ['domestic', 'fire', 'irrigation'] as const;
export type TAssemblyService = (typeof ASSEMBLY_SERVICES)[number];
export const ASSEMBLY_STATUSES = ['active', 'removed', 'replaced'] as const;
export type TAssemblyStatus = (typeof ASSEMBLY_STATUSES)[number];
export const TEST_RESULTS = ['pass', 'fail'] as const;
export type TTestResult = (typeof TEST_RESULTS)[number];
export const CONTACT_ROLES = ['owner', 'manager', 'tenant'] as const;
export type TContactRole = (typeof CONTACT_ROLES)[number];
export const CONTACT_LANGUAGES = ['en', 'es'] as const;

export const INVENTORY_LIMITS = {
  code: 50,
  text: 255,
  notes: 2000,
  /** Sizes from a quarter inch to 24 inches. */
  minSize: 0.25,
  maxSize: 24,
} as const;

export const INVENTORY_MESSAGES = {
  accountNumberRequired: 'Please enter the account number.',
  assemblyIdRequired: 'Please enter the assembly ID.',
  addressRequired: 'Please enter the service address.',
  cityRequired: 'Please enter the city.',
  typeInvalid: 'Please choose a type: RP, RPDA, DC, DCDA, PVB, SVB or AG.',
  hazardInvalid: 'Please choose a hazard: high or low.',
  serviceInvalid: 'Please choose a service: domestic, fire or irrigation.',
  statusInvalid: 'Please choose a status: active, removed or replaced.',
  resultInvalid: 'Please choose a result: pass or fail.',
  languageInvalid: 'Please choose English or Spanish.',
  sizeInvalid: 'Please enter a size in inches from 1/4 to 24, such as 3/4 or 1.5.',
  dateInvalid: 'Please enter a date as YYYY-MM-DD or MM/DD/YYYY.',
  dateInFuture: 'This date is in the future.',
  emailInvalid: 'Please enter a valid email address.',
  tooLong: 'This is too long.',
  replacedByRequired: 'Please enter the assembly ID of the assembly that replaced it.',
  resultWithoutDate: 'A last result needs the date of the last test.',
  locationNotFound: 'Location not found.',
  assemblyNotFound: 'Assembly not found.',
  accountNumberTaken: 'Another location of this organization has this account number.',
  assemblyIdTaken: 'Another assembly of this organization has this assembly ID.',
} as const;

/** Lower case, letters and digits only: how aliases and headers are compared. */
export const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A type as exports write it ("RPZ", "Double Check Valve Assembly"), or null. */
export function assemblyTypeOf(text: string): TAssemblyType | null {
  return TYPE_ALIASES[compact(text)] ?? null;
}

const SIZE_UNIT = /(inches|inch|in\.?|")$/;
const WHOLE_SIZE = /^\d+(?:\.\d+)?$/;
const FRACTION_SIZE = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/;

/**
 * A size in inches as people write it: 0.75, 3/4, 1 1/2, 1-1/2, 2", 1.5 in; null for anything
 * else. Rounded to thousandths.
 */
export function parseSizeInches(text: string): number | null {
  const cleaned = text.trim().toLowerCase().replace(SIZE_UNIT, '').trim();
  let size: number | null = null;
  if (WHOLE_SIZE.test(cleaned)) size = Number(cleaned);
  else {
    const fraction = FRACTION_SIZE.exec(cleaned);
    if (fraction && Number(fraction[3]) > 0) {
      size = Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
    }
  }
  if (size === null || !Number.isFinite(size)) return null;
  if (size < INVENTORY_LIMITS.minSize || size > INVENTORY_LIMITS.maxSize) return null;
  return Math.round(size * 1000) / 1000;
}

const FRACTIONS: Record<string, string> = {
  '0.25': '1/4',
  '0.375': '3/8',
  '0.5': '1/2',
  '0.625': '5/8',
  '0.75': '3/4',
};

/** A size as a plumber reads it: 3/4", 1 1/2", 2". */
export function formatSizeInches(size: number): string {
  const whole = Math.floor(size);
  const part = FRACTIONS[String(Math.round((size - whole) * 1000) / 1000)];
  if (part) return whole > 0 ? `${whole} ${part}"` : `${part}"`;
  return `${size}"`;
}

/** 0-99 as two digits ("07"). */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** The number the digits (0-9) of text[start, end) write. */
function digitsAt(text: string, start: number, end: number): number {
  let number = 0;
  for (let index = start; index < end; index++) number = number * 10 + text.charCodeAt(index) - 48;
  return number;
}

/** Where the run of digits (0-9) from `start` ends. */
function digitsEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return end;
}

/** A line break, which the time of an ISO instant (`.` in /[T ].*$/) may not hold. */
const isLineBreak = (code: number) =>
  code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;

/**
 * Whether isIsoDate accepts the day's YYYY-MM-DD text (a day of the calendar, years
 * 1900-2999), computed rather than parsed back from the text (shared/assemblies.test.ts holds
 * the two to one answer for every year, month and day from 1890 to 3010).
 */
function isCalendarDay(year: number, month: number, date: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || date < 1) return false;
  if (month === 2)
    return date <= (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28);
  return date <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/**
 * A day as spreadsheets write it: YYYY-MM-DD, M/D/YYYY or M/D/YY (years 00-69 are 20xx), or an
 * ISO instant's day; null for anything else or a day the calendar lacks. The text is read as
 * /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/ or /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/ would read
 * it, character by character: an import's 100,000 rows of dates make no match objects.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let date: number;
  const lead = digitsEnd(value, 0);
  if (lead === 4 && value.charCodeAt(4) === 0x2d) {
    // YYYY-M(M)-D(D), then the end or a time after T or a space.
    const monthEnd = digitsEnd(value, 5);
    if (monthEnd === 5 || monthEnd > 7 || value.charCodeAt(monthEnd) !== 0x2d) return null;
    const dateEnd = digitsEnd(value, monthEnd + 1);
    if (dateEnd === monthEnd + 1 || dateEnd > monthEnd + 3) return null;
    if (dateEnd < value.length) {
      const next = value.charCodeAt(dateEnd);
      if (next !== 0x54 && next !== 0x20) return null;
      for (let index = dateEnd + 1; index < value.length; index++) {
        if (isLineBreak(value.charCodeAt(index))) return null;
      }
    }
    year = digitsAt(value, 0, 4);
    month = digitsAt(value, 5, monthEnd);
    date = digitsAt(value, monthEnd + 1, dateEnd);
  } else if ((lead === 1 || lead === 2) && value.charCodeAt(lead) === 0x2f) {
    // M(M)/D(D)/YY or M(M)/D(D)/YYYY, and the end.
    const dateEnd = digitsEnd(value, lead + 1);
    if (dateEnd === lead + 1 || dateEnd > lead + 3 || value.charCodeAt(dateEnd) !== 0x2f) {
      return null;
    }
    const yearEnd = digitsEnd(value, dateEnd + 1);
    const digits = yearEnd - dateEnd - 1;
    if (yearEnd !== value.length || (digits !== 2 && digits !== 4)) return null;
    const written = digitsAt(value, dateEnd + 1, yearEnd);
    year = digits === 2 ? (written < 70 ? 2000 + written : 1900 + written) : written;
    month = digitsAt(value, 0, lead);
    date = digitsAt(value, lead + 1, dateEnd);
  } else return null;
  // Month and day have one or two digits: 0-99.
  return isCalendarDay(year, month, date)
    ? `${year}-${TWO_DIGITS[month]}-${TWO_DIGITS[date]}`
    : null;
}

/**
 * The longest each text field may be (after trimming): one table for the rules below, and for
 * the forms that bound their inputs.
 */
export const FIELD_MAX = {
  accountNumber: INVENTORY_LIMITS.code,
  locationName: INVENTORY_LIMITS.text,
  address1: INVENTORY_LIMITS.text,
  address2: INVENTORY_LIMITS.text,
  city: 100,
  state: 2,
  zip: 10,
  notes: INVENTORY_LIMITS.notes,
  contactName: INVENTORY_LIMITS.text,
  email: INVENTORY_LIMITS.text,
  phone: 50,
  contactAddress: 500,
  assemblyId: INVENTORY_LIMITS.code,
  serial: INVENTORY_LIMITS.code,
  make: 100,
  model: 100,
  placement: INVENTORY_LIMITS.text,
  replacedBy: INVENTORY_LIMITS.code,
} as const;

// Each field's rule once (shared/field-rules.ts): the console's forms, the server's routes and
// the import's rows read a field by the same rule, as a schema or as a reader of a row's text.

const text = (max: number) => textRule(max, INVENTORY_MESSAGES.tooLong);
const required = (message: string, max: number) =>
  requiredRule(message, max, INVENTORY_MESSAGES.tooLong);

/** A contact's language as people write it ("Spanish", "es-MX", "Español"), lower case. */
const languageOf = (language: string) =>
  language.startsWith('es') || language === 'spanish' || language === 'español' ? 'es' : language;
const isEmail = (email: string) => email === '' || z.regexes.email.test(email);

/** A day as spreadsheets and the console write it (parseDay), or null when blank. */
const DAY = parsedRule(parseDay, INVENTORY_MESSAGES.dateInvalid);
export const ZDay = DAY.schema;

const EMAIL_TEXT = text(FIELD_MAX.email);
const CONTACT_RULES = {
  name: text(FIELD_MAX.contactName),
  email: {
    schema: z
      .string()
      .trim()
      .max(FIELD_MAX.email, INVENTORY_MESSAGES.tooLong)
      .refine(isEmail, INVENTORY_MESSAGES.emailInvalid)
      .optional()
      .default(''),
    read(value: string | undefined, at: Issues, field: string, role?: string) {
      const email = EMAIL_TEXT.read(value, at, field, role);
      if (!isEmail(email)) at.add(field, INVENTORY_MESSAGES.emailInvalid, false, role);
      return email;
    },
  },
  phone: text(FIELD_MAX.phone),
  /** The postal address, as one block of lines. */
  address: text(FIELD_MAX.contactAddress),
  language: {
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? choiceText(value) || 'en' : (value ?? 'en')),
      z
        .string()
        .transform(languageOf)
        .pipe(z.enum(CONTACT_LANGUAGES, { error: INVENTORY_MESSAGES.languageInvalid })),
    ),
    read(value: string | undefined, at: Issues, field: string, role?: string) {
      const language = languageOf(typeof value === 'string' ? choiceText(value) || 'en' : 'en');
      if (!(CONTACT_LANGUAGES as readonly string[]).includes(language)) {
        at.add(field, INVENTORY_MESSAGES.languageInvalid, true, role);
      }
      return language as (typeof CONTACT_LANGUAGES)[number];
    },
  },
} satisfies Record<string, FieldRule>;

export const ZContact = z.object(schemasOf(CONTACT_RULES));
export type TContact = z.output<typeof ZContact>;

/** A contact is kept when any of its fields is filled. */
export const contactIsEmpty = (contact: TContact) =>
  !contact.name && !contact.email && !contact.phone && !contact.address;

export const ZContacts = z
  .object({
    owner: ZContact.optional(),
    manager: ZContact.optional(),
    tenant: ZContact.optional(),
  })
  .optional()
  .default({})
  .transform(
    (contacts) =>
      Object.fromEntries(
        Object.entries(contacts).filter(([, contact]) => contact && !contactIsEmpty(contact)),
      ) as Partial<Record<TContactRole, TContact>>,
  );
export type TContacts = z.output<typeof ZContacts>;

const LOCATION_RULES = {
  accountNumber: required(INVENTORY_MESSAGES.accountNumberRequired, FIELD_MAX.accountNumber),
  name: text(FIELD_MAX.locationName),
  address1: required(INVENTORY_MESSAGES.addressRequired, FIELD_MAX.address1),
  address2: text(FIELD_MAX.address2),
  city: required(INVENTORY_MESSAGES.cityRequired, FIELD_MAX.city),
  state: mapRule(text(FIELD_MAX.state), (state) => state.toUpperCase()),
  zip: text(FIELD_MAX.zip),
  notes: text(FIELD_MAX.notes),
} satisfies Record<string, FieldRule>;

/** A location's fields, as the console writes them and as an import row gives them. */
export const ZLocationFields = z.object({ ...schemasOf(LOCATION_RULES), contacts: ZContacts });
export type TLocationFields = z.output<typeof ZLocationFields>;

const ASSEMBLY_NUMBER = required(INVENTORY_MESSAGES.assemblyIdRequired, FIELD_MAX.assemblyId);
/** The utility's own assembly ID, unique within its organization. */
export const ZAssemblyNumber = ASSEMBLY_NUMBER.schema;

const NAMEPLATE_RULES = {
  serial: text(FIELD_MAX.serial),
  make: text(FIELD_MAX.make),
  model: text(FIELD_MAX.model),
  sizeInches: parsedRule(parseSizeInches, INVENTORY_MESSAGES.sizeInvalid, { numbers: true }),
} satisfies Record<string, FieldRule>;

/** What an assembly's nameplate says: what a tester in the field reads and may correct. */
export const ZNameplate = z.object(schemasOf(NAMEPLATE_RULES));
export type TNameplate = z.output<typeof ZNameplate>;
export const NAMEPLATE_FIELDS = Object.keys(ZNameplate.shape) as (keyof TNameplate)[];

const ASSEMBLY_RULES = {
  assemblyId: ASSEMBLY_NUMBER,
  type: {
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? (assemblyTypeOf(value) ?? value) : value),
      z.enum(ASSEMBLY_TYPES, { error: INVENTORY_MESSAGES.typeInvalid }),
    ),
    read(value: string | undefined, at: Issues, field: string) {
      const type = (value === undefined ? undefined : (assemblyTypeOf(value) ?? value)) as
        | TAssemblyType
        | undefined;
      if (type === undefined || !ASSEMBLY_TYPES.includes(type)) {
        at.add(field, INVENTORY_MESSAGES.typeInvalid, true);
      }
      return type as TAssemblyType;
    },
  },
  ...NAMEPLATE_RULES,
  hazard: choiceRule(ASSEMBLY_HAZARDS, INVENTORY_MESSAGES.hazardInvalid),
  service: choiceRule(ASSEMBLY_SERVICES, INVENTORY_MESSAGES.serviceInvalid),
  placement: text(FIELD_MAX.placement),
  installedOn: DAY,
  status: choiceRule(ASSEMBLY_STATUSES, INVENTORY_MESSAGES.statusInvalid, { blank: 'active' }),
  /** The assembly ID of the one that replaced it (status replaced). */
  replacedBy: text(FIELD_MAX.replacedBy),
  lastTestedOn: DAY,
  lastResult: optionalChoiceRule(TEST_RESULTS, INVENTORY_MESSAGES.resultInvalid),
} satisfies Record<string, FieldRule>;

/** An assembly's own checks, once its fields are read: a replacement's ID, a result's date. */
function assemblyIssues(assembly: {
  status: TAssemblyStatus;
  replacedBy: string;
  lastResult: TTestResult | null;
  lastTestedOn: string | null;
}): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (assembly.status === 'replaced' && !assembly.replacedBy) {
    issues.push({ path: ['replacedBy'], message: INVENTORY_MESSAGES.replacedByRequired });
  }
  if (assembly.lastResult && !assembly.lastTestedOn) {
    issues.push({ path: ['lastTestedOn'], message: INVENTORY_MESSAGES.resultWithoutDate });
  }
  return issues;
}

/** An assembly's own fields (its location is named apart), for the console and the import. */
export const ZAssemblyFields = z
  .object(schemasOf(ASSEMBLY_RULES))
  .superRefine((assembly, context) => {
    for (const { path, message } of assemblyIssues(assembly)) {
      context.addIssue({ code: 'custom', path, message });
    }
  });
export type TAssemblyFields = z.output<typeof ZAssemblyFields>;

// The readers of an inventory import's rows, from the same tables. A contact on file that is
// not all strings is read by ZContact itself.

/** The fields of a contact zod would read: strings or nothing (a language may also be null). */
function isTextContact(contact: unknown): contact is Partial<Record<keyof TContact, string>> {
  if (typeof contact !== 'object' || contact === null || Array.isArray(contact)) return false;
  const { name, email, phone, address, language } = contact as Record<string, unknown>;
  return (
    (name === undefined || typeof name === 'string') &&
    (email === undefined || typeof email === 'string') &&
    (phone === undefined || typeof phone === 'string') &&
    (address === undefined || typeof address === 'string') &&
    (language === undefined || language === null || typeof language === 'string')
  );
}

function readContact(contact: unknown, role: TContactRole, at: Issues): TContact | undefined {
  if (contact === undefined) return undefined;
  if (!isTextContact(contact)) {
    const read = ZContact.safeParse(contact);
    if (read.success) return read.data;
    at.pushAll(['contacts', role], read.error.issues);
    return undefined;
  }
  return readWith(CONTACT_RULES, contact, at, role);
}

function readContacts(contacts: unknown, at: Issues): TContacts {
  if (contacts === undefined) return {};
  if (typeof contacts !== 'object' || contacts === null || Array.isArray(contacts)) {
    const read = ZContacts.safeParse(contacts);
    if (read.success) return read.data;
    at.pushAll(['contacts'], read.error.issues);
    return {};
  }
  const read: TContacts = {};
  for (const role of CONTACT_ROLES) {
    const contact = readContact((contacts as Record<string, unknown>)[role], role, at);
    if (contact && !contactIsEmpty(contact)) read[role] = contact;
  }
  return read;
}

/** A location's fields as an import row gives them: text, and the contacts on file. */
export type LocationFieldsInput = Record<keyof typeof LOCATION_RULES, string> & {
  contacts?: unknown;
};

/** ZLocationFields.safeParse, for a row's text. */
export function readLocationFields(input: LocationFieldsInput): FieldsRead<TLocationFields> {
  const at = new Issues();
  const fields = readWith(LOCATION_RULES, input, at);
  const contacts = readContacts(input.contacts, at);
  if (at.list) return { success: false, issues: at.list };
  return { success: true, data: { ...fields, contacts } };
}

/** An assembly's fields as an import row gives them (status and replacement from the record). */
export type AssemblyFieldsInput = Record<keyof typeof ASSEMBLY_RULES, string>;

/** ZAssemblyFields.safeParse, for a row's text. */
export function readAssemblyFields(input: AssemblyFieldsInput): FieldsRead<TAssemblyFields> {
  const at = new Issues();
  const fields = readWith(ASSEMBLY_RULES, input, at);
  if (!at.aborted) for (const { path, message } of assemblyIssues(fields)) at.push(path, message);
  if (at.list) return { success: false, issues: at.list };
  return { success: true, data: fields };
}

/** ZDay.safeParse, for a cell's text or a day on file (null: none). */
export function readDay(value: string | null | undefined): FieldsRead<string | null> {
  const at = new Issues();
  const day = DAY.read(value, at, '');
  if (at.list)
    return { success: false, issues: [{ path: [], message: at.list[0]?.message ?? '' }] };
  return { success: true, data: day };
}
