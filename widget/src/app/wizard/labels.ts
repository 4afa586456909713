import type { TKey } from '../../../../shared/i18n/catalogue.js';
import type { TTranslate } from '../i18n/use-i18n.js';
import type {
  TCertificationField,
  TCompanyField,
  TCredentialField,
  TPersonField,
  TTestKitField,
} from './state.js';

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

export const CREDENTIAL_LABELS: Record<
  TCredentialField | 'additionalInsured' | 'documentLink',
  TKey
> = {
  issuer: 'labels.credentialIssuer',
  number: 'labels.credentialNumber',
  coverage: 'labels.credentialCoverage',
  additionalInsured: 'labels.credentialAdditionalInsured',
  expirationDate: 'labels.credentialExpirationDate',
  documentLink: 'labels.credentialDocument',
};

const ALL_LABELS: Record<string, TKey> = {
  ...COMPANY_LABELS,
  ...PERSON_LABELS,
  ...CERTIFICATION_LABELS,
  ...TEST_KIT_LABELS,
  ...CREDENTIAL_LABELS,
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

/** A credential's block is titled with its type's name, its path with the type's id. */
const CREDENTIAL_BLOCKS = ['companyCredentials', 'credentials'];

/**
 * 'testers.0.certs.1.certNum' → 'Tester #1, Certification #2: Certification Number';
 * 'companyCredentials.12.coverage' → 'General liability insurance: Coverage amount (US dollars)'
 * (`credentialName` names a type by id); a credential not given ('….credential') is its block.
 */
export function errorLabel(
  path: string,
  t: TTranslate,
  credentialName: (typeId: string) => string = (typeId) => typeId,
): string {
  const parts = path.split('.');
  const last = parts[parts.length - 1] ?? path;
  const labelKey = ALL_LABELS[last];
  const name = labelKey ? t(labelKey) : last;
  const blocks: string[] = [];
  for (let i = 0; i + 1 < parts.length; i++) {
    const part = parts[i] ?? '';
    const next = parts[i + 1] ?? '';
    const title = BLOCK_TITLES[part as keyof typeof BLOCK_TITLES];
    const position = Number(next);
    if (CREDENTIAL_BLOCKS.includes(part)) blocks.push(credentialName(next));
    else if (title && Number.isInteger(position)) blocks.push(t(title, { number: position + 1 }));
  }
  if (last === 'credential' && blocks.length) return blocks.join(', ');
  return blocks.length ? t('labels.blockField', { blocks: blocks.join(', '), field: name }) : name;
}
