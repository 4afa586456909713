import {
  BLANK_CREDENTIAL,
  credentialsOf,
  LIST_LIMITS,
  MAX_CERTIFICATIONS,
  NO_ERRORS,
  type TCertificationForm,
  type TCompanyField,
  type TCredentialForm,
  type TCredentialForms,
  type TCredentialOwner,
  type TDocumentTarget,
  type TPage,
  type TPersonForm,
  type TTesterForm,
  type TTestKitForm,
  type TUserTypeChoice,
  type TWizardAction,
  type TWizardState,
} from './state.js';
import {
  currentStep,
  followingPage,
  precedingPage,
  skipOffered,
  type TStepId,
} from './step-table.js';

// The wizard's navigation and editing rules (spec section 4) as a pure reducer; where each
// page leads comes from the step table.

/**
 * A new run; `asksCompanyCredentials`: the organization asks for company credentials (their
 * page is shown).
 */
export function createWizardState(
  runId: string,
  requiredCerts: number,
  asksCompanyCredentials = false,
): TWizardState {
  const base: TWizardState = {
    runId,
    path: [0],
    userType: '',
    company: {
      companyID: null,
      companyName: '',
      companyPhone: '',
      companyAddress1: '',
      companyAddress2: '',
      companyCity: '',
      companyState: '',
      companyZip: '',
    },
    matches: [],
    admins: [],
    testers: [],
    testKits: [],
    companyCredentials: {},
    requiredCerts: Math.max(0, requiredCerts),
    asksCompanyCredentials,
    errors: NO_ERRORS,
    nextKey: 1,
  };
  return resetPeople(base, '');
}

type Keyed = { state: TWizardState; key: string };

function newKey(state: TWizardState): Keyed {
  return { state: { ...state, nextKey: state.nextKey + 1 }, key: `k${state.nextKey}` };
}

function blankPerson(key: string): TPersonForm {
  return { key, userFirstName: '', userLastName: '', userEmail: '', userPhone: '' };
}

function blankCertification(key: string): TCertificationForm {
  return {
    key,
    certNum: '',
    certExp: '',
    certAgency: '',
    certType: '',
    certDocLink: '',
    certDocName: '',
  };
}

function blankTestKit(key: string): TTestKitForm {
  return {
    key,
    kitSerial: '',
    kitMfr: '',
    kitModel: '',
    kitCalibDate: '',
    kitCalibDocLink: '',
    kitCalibDocName: '',
  };
}

function withBlankTester(state: TWizardState): TWizardState {
  let next = newKey(state);
  const tester: TTesterForm = { ...blankPerson(next.key), userCerts: [], userCredentials: {} };
  for (let i = 0; i < state.requiredCerts; i++) {
    next = newKey(next.state);
    tester.userCerts.push(blankCertification(next.key));
  }
  return { ...next.state, testers: [tester] };
}

function withBlankTestKit(state: TWizardState): TWizardState {
  const next = newKey(state);
  return { ...next.state, testKits: [blankTestKit(next.key)] };
}

function withBlankAdmin(state: TWizardState): TWizardState {
  const next = newKey(state);
  return { ...next.state, admins: [blankPerson(next.key)] };
}

/** A user type starts from one blank admin (admins only), one blank tester and one blank kit. */
function resetPeople(state: TWizardState, userType: TUserTypeChoice): TWizardState {
  let next: TWizardState = { ...state, userType, admins: [], errors: NO_ERRORS };
  if (userType === 'admin') next = withBlankAdmin(next);
  return withBlankTestKit(withBlankTester(next));
}

/** On to the following page this registration sees. */
function advance(state: TWizardState): TWizardState {
  const page = followingPage(state);
  if (page === undefined) return state;
  return { ...state, path: [...state.path, page], errors: NO_ERRORS };
}

/** A step's transitions apply only while the wizard is on it (a late check's answer does not). */
function isOn(state: TWizardState, step: TStepId): boolean {
  return currentStep(state).id === step;
}

function updateAt<T>(list: readonly T[], index: number, update: (item: T) => T): T[] {
  return list.map((item, i) => (i === index ? update(item) : item));
}

function withCredentials(
  state: TWizardState,
  owner: TCredentialOwner,
  credentials: TCredentialForms,
): TWizardState {
  if (owner === 'company') return { ...state, companyCredentials: credentials };
  return {
    ...state,
    testers: updateAt(state.testers, owner, (tester) => ({
      ...tester,
      userCredentials: credentials,
    })),
  };
}

/** Changes one credential; a credential not given yet starts blank. */
function updateCredential(
  state: TWizardState,
  owner: TCredentialOwner,
  typeId: string,
  update: (credential: TCredentialForm) => TCredentialForm,
): TWizardState {
  const credentials = credentialsOf(state, owner);
  const credential = update(credentials[typeId] ?? BLANK_CREDENTIAL);
  return withCredentials(state, owner, { ...credentials, [typeId]: credential });
}

function removeCredential(state: TWizardState, owner: TCredentialOwner, typeId: string) {
  const { [typeId]: _removed, ...kept } = credentialsOf(state, owner);
  return withCredentials(state, owner, kept);
}

function updateDocument(
  state: TWizardState,
  target: TDocumentTarget,
  link: string,
  fileName?: string,
): TWizardState {
  if (target.kind === 'credential') {
    return updateCredential(state, target.owner, target.typeId, (credential) => ({
      ...credential,
      documentLink: link,
      documentName: fileName ?? credential.documentName,
    }));
  }
  if (target.kind === 'kit') {
    return {
      ...state,
      testKits: updateAt(state.testKits, target.kit, (kit) => ({
        ...kit,
        kitCalibDocLink: link,
        kitCalibDocName: fileName ?? kit.kitCalibDocName,
      })),
    };
  }
  return {
    ...state,
    testers: updateAt(state.testers, target.tester, (tester) => ({
      ...tester,
      userCerts: updateAt(tester.userCerts, target.cert, (cert) => ({
        ...cert,
        certDocLink: link,
        certDocName: fileName ?? cert.certDocName,
      })),
    })),
  };
}

function addToList(state: TWizardState, list: 'admins' | 'testers' | 'testKits'): TWizardState {
  if (state[list].length >= LIST_LIMITS[list]) return state;
  if (list === 'admins') {
    const next = newKey(state);
    return { ...next.state, admins: [...state.admins, blankPerson(next.key)] };
  }
  if (list === 'testKits') {
    const next = newKey(state);
    return { ...next.state, testKits: [...state.testKits, blankTestKit(next.key)] };
  }
  const withNew = withBlankTester(state);
  return { ...withNew, testers: [...state.testers, ...withNew.testers] };
}

function removeFromList(
  state: TWizardState,
  list: 'admins' | 'testers' | 'testKits',
  index: number,
): TWizardState {
  // The first block of each list stays: at least one admin, one tester, one (possibly blank) kit.
  if (index < 1 || index >= state[list].length) return state;
  return { ...state, [list]: state[list].filter((_, i) => i !== index) };
}

function addCertification(state: TWizardState, testerIndex: number): TWizardState {
  const tester = state.testers[testerIndex];
  if (!tester || tester.userCerts.length >= MAX_CERTIFICATIONS) return state;
  const next = newKey(state);
  return {
    ...next.state,
    testers: updateAt(state.testers, testerIndex, (t) => ({
      ...t,
      userCerts: [...t.userCerts, blankCertification(next.key)],
    })),
  };
}

function removeCertification(state: TWizardState, testerIndex: number, certIndex: number) {
  // The first number_of_certs certifications are required and cannot be removed.
  if (certIndex < state.requiredCerts) return state;
  return {
    ...state,
    testers: updateAt(state.testers, testerIndex, (t) => ({
      ...t,
      userCerts: t.userCerts.filter((_, i) => i !== certIndex),
    })),
  };
}

/** Walks back to `page` if it was visited on the way here; pages left behind refill blanks. */
function backTo(state: TWizardState, page: TPage): TWizardState {
  const index = state.path.lastIndexOf(page);
  if (index < 0 || index === state.path.length - 1) return state;
  let next: TWizardState = { ...state, path: state.path.slice(0, index + 1), errors: NO_ERRORS };
  if (next.testers.length === 0) next = withBlankTester(next);
  if (next.testKits.length === 0) next = withBlankTestKit(next);
  return next;
}

export function wizardReducer(state: TWizardState, action: TWizardAction): TWizardState {
  switch (action.type) {
    case 'setUserType':
      return action.userType === state.userType ? state : resetPeople(state, action.userType);
    case 'prefill': {
      const typed =
        action.userType && !state.userType ? resetPeople(state, action.userType) : state;
      const company = { ...typed.company };
      for (const [field, value] of Object.entries(action.company) as [TCompanyField, string][]) {
        if (!company[field]) company[field] = value;
      }
      return { ...typed, company };
    }
    case 'setCompany':
      return { ...state, company: { ...state.company, [action.field]: action.value } };
    case 'setPerson':
      return {
        ...state,
        [action.list]: updateAt<TPersonForm>(state[action.list], action.index, (person) => ({
          ...person,
          [action.field]: action.value,
        })),
      };
    case 'setCertification':
      return {
        ...state,
        testers: updateAt(state.testers, action.tester, (tester) => ({
          ...tester,
          userCerts: updateAt(tester.userCerts, action.cert, (cert) =>
            // A different agency offers different types: its type must be chosen again.
            action.field === 'certAgency' && action.value !== cert.certAgency
              ? { ...cert, certAgency: action.value, certType: '' }
              : { ...cert, [action.field]: action.value },
          ),
        })),
      };
    case 'setTestKit':
      return {
        ...state,
        testKits: updateAt(state.testKits, action.index, (kit) => ({
          ...kit,
          [action.field]: action.value,
        })),
      };
    case 'setCredential':
      return updateCredential(state, action.owner, action.typeId, (credential) => ({
        ...credential,
        ...action.changes,
      }));
    case 'addCredential':
      return updateCredential(state, action.owner, action.typeId, (credential) => credential);
    case 'removeCredential':
      return removeCredential(state, action.owner, action.typeId);
    case 'chooseFile':
      // A new file replaces the uploaded one: it has to be uploaded again.
      return updateDocument(state, action.target, '', action.fileName);
    case 'uploaded':
      return updateDocument(state, action.target, action.link);
    case 'add':
      return addToList(state, action.list);
    case 'remove':
      return removeFromList(state, action.list, action.index);
    case 'addCertification':
      return addCertification(state, action.tester);
    case 'removeCertification':
      return removeCertification(state, action.tester, action.cert);
    case 'setErrors':
      return { ...state, errors: action.errors };
    case 'accepted':
      return isOn(state, action.step) ? advance(state) : state;
    case 'skip': {
      const step = currentStep(state);
      if (step.id !== action.step || !skipOffered(step, state)) return state;
      return advance(step.skip.reset(state));
    }
    case 'companyChecked': {
      if (!isOn(state, 'company')) return state;
      const { result } = action;
      const matches = result.kind === 'matches' ? result.matches : [];
      const companyID = result.kind === 'exact' ? result.companyID : null;
      return advance({ ...state, matches, company: { ...state.company, companyID } });
    }
    case 'selectMatch': {
      if (!isOn(state, 'matches')) return state;
      const { match } = action;
      const company = {
        ...state.company,
        companyID: match.companyID,
        companyName: match.companyName,
        companyAddress1: match.companyAddress1,
        companyAddress2: match.companyAddress2,
        companyCity: match.companyCity,
        companyState: match.companyState,
        companyZip: match.companyZip,
      };
      return advance({ ...state, company });
    }
    case 'back': {
      const previous = precedingPage(state);
      return previous === undefined ? state : backTo(state, previous);
    }
    case 'backTo':
      return backTo(state, action.page);
  }
}
