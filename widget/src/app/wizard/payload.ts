import type { TCredentialRequirementInfo } from '../../../../shared/credentials.js';
import type { TOrgInfo } from '../../../../shared/registration.js';
import { kitsToSend } from '../../../../shared/test-kits.js';
import { askedCredentials } from './credentials/asked.js';
import type {
  TCertificationForm,
  TCompanyForm,
  TCredentialForm,
  TCredentialForms,
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

/** A credential's fields as the wire and a saved draft name them. */
export function credentialFields(credential: TCredentialForm) {
  return {
    issuer: credential.issuer,
    number: credential.number,
    coverage: credential.coverage,
    additionalInsured: credential.additionalInsured,
    expirationDate: credential.expirationDate,
    documentLink: credential.documentLink,
  };
}

/** Nothing typed, ticked or chosen: a credential left blank is not given. */
export function isBlankCredential(credential: TCredentialForm): boolean {
  const { additionalInsured, ...texts } = credential;
  return !additionalInsured && Object.values(texts).every((text) => !text.trim());
}

/** The credentials given of the types asked, by type id (a blank one is not given). */
export function credentialsPayload(
  credentials: TCredentialForms | undefined,
  asked: readonly TCredentialRequirementInfo[],
) {
  const given: Record<string, ReturnType<typeof credentialFields>> = {};
  for (const { id } of asked) {
    const credential = credentials?.[String(id)];
    if (credential && !isBlankCredential(credential))
      given[String(id)] = credentialFields(credential);
  }
  return given;
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

/**
 * The final submit: admins first, then testers (FINAL ERRORS positions follow this order). The
 * credentials go only to an organization that asks for some: for every other one the body is
 * the spec's.
 */
export function submitAllPayload(
  hashValue: string,
  state: TWizardState,
  org: Pick<TOrgInfo, 'credential_requirements'>,
) {
  const admins = state.userType === 'admin' ? adminsPayload(state.admins) : [];
  const testers = testersPayload(state.testers);
  const body = {
    hashValue,
    companyInfo: [companyPayload(state.company)],
    userInfo: [...admins, ...testers],
    testKitInfo: testKitsPayload(state.testKits),
  };
  if (!org.credential_requirements?.length) return body;
  const testerTypes = askedCredentials(org, 'tester');
  return {
    ...body,
    companyCredentials: credentialsPayload(
      state.companyCredentials,
      askedCredentials(org, 'company'),
    ),
    userInfo: [
      ...admins,
      ...testers.map((tester, index) => ({
        ...tester,
        userCredentials: credentialsPayload(state.testers[index]?.userCredentials, testerTypes),
      })),
    ],
  };
}
