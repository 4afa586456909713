import type { TDraftData } from '../../../../shared/drafts.js';
import {
  certificationFields,
  credentialFields,
  personFields,
  testKitFields,
} from '../wizard/payload.js';
import { createWizardState } from '../wizard/reducer.js';
import { NO_ERRORS, type TCredentialForms, type TWizardState } from '../wizard/state.js';

// A wizard run as a saved draft and back: what was entered and the pages visited. Block keys,
// errors and chosen (not uploaded) files stay behind; uploaded documents' references go along.

/**
 * Credentials for a draft, under `field`: none (an organization that asks for none) leaves the
 * field out, so such a draft is saved as before credentials existed.
 */
function draftCredentials<K extends string>(field: K, credentials: TCredentialForms | undefined) {
  const entries = Object.entries(credentials ?? {});
  if (entries.length === 0) return {};
  const draft = Object.fromEntries(
    entries.map(([typeId, credential]) => [
      typeId,
      {
        ...credentialFields(credential),
        documentName: credential.documentLink ? credential.documentName : '',
      },
    ]),
  );
  return { [field]: draft } as Partial<Record<K, typeof draft>>;
}

export function draftDataOf(state: TWizardState): TDraftData {
  return {
    path: state.path,
    userType: state.userType,
    company: state.company,
    matches: state.matches,
    ...draftCredentials('companyCredentials', state.companyCredentials),
    admins: state.admins.map(personFields),
    testers: state.testers.map((tester) => ({
      ...personFields(tester),
      userCerts: tester.userCerts.map((cert) => ({
        ...certificationFields(cert),
        certDocName: cert.certDocLink ? cert.certDocName : '',
      })),
      ...draftCredentials('userCredentials', tester.userCredentials),
    })),
    testKits: state.testKits.map((kit) => ({
      ...testKitFields(kit),
      kitCalibDocName: kit.kitCalibDocLink ? kit.kitCalibDocName : '',
    })),
  };
}

/**
 * The wizard where the draft left it, as the same run (its submit finishes the draft);
 * `asksCompanyCredentials` as createWizardState takes it.
 */
export function wizardStateOf(
  draft: { runId: string; data: TDraftData },
  requiredCerts: number,
  asksCompanyCredentials = false,
): TWizardState {
  let nextKey = 1;
  const key = () => `k${nextKey++}`;
  const base = createWizardState(draft.runId, requiredCerts, asksCompanyCredentials);
  const { data } = draft;
  return {
    ...base,
    path: data.path,
    userType: data.userType,
    company: data.company,
    matches: data.matches,
    companyCredentials: data.companyCredentials ?? {},
    admins: data.admins.map((admin) => ({ ...admin, key: key() })),
    testers: data.testers.map((tester) => ({
      ...tester,
      key: key(),
      userCerts: tester.userCerts.map((cert) => ({ ...cert, key: key() })),
      userCredentials: tester.userCredentials ?? {},
    })),
    testKits: data.testKits.map((kit) => ({ ...kit, key: key() })),
    errors: NO_ERRORS,
    nextKey,
  };
}

/** Whether a document was chosen on this page but not uploaded (it cannot be saved). */
export function hasDocumentsNotUploaded(state: TWizardState): boolean {
  const credentials = (forms: TCredentialForms | undefined) =>
    Object.values(forms ?? {}).map((credential) => [
      credential.documentName,
      credential.documentLink,
    ]);
  const documents = [
    ...state.testers.flatMap((tester) =>
      tester.userCerts.map((cert) => [cert.certDocName, cert.certDocLink]),
    ),
    ...state.testKits.map((kit) => [kit.kitCalibDocName, kit.kitCalibDocLink]),
    ...credentials(state.companyCredentials),
    ...state.testers.flatMap((tester) => credentials(tester.userCredentials)),
  ];
  return documents.some(([name, link]) => Boolean(name) && !link);
}
