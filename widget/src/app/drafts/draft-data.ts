import type { TDraftData } from '../../../../shared/drafts.js';
import { certificationFields, personFields, testKitFields } from '../wizard/payload.js';
import { createWizardState } from '../wizard/reducer.js';
import { NO_ERRORS, type TWizardState } from '../wizard/state.js';

// A wizard run as a saved draft and back: what was entered and the pages visited. Block keys,
// errors and chosen (not uploaded) files stay behind; uploaded documents' references go along.

export function draftDataOf(state: TWizardState): TDraftData {
  return {
    path: state.path,
    userType: state.userType,
    company: state.company,
    matches: state.matches,
    admins: state.admins.map(personFields),
    testers: state.testers.map((tester) => ({
      ...personFields(tester),
      userCerts: tester.userCerts.map((cert) => ({
        ...certificationFields(cert),
        certDocName: cert.certDocLink ? cert.certDocName : '',
      })),
    })),
    testKits: state.testKits.map((kit) => ({
      ...testKitFields(kit),
      kitCalibDocName: kit.kitCalibDocLink ? kit.kitCalibDocName : '',
    })),
  };
}

/** The wizard where the draft left it, as the same run (its submit finishes the draft). */
export function wizardStateOf(
  draft: { runId: string; data: TDraftData },
  requiredCerts: number,
): TWizardState {
  let nextKey = 1;
  const key = () => `k${nextKey++}`;
  const base = createWizardState(draft.runId, requiredCerts);
  const { data } = draft;
  return {
    ...base,
    path: data.path,
    userType: data.userType,
    company: data.company,
    matches: data.matches,
    admins: data.admins.map((admin) => ({ ...admin, key: key() })),
    testers: data.testers.map((tester) => ({
      ...tester,
      key: key(),
      userCerts: tester.userCerts.map((cert) => ({ ...cert, key: key() })),
    })),
    testKits: data.testKits.map((kit) => ({ ...kit, key: key() })),
    errors: NO_ERRORS,
    nextKey,
  };
}

/** Whether a document was chosen on this page but not uploaded (it cannot be saved). */
export function hasDocumentsNotUploaded(state: TWizardState): boolean {
  const documents = [
    ...state.testers.flatMap((tester) =>
      tester.userCerts.map((cert) => [cert.certDocName, cert.certDocLink]),
    ),
    ...state.testKits.map((kit) => [kit.kitCalibDocName, kit.kitCalibDocLink]),
  ];
  return documents.some(([name, link]) => Boolean(name) && !link);
}
