import { MESSAGES } from '../../../../shared/codes.js';
import type { TStatusView } from '../../../../shared/review.js';

// The status page's forms: which items the registrant may change (the rejected ones when changes
// were requested, else the renewable ones), their values as typed, and the call that sends them.

/** One item's values as typed (the document: its link once uploaded; a checkbox: 'true' or ''). */
export type TCorrectionForm = Record<string, string>;

export type TCertificationView = TStatusView['certifications'][number];
export type TTestKitView = TStatusView['testKits'][number];
export type TCredentialView = TStatusView['credentials'][number];

/** The lists of the status view, named as the correction call and its error paths name them. */
export type TItemList = 'certifications' | 'testKits' | 'credentials';

export const itemKey = (list: TItemList, item: { id: number }) => `${list}.${item.id}`;

/** Whether the page takes renewals: something may be renewed and nothing is to be corrected. */
export const isRenewing = (status: TStatusView) =>
  !status.canCorrect &&
  status.renewable.certifications.length +
    status.renewable.testKits.length +
    status.renewable.credentials.length >
    0;

const text = (value: string | null) => value ?? '';

/**
 * The forms of the items the registrant may change, filled with what is on file: the rejected
 * items when changes were requested, else the renewable ones (their new date left to fill in).
 */
export function initialForms(status: TStatusView): Record<string, TCorrectionForm> {
  const forms: Record<string, TCorrectionForm> = {};
  const renewing = isRenewing(status);
  const open = (list: TItemList, item: { id: number; decision: string }) =>
    renewing ? status.renewable[list].includes(item.id) : item.decision === 'rejected';
  for (const item of status.certifications) {
    if (!open('certifications', item)) continue;
    forms[itemKey('certifications', item)] = {
      certNum: item.number,
      certExp: renewing ? '' : item.expiresOn,
      certAgency: item.agencyId === null ? '' : String(item.agencyId),
      certType: item.typeId === null ? '' : String(item.typeId),
      certDocLink: '',
      docName: '',
    };
  }
  for (const item of status.testKits) {
    if (!open('testKits', item)) continue;
    forms[itemKey('testKits', item)] = {
      kitSerial: item.serial,
      kitMfr: item.manufacturer,
      kitModel: item.model,
      kitCalibDate: renewing ? '' : item.calibratedOn,
      kitCalibDocLink: '',
      docName: '',
    };
  }
  for (const item of status.credentials) {
    // A credential whose type is gone cannot be judged, so it has no form.
    if (!item.rule || !open('credentials', item)) continue;
    forms[itemKey('credentials', item)] = {
      issuer: text(item.issuer),
      number: text(item.number),
      coverage: item.coverage === null ? '' : String(item.coverage),
      additionalInsured: item.additionalInsured ? 'true' : '',
      expirationDate: renewing ? '' : text(item.expiresOn),
      documentLink: '',
      docName: '',
    };
  }
  return forms;
}

/** What the correction call sends: each open item with its id. */
export function correctionBody(forms: Record<string, TCorrectionForm>) {
  const entries = Object.entries(forms);
  const of = (list: TItemList) =>
    entries
      .filter(([key]) => key.startsWith(`${list}.`))
      .map(([key, form]) => ({ id: Number(key.split('.')[1]), form }));
  return {
    certifications: of('certifications').map(({ id, form }) => ({
      id,
      certNum: form.certNum,
      certExp: form.certExp,
      certAgency: form.certAgency,
      certType: form.certType,
      certDocLink: form.certDocLink,
    })),
    testKits: of('testKits').map(({ id, form }) => ({
      id,
      kitSerial: form.kitSerial,
      kitMfr: form.kitMfr,
      kitModel: form.kitModel,
      kitCalibDate: form.kitCalibDate,
      kitCalibDocLink: form.kitCalibDocLink,
    })),
    credentials: of('credentials').map(({ id, form }) => ({
      id,
      issuer: form.issuer,
      number: form.number,
      coverage: form.coverage,
      additionalInsured: form.additionalInsured === 'true',
      expirationDate: form.expirationDate,
      documentLink: form.documentLink,
    })),
  };
}

/** The call's problems as the wizard shows them ('Field required.' only beside its field). */
export const shownErrors = (errors: {
  generalErrors: string[];
  fieldErrors: Record<string, string>;
}) => ({
  general: errors.generalErrors.filter((message) => message !== MESSAGES.fieldRequired),
  fields: errors.fieldErrors,
});
