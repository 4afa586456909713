// My registrations: a registrant's own record across their organizations, reached by a one-time
// sign-in link sent to their email (no password). The calls' requests and answers, the limits
// and the codes, shared by the server and the site.
import { z } from 'zod';
import { MESSAGES } from './codes.js';
import { LIMITS, USER_TYPES } from './constants.js';
import { ZCredential } from './credentials.js';
import {
  ZCertification,
  ZDocumentLink,
  ZEmail,
  ZIsoDate,
  ZOrgInfo,
  ZTester,
  ZTestKit,
  ZUserFields,
} from './registration.js';
import { CREDENTIAL_FACTS, CREDENTIAL_HOLDERS } from './requirements.js';
import { REVIEW_STATES } from './review.js';
import { STANDINGS } from './standing.js';

/** A sign-in link works this long, once; a newer one replaces it. */
export const SIGN_IN_LINK_MINUTES = 20;
/** A session ends after this long without a call… */
export const SESSION_IDLE_MINUTES = 30;
/** …and this long after sign-in whatever happens. */
export const SESSION_LONGEST_HOURS = 12;
/** Sign-in emails one address can be sent per hour; further requests are refused. */
export const SIGN_IN_EMAILS_PER_HOUR = 3;

// The site's address of My registrations and the pages an emailed sign-in link and a change of
// email's confirmation link open (in the site's route table), and the calls' own answer codes
// (without zod, for the site).
export { ACCOUNT_CODES } from './account-codes.js';
export {
  ACCOUNT_CONFIRM_EMAIL_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
} from './site-routes.js';

export const ZAccountSignInRequest = z.object({ email: ZEmail });
export type TAccountSignInRequest = z.infer<typeof ZAccountSignInRequest>;

export const ZAccountSessionRequest = z.object({
  token: z.string({ error: MESSAGES.accountLinkInvalid }).max(100, MESSAGES.accountLinkInvalid),
});

/** A new email address, confirmed from that address before it replaces the one on file. */
export const ZAccountEmailRequest = z.object({ email: ZEmail });
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const ZAccountPhoneRequest = z.object({
  phone: z
    .string({ error: MESSAGES.valueInvalid })
    .trim()
    .max(LIMITS.shortText, MESSAGES.phoneTooLong),
});
export type TAccountPhoneRequest = z.infer<typeof ZAccountPhoneRequest>;

/** A tester's choice not to be listed in any organization's public directory (issue 28). */
export const ZAccountDirectoryRequest = z.object({
  hidden: z.boolean({ error: MESSAGES.valueInvalid }),
});
export type TAccountDirectoryRequest = z.infer<typeof ZAccountDirectoryRequest>;

/** An item of the person's record, named by its key across organizations (as the view gives it). */
const ZItemKey = z.string({ error: MESSAGES.valueInvalid }).min(1).max(800);

/** A new certification: the wizard's fields and rules. */
export const ZAccountAddCertificationRequest = ZCertification;
/** A renewed certification: a later expiry and its new document. */
export const ZAccountRenewCertificationRequest = z.object({
  key: ZItemKey,
  certExp: ZIsoDate,
  certDocLink: ZDocumentLink,
});
/** A new test kit: the wizard's fields and rules. */
export const ZAccountAddTestKitRequest = ZTestKit;
/** A test kit's new calibration: its date and document. */
export const ZAccountCalibrationRequest = z.object({
  key: ZItemKey,
  kitCalibDate: ZIsoDate,
  kitCalibDocLink: ZDocumentLink,
});
export const ZAccountRetireTestKitRequest = z.object({ key: ZItemKey });
/**
 * A renewed credential: its new document and, for a type that expires, a later expiration date;
 * facts left out (or blank) stay as on file, additional insured too when absent.
 */
export const ZAccountRenewCredentialRequest = ZCredential.extend({
  key: ZItemKey,
  additionalInsured: z
    .boolean({ error: MESSAGES.valueInvalid })
    .nullish()
    .transform((value) => value ?? null),
});
/** A credential of a type one of the person's organizations (or the company's) asks for. */
export const ZAccountAddCredentialRequest = ZCredential.extend({
  /** 0 when none is chosen: refused as a required field. */
  credentialTypeId: z
    .number({ error: MESSAGES.valueInvalid })
    .int(MESSAGES.valueInvalid)
    .positive(MESSAGES.fieldRequired),
});

/**
 * The credential types the person's organizations (for a company admin, the company's) ask of
 * them, each with every such organization's own rule, for the add form.
 */
export const ZAccountCredentialOptionsAnswer = z.object({
  code: z.string(),
  message: z.object({
    types: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        holder: z.enum(CREDENTIAL_HOLDERS),
        expires: z.boolean(),
        facts: z.array(z.enum(CREDENTIAL_FACTS)),
        organizations: z.array(
          z.object({
            organizationName: z.string(),
            required: z.boolean(),
            minimumCoverage: z.number().nullable(),
            additionalInsured: z.boolean(),
          }),
        ),
      }),
    ),
  }),
});
export type TAccountCredentialOptions = z.infer<typeof ZAccountCredentialOptionsAnswer>['message'];

/**
 * The choices of the add forms: each agency (with the types it certifies) that any of the
 * person's organizations accepts, or for a company admin any of the company's, keyed by id
 * strings as org_associated_certs. Each organization still applies its own rules at Send.
 */
export const ZAccountCertificationOptionsAnswer = z.object({
  code: z.string(),
  message: z.object({ agencies: ZOrgInfo.shape.org_associated_certs }),
});
export type TAccountCertificationOptions = z.infer<
  typeof ZAccountCertificationOptionsAnswer
>['message'];

/** What an item sent from My registrations did, organization by organization. */
export const ZAccountItemAnswer = z.object({
  code: z.string(),
  message: z.object({
    /** The organizations whose registrations now carry it, waiting for review. */
    sentTo: z.array(z.string()),
    /** The organizations whose rules refused it, each with the reason in their words. */
    refusedBy: z.array(z.object({ organizationName: z.string(), message: z.string() })),
  }),
});
export type TAccountItemAnswer = z.infer<typeof ZAccountItemAnswer>['message'];

/** A person a company admin adds to their company: the wizard's fields and rules. */
export const ZAccountAddPersonRequest = ZUserFields.extend({
  userType: z.enum(USER_TYPES, { error: MESSAGES.userTypeIsRequired }),
  userCerts: ZTester.shape.userCerts,
});
export type TAccountAddPersonRequest = z.output<typeof ZAccountAddPersonRequest>;
export const ZAccountRemovePersonRequest = z.object({
  personId: z.number({ error: MESSAGES.valueInvalid }).int().positive(),
});
/** A company admin's invitation link works this long (the person can always ask for another). */
export const INVITATION_LINK_HOURS = 72;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The organization to register with: its registration link's hash. */
export const ZAccountJoinLink = z.object({ hashValue: z.string().max(100) });

/**
 * Register with another organization (its link's hash) from the record kept here, with what the
 * organization needs beyond the record, as its form's final submit takes them: certifications
 * (a tester's), the tester's own credentials and the company's, by credential type id.
 */
export const ZAccountJoinRequest = ZAccountJoinLink.extend({
  userCerts: z.array(ZCertification).optional(),
  userCredentials: z.record(z.string(), ZCredential).optional(),
  companyCredentials: z.record(z.string(), ZCredential).optional(),
});
export const ZAccountJoinAnswer = z.object({
  code: z.string(),
  message: z.object({
    organizationName: z.string(),
    certifications: z.number().int(),
    testKits: z.number().int(),
  }),
});

/** A company as My registrations shows it. */
const ZAccountCompany = z.object({
  name: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/**
 * What registering with the organization would carry from the record (exactly what the join
 * takes; documents stay on file, unnamed), and what it needs beyond it: the form opens with it.
 */
export const ZAccountJoinPrefill = z.object({
  organizationName: z.string(),
  person: z.object({
    type: z.enum(USER_TYPES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  company: ZAccountCompany.extend({ id: z.number().int() }),
  /** A tester's current certifications the organization accepts (none for an admin). */
  certifications: z.array(
    z.object({
      agencyId: z.number().int(),
      typeId: z.number().int(),
      agencyName: z.string(),
      typeName: z.string(),
      number: z.string(),
      expiresOn: ZDay,
    }),
  ),
  testKits: z.array(
    z.object({
      serial: z.string(),
      manufacturer: z.string(),
      model: z.string(),
      calibratedOn: ZDay,
    }),
  ),
  /** The credentials on file the organization's rules take, as it would record them. */
  credentials: z.array(
    z.object({
      credentialTypeId: z.number().int(),
      holder: z.enum(CREDENTIAL_HOLDERS),
      typeName: z.string(),
      issuer: z.string().nullable(),
      number: z.string().nullable(),
      /** Whole US dollars. */
      coverage: z.number().nullable(),
      additionalInsured: z.boolean().nullable(),
      /** Null: the type does not expire. */
      expiresOn: ZDay.nullable(),
    }),
  ),
  needs: z.object({
    /** How many more certifications it requires (0 when enough; always 0 for an admin). */
    certifications: z.number().int().min(0),
    /** The types it requires with nothing on file its rules take. */
    credentials: z.array(
      z.object({ id: z.number().int(), holder: z.enum(CREDENTIAL_HOLDERS), name: z.string() }),
    ),
  }),
});
export type TAccountJoinPrefill = z.infer<typeof ZAccountJoinPrefill>;
export const ZAccountJoinPrefillAnswer = z.object({
  code: z.string(),
  message: ZAccountJoinPrefill,
});

/** An item's standing on today (program time zone), as My registrations shows it. */
export const ACCOUNT_ITEM_STATUSES = [
  'valid',
  'expiring',
  'expired',
  'renewalWaiting',
  'reviewWaiting',
] as const;
export type TAccountItemStatus = (typeof ACCOUNT_ITEM_STATUSES)[number];

const ZAccountDocument = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the signed-in registrant opens it (staff open it in the console). */
  url: z.string(),
});

const ZAccountReminder = z.object({
  dueOn: ZDay,
  thresholdDays: z.number().int(),
  sentAt: z.string(),
});

export const ZAccountCertification = z.object({
  key: z.string(),
  agencyName: z.string(),
  typeName: z.string(),
  number: z.string(),
  expiresOn: ZDay,
  status: z.enum(ACCOUNT_ITEM_STATUSES),
  daysLeft: z.number().int(),
  document: ZAccountDocument.nullable(),
  /** The organizations whose registrations carry it. */
  organizations: z.array(z.string()),
  reminders: z.array(ZAccountReminder),
});

export const ZAccountTestKit = z.object({
  key: z.string(),
  serial: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  calibratedOn: ZDay,
  dueOn: ZDay.nullable(),
  status: z.enum(ACCOUNT_ITEM_STATUSES).nullable(),
  daysLeft: z.number().int().nullable(),
  document: ZAccountDocument.nullable(),
  organizations: z.array(z.string()),
  reminders: z.array(ZAccountReminder),
});

/** A credential (insurance, a licence, training) as the person holds it, or their company. */
export const ZAccountCredential = z.object({
  /** Its key across organizations: the type's id and the number (as the reminders key it). */
  key: z.string(),
  typeName: z.string(),
  holder: z.enum(CREDENTIAL_HOLDERS),
  issuer: z.string().nullable(),
  number: z.string().nullable(),
  /** Whole US dollars. */
  coverage: z.number().nullable(),
  additionalInsured: z.boolean().nullable(),
  /** Null: it does not expire. */
  expiresOn: ZDay.nullable(),
  status: z.enum(ACCOUNT_ITEM_STATUSES).nullable(),
  daysLeft: z.number().int().nullable(),
  document: ZAccountDocument.nullable(),
  organizations: z.array(z.string()),
  reminders: z.array(ZAccountReminder),
});

export const ZAccountRegistration = z.object({
  id: z.number().int(),
  organizationName: z.string(),
  reviewState: z.enum(REVIEW_STATES),
  enrolled: z.boolean(),
  registeredOn: ZDay,
  standing: z.enum(STANDINGS),
  /** The last day of its period (null: valid until withdrawn, or not yet approved). */
  validThrough: ZDay.nullable(),
  /** Registering again for the next period is open now (shared/standing.ts). */
  canRegisterAgain: z.boolean(),
});

export const ZAccountView = z.object({
  person: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    userType: z.enum(USER_TYPES),
    /** Not listed in any public directory of testers (the person's choice; testers only). */
    directoryHidden: z.boolean(),
  }),
  company: ZAccountCompany.nullable(),
  registrations: z.array(ZAccountRegistration),
  /** A company admin's colleagues (the company's people), none for a tester. */
  companyPeople: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      userType: z.enum(USER_TYPES),
    }),
  ),
  certifications: z.array(ZAccountCertification),
  testKits: z.array(ZAccountTestKit),
  /** A tester's own credentials; a company admin's company's (a tester alone, their company's). */
  credentials: z.array(ZAccountCredential),
  /** Some organization of the person (or the company's) asks for credentials: one can be added. */
  credentialsAsked: z.boolean(),
  /** Today in the program's time zone: what the statuses were judged on. */
  today: ZDay,
});
export type TAccountView = z.infer<typeof ZAccountView>;
export type TAccountCertification = z.infer<typeof ZAccountCertification>;
export type TAccountTestKit = z.infer<typeof ZAccountTestKit>;
export type TAccountCredential = z.infer<typeof ZAccountCredential>;
