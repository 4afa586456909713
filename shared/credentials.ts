// The credentials a registration gives for its organization's own requirements (issue 27): on
// the wire, a map from credential type id to what was entered, the company's beside companyInfo
// (`companyCredentials`) and each tester's beside their certifications (`userCredentials`).
// The rules are shared/requirements.ts's, applied here to what was sent: the widget checks its
// pages with them and the server its final submit. Only organizations that ask for credentials
// read these fields. No Node or DOM imports: this file runs in the browser too.
import { z } from 'zod';
import { MESSAGES } from './codes.js';
import { LIMITS } from './constants.js';
import { isIsoDate, optionalText, type TOrgInfo, ZDocumentLink } from './registration.js';
import {
  CREDENTIAL_HOLDERS,
  credentialMissing,
  credentialProblems,
  parseCoverage,
  type TCredentialEntry,
  type TCredentialHolder,
  type TJudgedOn,
} from './requirements.js';

/** A credential type the organization asks for, with what it asks of it. */
export type TCredentialRequirementInfo = NonNullable<TOrgInfo['credential_requirements']>[number];

/** What an organization asks for, and the day (and rule) expiry is judged by. */
export interface TCredentialRules {
  requirements: readonly TCredentialRequirementInfo[];
  judged: TJudgedOn;
}

/** The organization's credential rules; undefined when it asks for no credential. */
export function credentialRulesFromOrgInfo(orgInfo: TOrgInfo): TCredentialRules | undefined {
  const requirements = orgInfo.credential_requirements ?? [];
  if (requirements.length === 0) return undefined;
  const programDate = orgInfo.program_date ?? '';
  // Expired credentials are refused as expired certifications are: when the organization does
  // not accept them and the day is known.
  const acceptExpired = orgInfo.accept_expired_certs !== false || !programDate;
  return { requirements, judged: { programDate, acceptExpired } };
}

/** The types of the organization's requirements one holder gives. */
export function requirementsOf(
  rules: Pick<TCredentialRules, 'requirements'> | undefined,
  holder: TCredentialHolder,
): TCredentialRequirementInfo[] {
  return (rules?.requirements ?? []).filter((requirement) => requirement.holder === holder);
}

const text = (tooLong: string) => optionalText(LIMITS.longText, tooLong);

/** One credential as sent: every fact as typed; those its type does not carry are ignored. */
export const ZCredential = z.object({
  issuer: text(MESSAGES.credentialIssuerTooLong),
  number: text(MESSAGES.credentialNumberTooLong),
  /** Whole US dollars, as typed ("$1,000,000") or as a number. */
  coverage: z
    .union([z.string(), z.number()], { error: MESSAGES.valueInvalid })
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim())),
  additionalInsured: z
    .boolean({ error: MESSAGES.valueInvalid })
    .nullish()
    .transform((value) => value ?? false),
  /** YYYY-MM-DD; required (by the rules) when the type expires. */
  expirationDate: z
    .string({ error: MESSAGES.valueInvalid })
    .trim()
    .refine((date) => date === '' || isIsoDate(date), MESSAGES.dateInvalid)
    .nullish()
    .transform((date) => date ?? ''),
  documentLink: ZDocumentLink,
});
export type TCredential = z.output<typeof ZCredential>;

const asObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** A holder's credentials by type id ("12"); absent or null: none. Entries are read by type. */
const ZCredentialMap = z
  .record(z.string(), z.unknown(), { error: MESSAGES.valueInvalid })
  .nullish()
  .transform((credentials) => credentials ?? {});

/** An entry's values as the rules read them, whatever was sent (the rules run on every entry). */
function entryOf(value: unknown): TCredentialEntry {
  const entry = asObject(value);
  const textOf = (item: unknown) =>
    typeof item === 'string' ? item : typeof item === 'number' ? String(item) : undefined;
  return {
    issuer: textOf(entry.issuer),
    number: textOf(entry.number),
    coverage: textOf(entry.coverage),
    additionalInsured: entry.additionalInsured === true,
    expirationDate: textOf(entry.expirationDate),
  };
}

/** An entry without the facts its type does not carry (ignored, whatever they hold). */
function carriedOnly(entry: unknown, requirement: TCredentialRequirementInfo): unknown {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const carried = (field: string) =>
    field === 'documentLink' ||
    (field === 'expirationDate'
      ? requirement.expires
      : requirement.facts.some((fact) => fact === field));
  return Object.fromEntries(Object.entries(entry).filter(([field]) => carried(field)));
}

/**
 * One holder's credentials at `path`, by the organization's rules: each required type given,
 * and each type given (of those asked of this holder) with its fields' own checks and what its
 * type and the organization ask. A required type not given is named on its entry's
 * `credential`. Entries of types not asked of the holder are left out, as unknown fields are.
 * Returns the entries that passed, by type id.
 */
function checkedCredentials(
  credentials: Record<string, unknown>,
  requirements: readonly TCredentialRequirementInfo[],
  judged: TJudgedOn,
  path: readonly PropertyKey[],
  ctx: z.RefinementCtx,
): Record<string, TCredential> {
  const checked: Record<string, TCredential> = {};
  for (const requirement of requirements) {
    const key = String(requirement.id);
    const entry = credentials[key];
    if (entry === undefined || entry === null) {
      if (requirement.required) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, key, 'credential'],
          message: credentialMissing(requirement),
        });
      }
      continue;
    }
    const parsed = ZCredential.safeParse(carriedOnly(entry, requirement));
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: [...path, key, ...issue.path], message: issue.message });
    }
    const problems = credentialProblems(entryOf(entry), requirement, requirement, judged);
    for (const [field, message] of Object.entries(problems)) {
      ctx.addIssue({ code: 'custom', path: [...path, key, field], message });
    }
    if (parsed.success) checked[key] = parsed.data;
  }
  return checked;
}

const isTester = (user: Record<string, unknown>) =>
  typeof user.userType === 'string' && user.userType.trim().toLowerCase() === 'tester';

/**
 * The credentials of a final submit (or of one page of the wizard: `holders`), checked by the
 * organization's rules: `companyCredentials` for the company's types, and each tester's
 * `userCredentials` in `userInfo` for the testers' (admins give none). Issue paths are those of
 * the submit's body; userInfo's own shape and rules are the submit schema's.
 */
export function createCredentialsSchema(
  rules: TCredentialRules,
  holders: readonly TCredentialHolder[] = CREDENTIAL_HOLDERS,
) {
  const asked = (holder: TCredentialHolder) =>
    holders.includes(holder) ? requirementsOf(rules, holder) : [];
  return z
    .object({
      companyCredentials: ZCredentialMap,
      userInfo: z.preprocess(
        (users) => (Array.isArray(users) ? users.map(asObject) : []),
        z.array(z.object({ userType: z.unknown(), userCredentials: ZCredentialMap })),
      ),
    })
    .transform((body, ctx) => ({
      companyCredentials: checkedCredentials(
        body.companyCredentials,
        asked('company'),
        rules.judged,
        ['companyCredentials'],
        ctx,
      ),
      userCredentials: body.userInfo.map((user, position) =>
        isTester(user)
          ? checkedCredentials(
              user.userCredentials,
              asked('tester'),
              rules.judged,
              ['userInfo', position, 'userCredentials'],
              ctx,
            )
          : {},
      ),
    }));
}

/** The JSON shape of the credential fields, walked before their rules as every body is. */
export const ZSubmitCredentialsShape = z.object({
  companyCredentials: z.record(z.string(), ZCredential).optional(),
  userInfo: z.array(z.object({ userCredentials: z.record(z.string(), ZCredential).optional() })),
});

/**
 * A credential as recorded: only the facts its type carries (additional insured where the
 * organization asks it), coverage in whole dollars, no date for a type that does not expire.
 */
export interface TCredentialRecord {
  credentialTypeId: number;
  typeName: string;
  holder: TCredentialHolder;
  issuer: string | null;
  number: string | null;
  coverage: number | null;
  additionalInsured: boolean | null;
  expiresOn: string | null;
  documentId: string;
}

/** A checked credential of an asked type as it is recorded. */
export function credentialRecord(
  credential: TCredential,
  requirement: TCredentialRequirementInfo,
): TCredentialRecord {
  const carries = (fact: TCredentialRequirementInfo['facts'][number]) =>
    requirement.facts.includes(fact);
  return {
    credentialTypeId: requirement.id,
    typeName: requirement.name,
    holder: requirement.holder,
    issuer: carries('issuer') ? credential.issuer : null,
    number: carries('number') ? credential.number : null,
    coverage: carries('coverage') ? parseCoverage(credential.coverage) : null,
    // Asked (and shown in the wizard) only where the organization requires it.
    additionalInsured:
      carries('additionalInsured') && requirement.additionalInsured
        ? credential.additionalInsured
        : null,
    expiresOn: requirement.expires ? credential.expirationDate : null,
    documentId: credential.documentLink,
  };
}

/** The holder's checked credentials of the types the organization asks of it, as recorded. */
export function credentialRecords(
  credentials: Record<string, TCredential>,
  rules: TCredentialRules,
  holder: TCredentialHolder,
): TCredentialRecord[] {
  return requirementsOf(rules, holder).flatMap((requirement) => {
    const credential = credentials[String(requirement.id)];
    return credential ? [credentialRecord(credential, requirement)] : [];
  });
}
