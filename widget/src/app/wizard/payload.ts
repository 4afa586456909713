import { kitsToSend } from '../../../../shared/test-kits.js';
import type {
  TCertificationForm,
  TCompanyForm,
  TPersonForm,
  TTesterForm,
  TTestKitForm,
  TWizardState,
} from './state.js';

// The wire shapes of spec section 7, built from the wizard's state (keys, file names and file
// objects stay on the client).

export function companyPayload(company: TCompanyForm) {
  const { companyID, ...fields } = company;
  return companyID === null ? fields : { companyID, ...fields };
}

/** A person's fields as the wire and a saved draft name them (no block key). */
export function personFields(person: TPersonForm) {
  return {
    userFirstName: person.userFirstName,
    userLastName: person.userLastName,
    userEmail: person.userEmail,
    userPhone: person.userPhone,
  };
}

function personPayload(person: TPersonForm, userType: 'admin' | 'tester') {
  return { userType, ...personFields(person) };
}

export function adminsPayload(admins: readonly TPersonForm[]) {
  return admins.map((admin) => personPayload(admin, 'admin'));
}

/** A certification's fields as the wire and a saved draft name them. */
export function certificationFields(cert: TCertificationForm) {
  return {
    certNum: cert.certNum,
    certExp: cert.certExp,
    certAgency: cert.certAgency,
    certType: cert.certType,
    certDocLink: cert.certDocLink,
  };
}

/** A test kit's fields as the wire and a saved draft name them. */
export function testKitFields(kit: TTestKitForm) {
  return {
    kitSerial: kit.kitSerial,
    kitMfr: kit.kitMfr,
    kitModel: kit.kitModel,
    kitCalibDate: kit.kitCalibDate,
    kitCalibDocLink: kit.kitCalibDocLink,
  };
}

export function testersPayload(testers: readonly TTesterForm[]) {
  return testers.map((tester) => ({
    ...personPayload(tester, 'tester'),
    userCerts: tester.userCerts.map(certificationFields),
  }));
}

export function testKitsPayload(kits: readonly TTestKitForm[]) {
  return kitsToSend(kits.map(testKitFields));
}

/** The final submit: admins first, then testers (FINAL ERRORS positions follow this order). */
export function submitAllPayload(hashValue: string, state: TWizardState) {
  return {
    hashValue,
    companyInfo: [companyPayload(state.company)],
    userInfo: [
      ...(state.userType === 'admin' ? adminsPayload(state.admins) : []),
      ...testersPayload(state.testers),
    ],
    testKitInfo: testKitsPayload(state.testKits),
  };
}
