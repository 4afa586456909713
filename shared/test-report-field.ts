import { z } from 'zod';
import { ASSEMBLY_STATUSES, ASSEMBLY_TYPES } from './assemblies.js';
import { USER_TYPES } from './constants.js';

// What a phone keeps to file test reports without signal (GET /api/account/field and its
// inventory pages): for each organization the signed-in person may file with, its rules, the
// testers they may file for with every period the checks read (the same record the server's
// checks read, test-report-checks.ts), the company's kits with their calibrations, and the
// organization's assemblies and locations in a compact form, fetched page by page in change
// order so a later visit fetches only what changed.

/** The most rows an inventory page holds, and how many it holds unless asked. */
export const FIELD_PAGE_LIMITS = { max: 10_000, default: 5_000 } as const;

const ZDay = z.string();
const ZInstant = z.string();

export const ZFieldPeriod = z.object({
  from: ZDay.nullable(),
  through: ZDay.nullable(),
  acceptedAt: ZInstant,
});

export const ZFieldCertification = z.object({
  id: z.number().int(),
  number: z.string(),
  agency: z.string(),
  type: z.string(),
  expiresOn: ZDay,
  /** The organization accepts certifications of its agency. */
  agencyAccepted: z.boolean(),
  periods: z.array(ZFieldPeriod),
});
export type TFieldCertification = z.output<typeof ZFieldCertification>;

export const ZFieldTester = z.object({
  /** The person (the report's testerId). */
  id: z.number().int(),
  name: z.string(),
  /** Each change of the registration's activity with the organization, oldest first. */
  activity: z.array(z.object({ at: ZInstant, active: z.boolean() })),
  certifications: z.array(ZFieldCertification),
  /** Each credential type the organization requires, with the periods of the tester's ones. */
  credentials: z.array(z.object({ type: z.string(), periods: z.array(ZFieldPeriod) })),
});
export type TFieldTester = z.output<typeof ZFieldTester>;

export const ZFieldKit = z.object({
  id: z.number().int(),
  serial: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  calibratedOn: ZDay,
  dueOn: ZDay.nullable(),
  /** Each accepted calibration: from its calibration date through its due date. */
  periods: z.array(ZFieldPeriod),
});
export type TFieldKit = z.output<typeof ZFieldKit>;

export const ZFieldOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  settings: z.object({
    filingWindowDays: z.number().int(),
    adminsMayFile: z.boolean(),
    /** psid in tenths, inches in hundredths (shared/test-readings.ts). */
    thresholds: z.record(z.string(), z.number()),
  }),
  /** Files as the tester who tests, or as an admin for the company's testers. */
  filer: z.enum(USER_TYPES),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  testers: z.array(ZFieldTester),
  kits: z.array(ZFieldKit),
});
export type TFieldOrganization = z.output<typeof ZFieldOrganization>;

export const ZFieldRecord = z.object({
  person: z.object({ id: z.number().int(), name: z.string(), userType: z.enum(USER_TYPES) }),
  /** The program's time zone: the test date and every check are program days. */
  timeZone: z.string(),
  /** When the server read it. */
  keptAt: ZInstant,
  organizations: z.array(ZFieldOrganization),
});
export type TFieldRecord = z.output<typeof ZFieldRecord>;

/** An assembly as the phone keeps it: [id, locationId, assemblyId, serial, type, status, installedOn]. */
export const ZFieldAssemblyRow = z.tuple([
  z.number().int(),
  z.number().int(),
  z.string(),
  z.string(),
  z.enum(ASSEMBLY_TYPES),
  z.enum(ASSEMBLY_STATUSES),
  ZDay.nullable(),
]);
export type TFieldAssemblyRow = z.output<typeof ZFieldAssemblyRow>;

/** A location as the phone keeps it: [id, address]. */
export const ZFieldLocationRow = z.tuple([z.number().int(), z.string()]);
export type TFieldLocationRow = z.output<typeof ZFieldLocationRow>;

/** A page of an inventory stream, in change order. */
export const fieldPageSchema = <R extends z.ZodType>(row: R) =>
  z.object({
    rows: z.array(row),
    /** The position after this page's last row (the one given when nothing is new): keep it. */
    next: z.string().nullable(),
    /** More rows wait after this page. */
    more: z.boolean(),
  });
export type TFieldPage<R> = { rows: R[]; next: string | null; more: boolean };

export const ZFieldPageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FIELD_PAGE_LIMITS.max)
    .optional()
    .default(FIELD_PAGE_LIMITS.default),
});
