// Save and finish later: what a saved registration holds and the calls that save and open it.
// A draft is the wizard's data as typed so far (incomplete and unchecked, so only bounded here:
// the wizard's checks run again when it is opened and Next is pressed) and the pages visited.
import { z } from 'zod';
import { MESSAGES } from './codes.js';
import { LIMITS, MAX_CERTIFICATIONS_PER_TESTER, USER_TYPES } from './constants.js';
import { LANGUAGES } from './i18n/languages.js';
import { ZCompanyMatch, ZEmail, ZHashValue } from './registration.js';

/** Longest text a draft keeps in any field (the wizard's own limits apply on Next). */
const DRAFT_TEXT_MAX = 1_000;
/** The wizard's pages: the spec's 0-6, and 7 for the company's credentials (issue 27). */
const LAST_PAGE = 7;

const text = z.string({ error: MESSAGES.valueInvalid }).max(DRAFT_TEXT_MAX).default('');
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An uploaded document's reference, or '' before one is uploaded. */
const documentLink = z
  .string({ error: MESSAGES.valueInvalid })
  .refine((link) => link === '' || uuid.test(link), MESSAGES.documentLinkInvalid)
  .default('');

/** More credential types than any organization asks of one holder. */
const MAX_DRAFT_CREDENTIALS = 50;

/** Credentials as typed so far, by credential type id, each with its uploaded document. */
const ZDraftCredentials = z
  .record(
    z.string().regex(/^\d{1,10}$/),
    z.object({
      issuer: text,
      number: text,
      coverage: text,
      additionalInsured: z.boolean({ error: MESSAGES.valueInvalid }).default(false),
      expirationDate: text,
      documentLink,
      documentName: text,
    }),
    { error: MESSAGES.valueInvalid },
  )
  .refine((credentials) => Object.keys(credentials).length <= MAX_DRAFT_CREDENTIALS)
  .optional();

const ZDraftPerson = z.object({
  userFirstName: text,
  userLastName: text,
  userEmail: text,
  userPhone: text,
});

export const ZDraftData = z.object({
  /** Pages visited on the way to the one left open (the last). */
  path: z
    .array(z.number().int().min(0).max(LAST_PAGE), { error: MESSAGES.valueInvalid })
    .min(1)
    .max(LAST_PAGE + 1),
  userType: z.enum(['', ...USER_TYPES], { error: MESSAGES.valueInvalid }),
  company: z.object({
    companyID: z.number().int().positive().nullable().default(null),
    companyName: text,
    companyPhone: text,
    companyAddress1: text,
    companyAddress2: text,
    companyCity: text,
    companyState: text,
    companyZip: text,
  }),
  matches: z.array(ZCompanyMatch).max(10).default([]),
  /** Absent for an organization that asks for no credential. */
  companyCredentials: ZDraftCredentials,
  admins: z.array(ZDraftPerson).max(LIMITS.maxAdmins).default([]),
  testers: z
    .array(
      ZDraftPerson.extend({
        userCerts: z
          .array(
            z.object({
              certNum: text,
              certExp: text,
              certAgency: text,
              certType: text,
              certDocLink: documentLink,
              certDocName: text,
            }),
          )
          .max(MAX_CERTIFICATIONS_PER_TESTER)
          .default([]),
        userCredentials: ZDraftCredentials,
      }),
    )
    .max(LIMITS.maxTesters)
    .default([]),
  testKits: z
    .array(
      z.object({
        kitSerial: text,
        kitMfr: text,
        kitModel: text,
        kitCalibDate: text,
        kitCalibDocLink: documentLink,
        kitCalibDocName: text,
      }),
    )
    .max(LIMITS.maxTestKits)
    .default([]),
});
export type TDraftData = z.infer<typeof ZDraftData>;

export const ZSaveDraftRequest = z.object({
  hashValue: ZHashValue,
  /** The wizard run saving: saving again from the same run replaces its draft. */
  runId: z.string({ error: MESSAGES.valueInvalid }).regex(uuid, MESSAGES.valueInvalid),
  email: ZEmail,
  data: ZDraftData,
});
export type TSaveDraftRequest = z.infer<typeof ZSaveDraftRequest>;

export const ZOpenDraftRequest = z.object({
  token: z.string({ error: MESSAGES.valueInvalid }).min(1).max(200),
});

/** What opening a draft's link gives back: everything needed to restore the wizard. */
export const ZOpenedDraft = z.object({
  hashValue: z.string(),
  runId: z.string(),
  language: z.enum(LANGUAGES),
  data: ZDraftData,
});
export type TOpenedDraft = z.infer<typeof ZOpenedDraft>;

export const ZOpenDraftAnswer = z.object({
  code: z.string(),
  message: z.union([z.object({ draft: ZOpenedDraft }), z.string()]),
});
