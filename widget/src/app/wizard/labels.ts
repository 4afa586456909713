import type { TCertificationField, TCompanyField, TPersonField, TTestKitField } from './state.js';

// Field labels, used by the inputs and by the error summary's links.

export const COMPANY_LABELS: Record<TCompanyField, string> = {
  companyName: 'Company Name',
  companyPhone: 'Company Phone',
  companyAddress1: 'Company Address',
  companyAddress2: 'Company Address Line 2',
  companyCity: 'City',
  companyState: 'State',
  companyZip: 'Postal Code',
};

export const PERSON_LABELS: Record<TPersonField, string> = {
  userFirstName: 'First Name',
  userLastName: 'Last Name',
  userEmail: 'Email',
  userPhone: 'Phone',
};

export const CERTIFICATION_LABELS: Record<TCertificationField | 'certDocLink', string> = {
  certNum: 'Certification Number',
  certExp: 'Expiration Date',
  certAgency: 'Certification Agency',
  certType: 'Certification Type',
  certDocLink: 'Certification Document',
};

export const TEST_KIT_LABELS: Record<TTestKitField | 'kitCalibDocLink', string> = {
  kitSerial: 'Serial Number',
  kitMfr: 'Manufacturer',
  kitModel: 'Model',
  kitCalibDate: 'Calibration Date',
  kitCalibDocLink: 'Calibration Document',
};

const ALL_LABELS: Record<string, string> = {
  ...COMPANY_LABELS,
  ...PERSON_LABELS,
  ...CERTIFICATION_LABELS,
  ...TEST_KIT_LABELS,
  userType: 'User Type',
  userCerts: 'Certifications',
  companyID: 'Selected Company',
};

/** 'testers.0.certs.1.certNum' → 'Tester #1, Certification #2: Certification Number'. */
export function errorLabel(path: string): string {
  const parts = path.split('.');
  const name = ALL_LABELS[parts[parts.length - 1] ?? ''] ?? parts[parts.length - 1] ?? path;
  const blocks: string[] = [];
  const titles: Record<string, string> = {
    admins: 'Admin',
    testers: 'Tester',
    testKits: 'Test Kit',
    certs: 'Certification',
  };
  for (let i = 0; i + 1 < parts.length; i++) {
    const title = titles[parts[i] ?? ''];
    const position = Number(parts[i + 1]);
    if (title && Number.isInteger(position)) blocks.push(`${title} #${position + 1}`);
  }
  return blocks.length ? `${blocks.join(', ')}: ${name}` : name;
}
