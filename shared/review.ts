// Review and approval: the states a registration and each of its documents go through, the
// reasons a reviewer gives, and the requests of the review calls, shared by the API and the
// console. The words the registrant reads are in review-messages.ts.
import { z } from 'zod';
import { MESSAGES, STATUS_CODES } from './codes.js';
import { LIMITS, MAX_CERTIFICATIONS_PER_TESTER } from './constants.js';
import { ZCredential } from './credentials.js';
import { MAX_DATABASE_ID, ZCertification, ZDocumentLink, ZTestKit } from './registration.js';
import { CREDENTIAL_FACTS, CREDENTIAL_HOLDERS } from './requirements.js';
import { STANDINGS } from './standing.js';

/** A registration after submit: waiting (new or resubmitted), then decided. */
export const REVIEW_STATES = ['pending', 'changes_requested', 'approved', 'rejected'] as const;
export type TReviewState = (typeof REVIEW_STATES)[number];

/** Each certification and calibration document's own decision. */
export const DOCUMENT_DECISIONS = ['pending', 'accepted', 'rejected'] as const;
export type TDocumentDecision = (typeof DOCUMENT_DECISIONS)[number];

/** Why a document is rejected (with optional free text); both reach the registrant. */
export const DOCUMENT_REJECTION_REASONS = [
  'unreadable',
  'mismatch',
  'expired',
  'wrong_document',
  'other',
] as const;
export type TDocumentRejectionReason = (typeof DOCUMENT_REJECTION_REASONS)[number];

/** Why a whole registration is rejected (final). */
export const REGISTRATION_REJECTION_REASONS = [
  'not_eligible',
  'duplicate',
  'not_verified',
  'other',
] as const;
export type TRegistrationRejectionReason = (typeof REGISTRATION_REJECTION_REASONS)[number];

/**
 * The kinds of reviewed document: a tester's certification, a company's test kit, and a
 * credential an organization asks of the company or the tester (issue 27).
 */
export const REVIEW_ITEM_KINDS = ['certification', 'testKit', 'credential'] as const;
export type TReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

/** A certification expiring within this many days is flagged on the review screen. */
export const EXPIRING_SOON_DAYS = 30;

/** How long a personal status link works. */
export const STATUS_LINK_DAYS = 30;

export const REVIEW_NOTE_MAX = 1000;

/** The console's words for the review calls' problems (staff-facing). */
export const REVIEW_STAFF_MESSAGES = {
  staleVersion: 'This registration was changed by someone else. Reload to see the latest.',
  versionRequired: 'The version of the registration you reviewed is required.',
  reasonRequired: 'Please choose a reason.',
  noteTooLong: `The note must be ${REVIEW_NOTE_MAX} characters or less.`,
  itemNotFound: 'This document is not part of the registration.',
  notWaiting: 'This registration is not waiting for review.',
  alreadyFinal: 'This registration has already been decided.',
  documentsNotAccepted: 'Every document must be accepted before the registration is approved.',
  documentsUndecided: 'Accept or reject every document before sending the decision.',
  nothingRejected: 'Reject at least one document to send a decision, or approve the registration.',
  registrationNotFound: 'Registration not found.',
  queueEmpty: 'No registrations are waiting for review.',
} as const;

const ZVersion = z
  .number({ error: REVIEW_STAFF_MESSAGES.versionRequired })
  .int(REVIEW_STAFF_MESSAGES.versionRequired)
  .min(1, REVIEW_STAFF_MESSAGES.versionRequired)
  .max(MAX_DATABASE_ID, REVIEW_STAFF_MESSAGES.versionRequired);

const ZNote = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX, REVIEW_STAFF_MESSAGES.noteTooLong)
  .nullish()
  .transform((note) => note || null);

/** Approve, or send the decision (changes requested): the version the reviewer saw. */
export const ZReviewDecisionRequest = z.object({ version: ZVersion });
export type TReviewDecisionRequest = z.infer<typeof ZReviewDecisionRequest>;

/** Accept or reject one document of the registration. */
export const ZDocumentDecisionRequest = z
  .object({
    version: ZVersion,
    item: z.enum(REVIEW_ITEM_KINDS),
    itemId: z.number().int().min(1).max(MAX_DATABASE_ID),
    decision: z.enum(['accepted', 'rejected']),
    reason: z
      .enum(DOCUMENT_REJECTION_REASONS, { error: REVIEW_STAFF_MESSAGES.reasonRequired })
      .nullish(),
    note: ZNote,
  })
  .superRefine((request, ctx) => {
    if (request.decision === 'rejected' && !request.reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: REVIEW_STAFF_MESSAGES.reasonRequired,
      });
    }
  })
  .transform((request) =>
    request.decision === 'accepted'
      ? { ...request, reason: null, note: null }
      : { ...request, reason: request.reason ?? null },
  );
export type TDocumentDecisionRequest = z.infer<typeof ZDocumentDecisionRequest>;

/** Reject the whole registration (final), with a reason. */
export const ZRegistrationRejectRequest = z.object({
  version: ZVersion,
  reason: z.enum(REGISTRATION_REJECTION_REASONS, {
    error: REVIEW_STAFF_MESSAGES.reasonRequired,
  }),
  note: ZNote,
});
export type TRegistrationRejectRequest = z.infer<typeof ZRegistrationRejectRequest>;

// ---- the registrant's status link (public calls under /api/tr/status) ----

// The status calls' own answer codes are in codes.ts, which the status page's first screen reads
// without these schemas.
export { STATUS_CODES };

/** A recorded certification as staff and its registrant see it (no document). */
export const ZCertificationFacts = z.object({
  id: z.number().int(),
  number: z.string(),
  /** YYYY-MM-DD. */
  expiresOn: z.string(),
  /** The agency's and the type's names as recorded, and their ids (null once deleted). */
  agencyId: z.number().int().nullable(),
  agencyName: z.string(),
  typeId: z.number().int().nullable(),
  typeName: z.string(),
});

/** A submitted test kit as staff and its registrant see it (no document). */
export const ZTestKitFacts = z.object({
  id: z.number().int(),
  serial: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  /** YYYY-MM-DD. */
  calibratedOn: z.string(),
});

/** A recorded credential as staff and its registrant see it (no document). */
export const ZCredentialFacts = z.object({
  id: z.number().int(),
  /** The type's name and holder as recorded, and its id (null once deleted). */
  credentialTypeId: z.number().int().nullable(),
  typeName: z.string(),
  holder: z.enum(CREDENTIAL_HOLDERS),
  /** The facts its type carries; null where it carries none (or, for additional insured, where
   * the organization does not ask). Coverage in whole US dollars. */
  issuer: z.string().nullable(),
  number: z.string().nullable(),
  coverage: z.number().int().nullable(),
  additionalInsured: z.boolean().nullable(),
  /** YYYY-MM-DD; null for a type that does not expire. */
  expiresOn: z.string().nullable(),
});

/**
 * What the organization asks of a credential's type, so its registrant's form shows the facts
 * it carries and checks them by the organization's rules (shared/requirements.ts).
 */
export const ZCredentialRule = z.object({
  facts: z.array(z.enum(CREDENTIAL_FACTS)),
  expires: z.boolean(),
  minimumCoverage: z.number().int().nullable(),
  /** Whether the certificate must name the organization as additional insured. */
  additionalInsured: z.boolean(),
});
export type TCredentialRule = z.infer<typeof ZCredentialRule>;

/** A document's decision, with the reason and note the registrant reads. */
export const ZItemDecision = z.object({
  decision: z.enum(DOCUMENT_DECISIONS),
  reason: z.enum(DOCUMENT_REJECTION_REASONS).nullable(),
  note: z.string().nullable(),
});

/** What the registrant's status page shows: no documents, no staff names. */
export const ZStatusView = z.object({
  organizationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  state: z.enum(REVIEW_STATES),
  /** YYYY-MM-DD in the program's time zone. */
  registeredOn: z.string(),
  /** Whether corrections may be sent now (changes were requested). */
  canCorrect: z.boolean(),
  /**
   * The items that may be renewed now (expired or due within 60 days, on a registration that is
   * approved or waiting for review): sent through the same call as corrections.
   */
  renewable: z.object({
    certifications: z.array(z.number().int()),
    testKits: z.array(z.number().int()),
    credentials: z.array(z.number().int()),
  }),
  certifications: z.array(ZCertificationFacts.extend(ZItemDecision.shape)),
  testKits: z.array(ZTestKitFacts.extend(ZItemDecision.shape)),
  /** The organization's credentials (issue 27; empty where it asks for none), each with its rule
   * (null for a type that no longer exists: such a credential cannot be changed here). */
  credentials: z.array(
    ZCredentialFacts.extend(ZItemDecision.shape).extend({ rule: ZCredentialRule.nullable() }),
  ),
  /** Active, Suspended or Lapsed (shared/standing.ts). */
  standing: z.enum(STANDINGS),
  /** The last day of the registration's period (null: until withdrawn, or not approved). */
  validThrough: z.string().nullable(),
  /** Registering again for the next period is open now (POST …/reregister). */
  canRegisterAgain: z.boolean(),
});
export type TStatusView = z.infer<typeof ZStatusView>;

export const ZStatusAnswer = z.object({
  code: z.literal(STATUS_CODES.valid),
  message: z.object({ status: ZStatusView }),
});

/** Corrections' problems: general ones, and one per field keyed `certifications.{id}.certNum`. */
export interface TCorrectionErrors {
  generalErrors: string[];
  fieldErrors: Record<string, string>;
}

const CORRECTION_LISTS = {
  certification: 'certifications',
  testKit: 'testKits',
  credential: 'credentials',
} as const satisfies Record<TReviewItemKind, string>;

/** The path of an item's field in TCorrectionErrors and on the status page. */
export const correctionPath = (kind: TReviewItemKind, id: number, field: string) =>
  `${CORRECTION_LISTS[kind]}.${id}.${field}`;

/** A replacement document is optional: without one, the current document is kept. */
const ZReplacementDocument = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  ZDocumentLink.optional(),
);
const ZItemId = z.number().int().min(1).max(MAX_DATABASE_ID);

export const ZCertificationCorrection = ZCertification.extend({
  id: ZItemId,
  certDocLink: ZReplacementDocument,
});
export type TCertificationCorrection = z.infer<typeof ZCertificationCorrection>;

export const ZTestKitCorrection = ZTestKit.extend({
  id: ZItemId,
  kitCalibDocLink: ZReplacementDocument,
});
export type TTestKitCorrection = z.infer<typeof ZTestKitCorrection>;

/** A credential's values as the wizard takes them; facts its type does not carry are ignored. */
export const ZCredentialCorrection = ZCredential.extend({
  id: ZItemId,
  documentLink: ZReplacementDocument,
});
export type TCredentialCorrection = z.output<typeof ZCredentialCorrection>;

/** More credential corrections than a registration holds is no request (one per type asked, a
 * few more added from My registrations). */
const MAX_CREDENTIALS_PER_REGISTRATION = 100;

/** POST /api/tr/status/{hash}/{token}: one entry per rejected item. */
export const ZStatusCorrectionRequest = z.object({
  certifications: z.array(z.unknown()).max(MAX_CERTIFICATIONS_PER_TESTER).nullish(),
  testKits: z.array(z.unknown()).max(LIMITS.maxTestKits).nullish(),
  credentials: z.array(z.unknown()).max(MAX_CREDENTIALS_PER_REGISTRATION).nullish(),
});

export interface TCorrections {
  certifications: TCertificationCorrection[];
  testKits: TTestKitCorrection[];
  credentials: TCredentialCorrection[];
}

/**
 * Every field rule of the corrections (the wizard's rules and messages), item by item; the
 * server adds the checks that need the registration and the organization.
 */
export function checkCorrections(
  body: unknown,
): { ok: true; corrections: TCorrections } | { ok: false; errors: TCorrectionErrors } {
  const errors: TCorrectionErrors = { generalErrors: [], fieldErrors: {} };
  const envelope = ZStatusCorrectionRequest.safeParse(body);
  if (!envelope.success) {
    return { ok: false, errors: { ...errors, generalErrors: [MESSAGES.badRequest] } };
  }
  const parseAll = <T>(kind: TReviewItemKind, schema: z.ZodType<T>, entries: unknown[]) =>
    entries.flatMap((entry) => {
      const parsed = schema.safeParse(entry);
      if (parsed.success) return [parsed.data];
      const id = ZItemId.safeParse((entry as { id?: unknown } | null)?.id);
      if (!id.success) errors.generalErrors.push(MESSAGES.badRequest);
      for (const issue of parsed.error.issues) {
        const path = correctionPath(kind, id.success ? id.data : 0, String(issue.path[0] ?? ''));
        errors.fieldErrors[path] ??= issue.message;
      }
      return [];
    });
  const corrections = {
    certifications: parseAll(
      'certification',
      ZCertificationCorrection,
      envelope.data.certifications ?? [],
    ),
    testKits: parseAll('testKit', ZTestKitCorrection, envelope.data.testKits ?? []),
    credentials: parseAll('credential', ZCredentialCorrection, envelope.data.credentials ?? []),
  };
  const failed = errors.generalErrors.length > 0 || Object.keys(errors.fieldErrors).length > 0;
  return failed
    ? { ok: false, errors: { ...errors, generalErrors: [...new Set(errors.generalErrors)] } }
    : { ok: true, corrections };
}
