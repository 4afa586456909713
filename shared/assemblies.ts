import { z } from 'zod';
import { ASSEMBLY_HAZARDS } from './assembly-due.js';
import { isIsoDate } from './registration.js';

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

/**
 * A size in inches as people write it: 0.75, 3/4, 1 1/2, 1-1/2, 2", 1.5 in; null for anything
 * else. Rounded to thousandths.
 */
export function parseSizeInches(text: string): number | null {
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/(inches|inch|in\.?|")$/, '')
    .trim();
  const whole = /^(\d+(?:\.\d+)?)$/.exec(cleaned);
  const fraction = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/.exec(cleaned);
  let size: number | null = null;
  if (whole) size = Number(whole[1]);
  else if (fraction && Number(fraction[3]) > 0) {
    size = Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
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

/**
 * A day as spreadsheets write it: YYYY-MM-DD, M/D/YYYY or M/D/YY (years 00-69 are 20xx), or an
 * ISO instant's day; null for anything else or a day the calendar lacks.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  let parts: [number, number, number] | null = null;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) {
    const year = Number(us[3]);
    parts = [
      us[3]?.length === 2 ? (year < 70 ? 2000 + year : 1900 + year) : year,
      Number(us[1]),
      Number(us[2]),
    ];
  }
  if (!parts) return null;
  const day = `${parts[0]}-${String(parts[1]).padStart(2, '0')}-${String(parts[2]).padStart(2, '0')}`;
  return isIsoDate(day) ? day : null;
}

const text = (max: number = INVENTORY_LIMITS.text) =>
  z.string().trim().max(max, INVENTORY_MESSAGES.tooLong).optional().default('');
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, INVENTORY_MESSAGES.tooLong);
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(values, { error: message }),
  );
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || null : (value ?? null)),
    z.enum(values, { error: message }).nullable(),
  );
/** A day as spreadsheets and the console write it (parseDay), or null when blank. */
export const ZDay = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value) : (value ?? null)),
  z
    .string()
    .nullable()
    .transform((value, context) => {
      if (value === null) return null;
      const parsed = parseDay(value);
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: INVENTORY_MESSAGES.dateInvalid });
        return z.NEVER;
      }
      return parsed;
    }),
);

export const ZContact = z.object({
  name: text(),
  email: z
    .string()
    .trim()
    .max(INVENTORY_LIMITS.text, INVENTORY_MESSAGES.tooLong)
    .refine((email) => email === '' || z.regexes.email.test(email), INVENTORY_MESSAGES.emailInvalid)
    .optional()
    .default(''),
  phone: text(50),
  /** The postal address, as one block of lines. */
  address: text(500),
  language: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || 'en' : (value ?? 'en')),
    z
      .string()
      .transform((language) =>
        language.startsWith('es') || language === 'spanish' || language === 'español'
          ? 'es'
          : language,
      )
      .pipe(z.enum(CONTACT_LANGUAGES, { error: INVENTORY_MESSAGES.languageInvalid })),
  ),
});
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

/** A location's fields, as the console writes them and as an import row gives them. */
export const ZLocationFields = z.object({
  accountNumber: required(INVENTORY_MESSAGES.accountNumberRequired, INVENTORY_LIMITS.code),
  name: text(),
  address1: required(INVENTORY_MESSAGES.addressRequired, INVENTORY_LIMITS.text),
  address2: text(),
  city: required(INVENTORY_MESSAGES.cityRequired, 100),
  state: text(2).transform((state) => state.toUpperCase()),
  zip: text(10),
  notes: text(INVENTORY_LIMITS.notes),
  contacts: ZContacts,
});
export type TLocationFields = z.output<typeof ZLocationFields>;

const size = z.preprocess(
  (value) =>
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string' && value.trim() === ''
        ? null
        : (value ?? null),
  z
    .string()
    .nullable()
    .transform((value, context) => {
      if (value === null) return null;
      const parsed = parseSizeInches(value);
      if (parsed === null) {
        context.addIssue({ code: 'custom', message: INVENTORY_MESSAGES.sizeInvalid });
        return z.NEVER;
      }
      return parsed;
    }),
);

/** The utility's own assembly ID, unique within its organization. */
export const ZAssemblyNumber = required(
  INVENTORY_MESSAGES.assemblyIdRequired,
  INVENTORY_LIMITS.code,
);

/** What an assembly's nameplate says: what a tester in the field reads and may correct. */
export const ZNameplate = z.object({
  serial: text(INVENTORY_LIMITS.code),
  make: text(100),
  model: text(100),
  sizeInches: size,
});
export type TNameplate = z.output<typeof ZNameplate>;
export const NAMEPLATE_FIELDS = Object.keys(ZNameplate.shape) as (keyof TNameplate)[];

/** An assembly's own fields (its location is named apart), for the console and the import. */
export const ZAssemblyFields = z
  .object({
    assemblyId: ZAssemblyNumber,
    type: z.preprocess(
      (value) => (typeof value === 'string' ? (assemblyTypeOf(value) ?? value) : value),
      z.enum(ASSEMBLY_TYPES, { error: INVENTORY_MESSAGES.typeInvalid }),
    ),
    ...ZNameplate.shape,
    hazard: choice(ASSEMBLY_HAZARDS, INVENTORY_MESSAGES.hazardInvalid),
    service: choice(ASSEMBLY_SERVICES, INVENTORY_MESSAGES.serviceInvalid),
    placement: text(),
    installedOn: ZDay,
    status: z.preprocess(
      (value) => (value === undefined || value === '' || value === null ? 'active' : value),
      choice(ASSEMBLY_STATUSES, INVENTORY_MESSAGES.statusInvalid),
    ),
    /** The assembly ID of the one that replaced it (status replaced). */
    replacedBy: text(INVENTORY_LIMITS.code),
    lastTestedOn: ZDay,
    lastResult: optionalChoice(TEST_RESULTS, INVENTORY_MESSAGES.resultInvalid),
  })
  .superRefine((assembly, context) => {
    if (assembly.status === 'replaced' && !assembly.replacedBy) {
      context.addIssue({
        code: 'custom',
        path: ['replacedBy'],
        message: INVENTORY_MESSAGES.replacedByRequired,
      });
    }
    if (assembly.lastResult && !assembly.lastTestedOn) {
      context.addIssue({
        code: 'custom',
        path: ['lastTestedOn'],
        message: INVENTORY_MESSAGES.resultWithoutDate,
      });
    }
  });
export type TAssemblyFields = z.output<typeof ZAssemblyFields>;
