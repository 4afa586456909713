import { kitsToSend } from '../../../../shared/test-kits.js';
import type {
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

function personPayload(person: TPersonForm, userType: 'admin' | 'tester') {
  return {
    userType,
    userFirstName: person.userFirstName,
    userLastName: person.userLastName,
    userEmail: person.userEmail,
    userPhone: person.userPhone,
  };
}

export function adminsPayload(admins: readonly TPersonForm[]) {
  return admins.map((admin) => personPayload(admin, 'admin'));
}

export function testersPayload(testers: readonly TTesterForm[]) {
  return testers.map((tester) => ({
    ...personPayload(tester, 'tester'),
    userCerts: tester.userCerts.map((cert) => ({
      certNum: cert.certNum,
      certExp: cert.certExp,
      certAgency: cert.certAgency,
      certType: cert.certType,
      certDocLink: cert.certDocLink,
    })),
  }));
}

export function testKitsPayload(kits: readonly TTestKitForm[]) {
  return kitsToSend(
    kits.map((kit) => ({
      kitSerial: kit.kitSerial,
      kitMfr: kit.kitMfr,
      kitModel: kit.kitModel,
      kitCalibDate: kit.kitCalibDate,
      kitCalibDocLink: kit.kitCalibDocLink,
    })),
  );
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
