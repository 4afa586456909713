import type { TAccountJoinPrefill } from '../../../../shared/account.js';
import { LIMITS, MAX_CERTIFICATIONS_PER_TESTER } from '../../../../shared/constants.js';
import type { TCompanyMatch } from '../../../../shared/registration.js';
import type { TStepId } from './step-table.js';

// The wizard as data: what has been entered, which pages were visited, and the errors shown.
// Everything here is serializable (kept in sessionStorage); chosen File objects live outside.

/** A page number: the spec's 0-6, and 7 for the company's credentials (step-table.ts). */
export type TPage = number;

export type TUserTypeChoice = '' | 'admin' | 'tester';

export interface TCompanyForm {
  /** The existing company chosen on the match page; null registers a new company. */
  companyID: number | null;
  companyName: string;
  companyPhone: string;
  companyAddress1: string;
  companyAddress2: string;
  companyCity: string;
  companyState: string;
  companyZip: string;
}
export type TCompanyField = Exclude<keyof TCompanyForm, 'companyID'>;

export interface TPersonForm {
  key: string;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  userPhone: string;
}
export type TPersonField = Exclude<keyof TPersonForm, 'key'>;

export interface TCertificationForm {
  key: string;
  certNum: string;
  certExp: string;
  certAgency: string;
  certType: string;
  certDocLink: string;
  /** The chosen file's name, shown again after a reload (the file itself is not kept). */
  certDocName: string;
}
export type TCertificationField = 'certNum' | 'certExp' | 'certAgency' | 'certType';

/** A credential as typed (issue 27); in its holder's map, by type id, once anything is given. */
export interface TCredentialForm {
  issuer: string;
  number: string;
  coverage: string;
  additionalInsured: boolean;
  expirationDate: string;
  documentLink: string;
  /** The chosen file's name, shown again after a reload (the file itself is not kept). */
  documentName: string;
}
export type TCredentialField = 'issuer' | 'number' | 'coverage' | 'expirationDate';
/** A holder's credentials by credential type id ("12"). */
export type TCredentialForms = Record<string, TCredentialForm>;
/** Whose credentials: the company's, or a tester's (by position). */
export type TCredentialOwner = 'company' | number;

export interface TTesterForm extends TPersonForm {
  userCerts: TCertificationForm[];
  /** Absent in a wizard state kept before credentials existed. */
  userCredentials?: TCredentialForms;
}

export interface TTestKitForm {
  key: string;
  kitSerial: string;
  kitMfr: string;
  kitModel: string;
  kitCalibDate: string;
  kitCalibDocLink: string;
  kitCalibDocName: string;
}
export type TTestKitField = 'kitSerial' | 'kitMfr' | 'kitModel' | 'kitCalibDate';

/** Errors by field path ('company.companyZip', 'admins.0.userEmail', 'testers.0.certs.1.certNum'). */
export interface TWizardErrors {
  general: string[];
  fields: Record<string, string>;
}

export const NO_ERRORS: TWizardErrors = { general: [], fields: {} };

/**
 * A run opened from My registrations by a signed-in registrant (from-account.ts): the person and
 * company are theirs, what is on file is sent as it is (documents reused), and the run asks only
 * what the organization needs beyond it.
 */
export interface TAccountRun {
  /** The pages this run shows: those asking what the organization needs, then the review. */
  pages: TStepId[];
  onFile: Pick<TAccountJoinPrefill, 'certifications' | 'testKits' | 'credentials'>;
  needs: TAccountJoinPrefill['needs'];
}

export interface TWizardState {
  /** Generated once per wizard run: the final submit's Idempotency-Key. */
  runId: string;
  /** Pages visited on the way here, the current one last; Back walks it backwards. */
  path: TPage[];
  userType: TUserTypeChoice;
  company: TCompanyForm;
  matches: TCompanyMatch[];
  admins: TPersonForm[];
  testers: TTesterForm[];
  testKits: TTestKitForm[];
  /** The company's credentials (absent in a state kept before credentials existed). */
  companyCredentials?: TCredentialForms;
  /** Certifications each tester must list (the organization's number_of_certs). */
  requiredCerts: number;
  /** Whether the organization asks for company credentials: their page is then shown. */
  asksCompanyCredentials?: boolean;
  errors: TWizardErrors;
  /** Source of the keys of repeated blocks. */
  nextKey: number;
  /** Set when the run was opened from My registrations. */
  account?: TAccountRun;
}

export type TDocumentTarget =
  | { kind: 'cert'; tester: number; cert: number }
  | { kind: 'kit'; kit: number }
  | { kind: 'credential'; owner: TCredentialOwner; typeId: string };

export type TCompanyCheck =
  | { kind: 'matches'; matches: TCompanyMatch[] }
  | { kind: 'exact'; companyID: number }
  | { kind: 'none' };

export type TWizardAction =
  | { type: 'setUserType'; userType: TUserTypeChoice }
  /** Values a host page or link filled in advance (already checked): fills empty fields only. */
  | {
      type: 'prefill';
      userType?: Exclude<TUserTypeChoice, ''>;
      company: Partial<Record<TCompanyField, string>>;
    }
  | { type: 'setCompany'; field: TCompanyField; value: string }
  | {
      type: 'setPerson';
      list: 'admins' | 'testers';
      index: number;
      field: TPersonField;
      value: string;
    }
  | {
      type: 'setCertification';
      tester: number;
      cert: number;
      field: TCertificationField;
      value: string;
    }
  | { type: 'setTestKit'; index: number; field: TTestKitField; value: string }
  | {
      type: 'setCredential';
      owner: TCredentialOwner;
      typeId: string;
      changes: Partial<Pick<TCredentialForm, TCredentialField | 'additionalInsured'>>;
    }
  /** An optional credential given (its block shown), or taken back. */
  | { type: 'addCredential'; owner: TCredentialOwner; typeId: string }
  | { type: 'removeCredential'; owner: TCredentialOwner; typeId: string }
  | { type: 'chooseFile'; target: TDocumentTarget; fileName: string }
  | { type: 'uploaded'; target: TDocumentTarget; link: string }
  | { type: 'add'; list: 'admins' | 'testers' | 'testKits' }
  | { type: 'remove'; list: 'admins' | 'testers' | 'testKits'; index: number }
  | { type: 'addCertification'; tester: number }
  | { type: 'removeCertification'; tester: number; cert: number }
  | { type: 'setErrors'; errors: TWizardErrors }
  /** Next's check passed on that step (ignored once the wizard is on another). */
  | { type: 'accepted'; step: TStepId }
  | { type: 'skip'; step: TStepId }
  | { type: 'companyChecked'; result: TCompanyCheck }
  | { type: 'selectMatch'; match: TCompanyMatch }
  | { type: 'back' }
  | { type: 'backTo'; page: TPage };

export const LIST_LIMITS = {
  admins: LIMITS.maxAdmins,
  testers: LIMITS.maxTesters,
  testKits: LIMITS.maxTestKits,
} as const;
export const MAX_CERTIFICATIONS = MAX_CERTIFICATIONS_PER_TESTER;

export function currentPage(state: TWizardState): TPage {
  return state.path[state.path.length - 1] ?? 0;
}

/** The credentials of the company or of a tester (none yet: an empty map). */
export function credentialsOf(state: TWizardState, owner: TCredentialOwner): TCredentialForms {
  return (
    (owner === 'company' ? state.companyCredentials : state.testers[owner]?.userCredentials) ?? {}
  );
}

export const BLANK_CREDENTIAL: TCredentialForm = {
  issuer: '',
  number: '',
  coverage: '',
  additionalInsured: false,
  expirationDate: '',
  documentLink: '',
  documentName: '',
};
