// Every rule of the public registration (spec sections 5 and 9) as zod schemas, used by the
// server and by the widget alike, and the answers' data. The error shapes the rules' results
// become are registration-errors.ts; the credentials an organization asks for beyond these are
// credentials.ts. No Node or DOM imports: this file runs in the browser too.
import { z } from 'zod';
import { MESSAGES } from './codes.js';
import {
  CANADIAN_PROVINCES,
  LIMITS,
  MAX_CERTIFICATIONS_PER_TESTER,
  STATE_CODES,
  USER_TYPES,
} from './constants.js';
import { fillMessage } from './fill-message.js';
import { CREDENTIAL_FACTS, CREDENTIAL_HOLDERS } from './requirements.js';
import { kitsToSend } from './test-kits.js';

export { fillMessage, kitsToSend };

const REQUIRED = MESSAGES.fieldRequired;

// Cross-field and list rules run even when a field already failed, so every message shows at once
// (their callbacks therefore read the value defensively).
const ALWAYS = { when: () => true };

/** The form in which emails are compared: surrounding spaces dropped, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// Absent values are "required"; present values of the wrong JSON type are "invalid".
const missingOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : MESSAGES.valueInvalid;

function requiredText(max: number, tooLong: string) {
  return z.string({ error: missingOrInvalid }).trim().min(1, REQUIRED).max(max, tooLong);
}

export function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: MESSAGES.valueInvalid })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value ?? '');
}

/** Strings that name a real calendar date as YYYY-MM-DD (years 1900-2999). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2999) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const ZIsoDate = z
  .string({ error: missingOrInvalid })
  .trim()
  .min(1, REQUIRED)
  .refine(isIsoDate, MESSAGES.dateInvalid);

/** The largest id a table's serial key holds (PostgreSQL int). */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * A reference to a row (agency, type, company): a positive integer, sent as a number or as
 * digits (the spec's maps are keyed by id strings).
 */
function referenceId(invalid: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number => {
      const text =
        typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
      if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
        ctx.addIssue({ code: 'custom', message: REQUIRED });
        return z.NEVER;
      }
      const id = /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_DATABASE_ID) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return id;
    });
}

// ---------------------------------------------------------------------------------------------
// User type

const lowerCased = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export const ZUserType = z
  .string({ error: MESSAGES.userTypeRequired })
  .trim()
  .toLowerCase()
  .pipe(z.enum(USER_TYPES, { error: MESSAGES.userTypeRequired }));
export type TUserType = z.infer<typeof ZUserType>;

// ---------------------------------------------------------------------------------------------
// Company

export const ZStateCode = z
  .string({ error: missingOrInvalid })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .refine((code) => (STATE_CODES as readonly string[]).includes(code), MESSAGES.stateInvalid);

/** 5 digits, or 5+4 with a hyphen. */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

export function isCanadianProvince(state: unknown): boolean {
  return (
    typeof state === 'string' &&
    (CANADIAN_PROVINCES as readonly string[]).includes(state.trim().toUpperCase())
  );
}

/** The zip check applies to every state code except Canadian provinces. */
export function isZipValid(zip: string, state: unknown): boolean {
  return isCanadianProvince(state) || US_ZIP_PATTERN.test(zip.trim());
}

/** An optional selected company: empty means "register a new company". */
const ZCompanyId = z
  .unknown()
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null || value === '') return null;
    const result = referenceId(MESSAGES.companyIdInvalid).safeParse(value);
    if (result.success) return result.data;
    ctx.addIssue({ code: 'custom', message: MESSAGES.companyIdInvalid });
    return z.NEVER;
  });

export const ZCompany = z
  .object({
    companyID: ZCompanyId,
    companyName: requiredText(LIMITS.longText, MESSAGES.companyNameTooLong),
    companyPhone: optionalText(LIMITS.shortText, MESSAGES.companyPhoneTooLong),
    companyAddress1: requiredText(LIMITS.longText, MESSAGES.companyAddressTooLong),
    companyAddress2: optionalText(LIMITS.longText, MESSAGES.companyAddress2TooLong),
    companyCity: requiredText(LIMITS.longText, MESSAGES.companyCityTooLong),
    companyState: ZStateCode,
    companyZip: requiredText(LIMITS.longText, MESSAGES.companyZipTooLong),
  })
  .superRefine((company, ctx) => {
    const zip = field(company, 'companyZip');
    if (typeof zip !== 'string' || !zip.trim() || zip.trim().length > LIMITS.longText) return;
    if (!isZipValid(zip, field(company, 'companyState'))) {
      ctx.addIssue({ code: 'custom', path: ['companyZip'], message: MESSAGES.zipInvalid });
    }
  }, ALWAYS);
export type TCompany = z.infer<typeof ZCompany>;

// ---------------------------------------------------------------------------------------------
// Users

export const ZEmail = z
  .string({ error: missingOrInvalid })
  .trim()
  .min(1, REQUIRED)
  .max(LIMITS.longText, MESSAGES.emailTooLong)
  .regex(z.regexes.email, MESSAGES.emailInvalid);

/** The fields every person has, admin or tester. */
export const ZUserFields = z.object({
  userFirstName: requiredText(LIMITS.shortText, MESSAGES.firstNameTooLong),
  userLastName: requiredText(LIMITS.shortText, MESSAGES.lastNameTooLong),
  userEmail: ZEmail,
  userPhone: optionalText(LIMITS.shortText, MESSAGES.phoneTooLong),
});

/** A person with their type, as staff edit them and as the final submit sends them. */
export const ZUser = ZUserFields.extend({ userType: ZUserType });
export type TUser = z.infer<typeof ZUser>;

/** In a list of one type the type may be left out; a different type is a mistake. */
function listedAs<T extends (typeof USER_TYPES)[number]>(type: T) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      if (value === undefined || value === null || value === '') return type;
      if (lowerCased(value) === type) return type;
      ctx.addIssue({ code: 'custom', message: MESSAGES.userTypeMismatch });
      return z.NEVER;
    });
}

// ---------------------------------------------------------------------------------------------
// Certifications and documents

/** A reference returned by the upload call (message.url): opaque to clients. */
export const ZDocumentLink = z
  .string({ error: missingOrInvalid })
  .trim()
  .min(1, REQUIRED)
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    MESSAGES.documentLinkInvalid,
  )
  .transform((link) => link.toLowerCase());

export const ZCertification = z.object({
  certNum: requiredText(LIMITS.longText, MESSAGES.certNumTooLong),
  certExp: ZIsoDate,
  certAgency: referenceId(MESSAGES.valueInvalid),
  certType: referenceId(MESSAGES.valueInvalid),
  certDocLink: ZDocumentLink,
});
export type TCertification = z.infer<typeof ZCertification>;

const ZCertificationList = z
  .array(ZCertification, { error: MESSAGES.valueInvalid })
  .max(
    MAX_CERTIFICATIONS_PER_TESTER,
    fillMessage(MESSAGES.tooManyCertifications, { count: MAX_CERTIFICATIONS_PER_TESTER }),
  )
  .nullish()
  .transform((list) => list ?? []);

export const ZAdmin = ZUserFields.extend({ userType: listedAs('admin') });

export const ZTester = ZUserFields.extend({
  userType: listedAs('tester'),
  userCerts: ZCertificationList,
});

/**
 * The organization's certification rules: how many each tester needs, and which agencies (and
 * for each, which types) it accepts. Keys are the ids as strings, as in org_associated_certs.
 */
export interface TCertificationRules {
  requiredCount: number;
  agencies: Record<string, { agency: string; associatedTypes: Record<string, string> }>;
  /**
   * Today in the program's time zone (YYYY-MM-DD) when certifications that expired before it are
   * refused (the organization does not accept expired certifications); absent: accepted.
   */
  expiredBefore?: string;
}

export function certificationRulesFromOrgInfo(orgInfo: TOrgInfo): TCertificationRules {
  const rules: TCertificationRules = {
    requiredCount: orgInfo.number_of_certs,
    agencies: orgInfo.org_associated_certs,
  };
  if (orgInfo.accept_expired_certs === false && orgInfo.program_date) {
    rules.expiredBefore = orgInfo.program_date;
  }
  return rules;
}

// ---------------------------------------------------------------------------------------------
// Test kits

export const ZTestKit = z.object({
  kitSerial: requiredText(LIMITS.longText, MESSAGES.kitSerialTooLong),
  kitMfr: requiredText(LIMITS.longText, MESSAGES.kitMfrTooLong),
  kitModel: requiredText(LIMITS.longText, MESSAGES.kitModelTooLong),
  kitCalibDate: ZIsoDate,
  kitCalibDocLink: ZDocumentLink,
});
export type TTestKit = z.infer<typeof ZTestKit>;

export const ZTestKitList = z.preprocess(
  (value) =>
    value === undefined || value === null ? [] : Array.isArray(value) ? kitsToSend(value) : value,
  z
    .array(ZTestKit, { error: MESSAGES.valueInvalid })
    .max(LIMITS.maxTestKits, fillMessage(MESSAGES.tooManyTestKits, { count: LIMITS.maxTestKits })),
);

// ---------------------------------------------------------------------------------------------
// List rules shared by the steps and the final submit

type Issues = z.RefinementCtx;

/** Positions whose email (normalized) also appears at another position. */
export function duplicateEmailPositions(emails: readonly unknown[]): number[] {
  const seen = new Map<string, number[]>();
  emails.forEach((email, position) => {
    if (typeof email !== 'string' || !email.trim()) return;
    const key = normalizeEmail(email);
    seen.set(key, [...(seen.get(key) ?? []), position]);
  });
  return [...seen.values()]
    .filter((positions) => positions.length > 1)
    .flat()
    .sort((a, b) => a - b);
}

function field(item: unknown, name: string): unknown {
  return item && typeof item === 'object' ? (item as Record<string, unknown>)[name] : undefined;
}

function addDuplicateEmailIssues(users: unknown, ctx: Issues) {
  if (!Array.isArray(users)) return;
  for (const position of duplicateEmailPositions(users.map((user) => field(user, 'userEmail')))) {
    ctx.addIssue({
      code: 'custom',
      path: [position, 'userEmail'],
      message: MESSAGES.emailNotUnique,
    });
  }
}

/** Id strings as org_associated_certs keys them ("7"), whatever form the client sent. */
function idKey(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return String(Number(value));
  return undefined;
}

function addCertificationRuleIssues(
  testers: readonly { position: number; user: unknown }[],
  rules: TCertificationRules,
  ctx: Issues,
) {
  for (const { position, user } of testers) {
    const certs = field(user, 'userCerts');
    const list = Array.isArray(certs) ? certs : [];
    if (list.length < rules.requiredCount) {
      ctx.addIssue({
        code: 'custom',
        path: [position, 'userCerts'],
        message: fillMessage(MESSAGES.certificationsRequired, { count: rules.requiredCount }),
      });
    }
    list.forEach((cert, index) => {
      const expiry = field(cert, 'certExp');
      if (
        rules.expiredBefore &&
        typeof expiry === 'string' &&
        isIsoDate(expiry.trim()) &&
        expiry.trim() < rules.expiredBefore
      ) {
        ctx.addIssue({
          code: 'custom',
          path: [position, 'userCerts', index, 'certExp'],
          message: MESSAGES.certificationExpired,
        });
      }
      const agencyKey = idKey(field(cert, 'certAgency'));
      const typeKey = idKey(field(cert, 'certType'));
      if (agencyKey === undefined) return;
      const agency = rules.agencies[agencyKey];
      if (!agency) {
        ctx.addIssue({
          code: 'custom',
          path: [position, 'userCerts', index, 'certAgency'],
          message: MESSAGES.certAgencyNotAccepted,
        });
      } else if (typeKey !== undefined && !(typeKey in agency.associatedTypes)) {
        ctx.addIssue({
          code: 'custom',
          path: [position, 'userCerts', index, 'certType'],
          message: MESSAGES.certTypeNotForAgency,
        });
      }
    });
  }
}

export const ZAdminList = z
  .array(ZAdmin, { error: MESSAGES.valueInvalid })
  .min(LIMITS.minAdmins, MESSAGES.adminsRequired)
  .max(LIMITS.maxAdmins, fillMessage(MESSAGES.tooManyAdmins, { count: LIMITS.maxAdmins }))
  .superRefine((admins, ctx) => addDuplicateEmailIssues(admins, ctx), ALWAYS);

/** The tester step; with the organization's rules, certification counts and links are checked. */
export function createTesterListSchema(rules?: TCertificationRules) {
  return z
    .array(ZTester, { error: MESSAGES.valueInvalid })
    .min(1, MESSAGES.testersRequired)
    .max(LIMITS.maxTesters, fillMessage(MESSAGES.tooManyTesters, { count: LIMITS.maxTesters }))
    .superRefine((testers, ctx) => {
      if (!Array.isArray(testers)) return;
      addDuplicateEmailIssues(testers, ctx);
      if (rules) {
        addCertificationRuleIssues(
          testers.map((user, position) => ({ position, user })),
          rules,
          ctx,
        );
      }
    }, ALWAYS);
}

/** A person in the final submit: admins carry no certifications (any sent are dropped). */
export const ZSubmitUser = ZUser.extend({ userCerts: ZCertificationList }).transform((user) =>
  user.userType === 'admin' ? { ...user, userCerts: [] } : user,
);
export type TSubmitUser = z.infer<typeof ZSubmitUser>;

const MAX_USERS = LIMITS.maxAdmins + LIMITS.maxTesters;

function createSubmitUserListSchema(rules?: TCertificationRules) {
  return z
    .array(ZSubmitUser, { error: MESSAGES.valueInvalid })
    .min(1, MESSAGES.usersRequired)
    .max(MAX_USERS, fillMessage(MESSAGES.tooManyTesters, { count: LIMITS.maxTesters }))
    .superRefine((users, ctx) => {
      if (!Array.isArray(users)) return;
      const typed = users.map((user, position) => ({
        position,
        user,
        type: lowerCased(field(user, 'userType')),
      }));
      const admins = typed.filter((entry) => entry.type === 'admin');
      const testers = typed.filter((entry) => entry.type === 'tester');
      if (admins.length > LIMITS.maxAdmins) {
        ctx.addIssue({
          code: 'custom',
          message: fillMessage(MESSAGES.tooManyAdmins, { count: LIMITS.maxAdmins }),
        });
      }
      if (testers.length > LIMITS.maxTesters) {
        ctx.addIssue({
          code: 'custom',
          message: fillMessage(MESSAGES.tooManyTesters, { count: LIMITS.maxTesters }),
        });
      }
      addDuplicateEmailIssues(users, ctx);
      if (rules) addCertificationRuleIssues(testers, rules, ctx);
    }, ALWAYS);
}

// ---------------------------------------------------------------------------------------------
// Requests of the public calls (spec section 7)

export const ZValidateUserTypeRequest = z.object({ userType: ZUserType });

/** companyInfo is a list holding the one company being registered. */
export const ZCompanyInfo = z
  .array(ZCompany, { error: MESSAGES.companyInfoInvalid })
  .length(1, MESSAGES.companyInfoInvalid);

export const ZValidateCompanyRequest = z.object({ companyInfo: ZCompanyInfo });
export const ZValidateAdminsRequest = z.object({ adminInfo: ZAdminList });
export const ZValidateTestKitsRequest = z.object({ testKitInfo: ZTestKitList });

export const ZHashValue = z.string({ error: missingOrInvalid }).trim().min(1, REQUIRED).max(255);

export function createValidateTestersRequestSchema(rules?: TCertificationRules) {
  return z.object({
    testerInfo: createTesterListSchema(rules),
    hashValue: ZHashValue.optional(),
  });
}
export const ZValidateTestersRequest = createValidateTestersRequestSchema();

/** The final submit; the server passes the organization's rules, the widget its orgInfo's. */
export function createSubmitAllSchema(rules?: TCertificationRules) {
  return z.object({
    hashValue: ZHashValue,
    companyInfo: ZCompanyInfo,
    userInfo: createSubmitUserListSchema(rules),
    testKitInfo: ZTestKitList,
  });
}
export const ZSubmitAllRequest = createSubmitAllSchema();
export type TSubmitAllRequest = z.infer<typeof ZSubmitAllRequest>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A credential type the organization asks for, with what it asks of it (issue 27). */
export const ZCredentialRequirementInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  holder: z.enum(CREDENTIAL_HOLDERS),
  expires: z.boolean(),
  facts: z.array(z.enum(CREDENTIAL_FACTS)),
  /** Required, or accepted when given. */
  required: z.boolean(),
  /** Whole US dollars; null: any amount. */
  minimumCoverage: z.number().nullable(),
  additionalInsured: z.boolean(),
});

export const ZOrgInfo = z.object({
  org_name: z.string(),
  org_banner: z.string(),
  number_of_certs: z.number().int().min(0),
  org_associated_certs: z.record(
    z.string(),
    z.object({ agency: z.string(), associatedTypes: z.record(z.string(), z.string()) }),
  ),
  homePageBanner: z.string(),
  /** Whether a certification that expired before program_date is accepted. */
  accept_expired_certs: z.boolean().optional(),
  /** Today in the program's time zone (YYYY-MM-DD), the day expiry is judged against. */
  program_date: z.string().optional(),
  /**
   * The credentials it asks of the company and of each tester, the company's first, by name;
   * absent for an organization that asks for none (the spec's answer, unchanged).
   */
  credential_requirements: z.array(ZCredentialRequirementInfo).optional(),
});
export type TOrgInfo = z.infer<typeof ZOrgInfo>;

export const ZApiAnswer = z.object({ code: z.string(), message: z.unknown() });

export const ZOrgInfoAnswer = z.object({
  code: z.string(),
  message: z.union([z.object({ orgInfo: ZOrgInfo }), z.string()]),
});

export const ZCompanyMatch = z.object({
  companyID: z.number().int(),
  companyName: z.string(),
  companyAddress1: z.string(),
  companyAddress2: z.string(),
  companyCity: z.string(),
  companyState: z.string(),
  companyZip: z.string(),
});
export type TCompanyMatch = z.infer<typeof ZCompanyMatch>;

export const ZUploadAnswer = z.object({ code: z.string(), message: z.object({ url: z.string() }) });

/** GET /api/tr/get/embedding/{hash}?origin=: whether a page of the origin may embed the form. */
export const ZEmbeddingAnswer = z.object({
  code: z.string(),
  message: z.object({ allowed: z.boolean() }),
});
