import type { TKey } from '../../../../shared/i18n/catalogue.js';
import type { TTranslate } from '../i18n/use-i18n.js';
import type { TCertificationField, TCompanyField, TPersonField, TTestKitField } from './state.js';

// Field labels (their catalogue keys), used by the inputs and by the error summary's links.

export const COMPANY_LABELS: Record<TCompanyField, TKey> = {
  companyName: 'labels.companyName',
  companyPhone: 'labels.companyPhone',
  companyAddress1: 'labels.companyAddress1',
  companyAddress2: 'labels.companyAddress2',
  companyCity: 'labels.companyCity',
  companyState: 'labels.companyState',
  companyZip: 'labels.companyZip',
};

export const PERSON_LABELS: Record<TPersonField, TKey> = {
  userFirstName: 'labels.userFirstName',
  userLastName: 'labels.userLastName',
  userEmail: 'labels.userEmail',
  userPhone: 'labels.userPhone',
};

export const CERTIFICATION_LABELS: Record<TCertificationField | 'certDocLink', TKey> = {
  certNum: 'labels.certNum',
  certExp: 'labels.certExp',
  certAgency: 'labels.certAgency',
  certType: 'labels.certType',
  certDocLink: 'labels.certDocLink',
};

export const TEST_KIT_LABELS: Record<TTestKitField | 'kitCalibDocLink', TKey> = {
  kitSerial: 'labels.kitSerial',
  kitMfr: 'labels.kitMfr',
  kitModel: 'labels.kitModel',
  kitCalibDate: 'labels.kitCalibDate',
  kitCalibDocLink: 'labels.kitCalibDocLink',
};

const ALL_LABELS: Record<string, TKey> = {
  ...COMPANY_LABELS,
  ...PERSON_LABELS,
  ...CERTIFICATION_LABELS,
  ...TEST_KIT_LABELS,
  userType: 'labels.userType',
  userCerts: 'labels.userCerts',
  companyID: 'labels.companyID',
};

/** The title of a numbered block of a repeated list ('Tester #1'). */
export const BLOCK_TITLES = {
  admins: 'labels.adminBlock',
  testers: 'labels.testerBlock',
  testKits: 'labels.testKitBlock',
  certs: 'labels.certificationBlock',
} as const satisfies Record<string, TKey>;

/** 'testers.0.certs.1.certNum' → 'Tester #1, Certification #2: Certification Number'. */
export function errorLabel(path: string, t: TTranslate): string {
  const parts = path.split('.');
  const last = parts[parts.length - 1] ?? path;
  const labelKey = ALL_LABELS[last];
  const name = labelKey ? t(labelKey) : last;
  const blocks: string[] = [];
  for (let i = 0; i + 1 < parts.length; i++) {
    const title = BLOCK_TITLES[parts[i] as keyof typeof BLOCK_TITLES];
    const position = Number(parts[i + 1]);
    if (title && Number.isInteger(position)) blocks.push(t(title, { number: position + 1 }));
  }
  return blocks.length ? t('labels.blockField', { blocks: blocks.join(', '), field: name }) : name;
}
