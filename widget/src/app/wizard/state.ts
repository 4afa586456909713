import { LIMITS, MAX_CERTIFICATIONS_PER_TESTER } from '../../../../shared/constants.js';
import type { TCompanyMatch } from '../../../../shared/registration.js';
import type { TStepId } from './step-table.js';

// The wizard as data: what has been entered, which pages were visited, and the errors shown.
// Everything here is serializable (kept in sessionStorage); chosen File objects live outside.

/** A page number (0-6): the page's position in the step table (step-table.ts). */
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

export interface TTesterForm extends TPersonForm {
  userCerts: TCertificationForm[];
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
  /** Certifications each tester must list (the organization's number_of_certs). */
  requiredCerts: number;
  errors: TWizardErrors;
  /** Source of the keys of repeated blocks. */
  nextKey: number;
}

export type TDocumentTarget =
  | { kind: 'cert'; tester: number; cert: number }
  | { kind: 'kit'; kit: number };

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
