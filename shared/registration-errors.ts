// The answers' error shapes (spec sections 7 and 8): zod issues of the shared rules, sorted into
// the per-field, per-position messages each public call answers with. The server builds its
// answers with these and the widget reads its own checks' results through them, so both show a
// rule's message in the same place. No Node or DOM imports: this file runs in the browser too.

/** field → message */
export type TFieldErrors = Record<string, string>;
/** position → field → message */
export type TPositionErrors = Record<string, TFieldErrors>;
/** tester position → certification position → field → message */
export type TCertErrors = Record<string, Record<string, TFieldErrors>>;
/** credential type id → field → message ('credential' for a required one not given) */
export type TCredentialErrors = Record<string, TFieldErrors>;

export interface TIssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface TCompanyErrorsMessage {
  company_errors: TFieldErrors;
  generalErrors: string[];
}
export interface TAdminErrorsMessage {
  adminErrors: TPositionErrors;
  generalErrors: string[];
}
export interface TTesterErrorsMessage {
  testerErrors: TPositionErrors;
  certErrors: TCertErrors;
  generalErrors: string[];
}
export interface TTestKitErrorsMessage {
  testKitErrors: TPositionErrors;
  generalErrors: string[];
}
export interface TFinalErrorsMessage {
  userErrors: TPositionErrors;
  certErrors: TCertErrors;
  company_errors: TFieldErrors;
  testKitErrors: TPositionErrors;
  generalErrors: string[];
  /** Only for an organization with credential requirements: the company's credentials. */
  companyCredentialErrors?: TCredentialErrors;
  /** Only for such an organization: each person's credentials, by position in userInfo. */
  credentialErrors?: Record<string, TCredentialErrors>;
}

/** Whether the answer carries the credential keys (its organization has requirements). */
export interface TFinalErrorsOptions {
  credentials?: boolean;
}

/** Sets the first message only: the earliest rule that fails is the one the person sees. */
function setFirst(target: TFieldErrors, key: string, message: string) {
  if (!(key in target)) target[key] = message;
}

function addGeneral(general: string[], message: string) {
  if (!general.includes(message)) general.push(message);
}

function positionBucket<T extends object>(record: Record<string, T>, key: PropertyKey): T {
  const name = String(key);
  record[name] ??= {} as T;
  return record[name];
}

/**
 * Sorts issues of a list of people into per-person fields, per-certification fields, (when
 * kept) per-credential fields by type id, and the rest.
 */
function splitPeopleIssues(
  issues: readonly TIssueLike[],
  people: TPositionErrors,
  certs: TCertErrors,
  general: string[],
  credentials?: Record<string, TCredentialErrors>,
) {
  for (const { path, message } of issues) {
    const [position, name, certPosition, certField] = path;
    if (typeof position !== 'number' || name === undefined) {
      addGeneral(general, message);
    } else if (name === 'userCerts' && typeof certPosition === 'number') {
      const cert = positionBucket(positionBucket(certs, position), certPosition);
      setFirst(cert, certField === undefined ? 'userCerts' : String(certField), message);
    } else if (name === 'userCredentials' && credentials && typeof certPosition === 'string') {
      const credential = positionBucket(positionBucket(credentials, position), certPosition);
      setFirst(credential, certField === undefined ? 'credential' : String(certField), message);
    } else {
      setFirst(positionBucket(people, position), String(name), message);
    }
  }
}

/** Items of a list by position, or (keyed) entries of a map by their key. */
function splitItemIssues(
  issues: readonly TIssueLike[],
  items: TPositionErrors,
  general: string[],
  keyed = false,
) {
  for (const { path, message } of issues) {
    const [position, name] = path;
    const isItem = typeof position === 'number' || (keyed && typeof position === 'string');
    if (!isItem || name === undefined) addGeneral(general, message);
    else setFirst(positionBucket(items, position), String(name), message);
  }
}

/** Issues whose path starts with `prefix`, with the prefix removed. */
function under(issues: readonly TIssueLike[], ...prefix: PropertyKey[]): TIssueLike[] {
  return issues
    .filter((issue) => prefix.every((key, index) => issue.path[index] === key))
    .map((issue) => ({ path: issue.path.slice(prefix.length), message: issue.message }));
}

function notUnder(issues: readonly TIssueLike[], keys: readonly string[]): TIssueLike[] {
  return issues.filter((issue) => !keys.includes(String(issue.path[0])));
}

/**
 * COMPANY ERRORS message from a ZValidateCompanyRequest result (or, with another prefix, from
 * any result whose company fields sit under that path).
 */
export function companyErrorsFrom(
  issues: readonly TIssueLike[],
  prefix: readonly PropertyKey[] = ['companyInfo', 0],
): TCompanyErrorsMessage {
  const message: TCompanyErrorsMessage = { company_errors: {}, generalErrors: [] };
  for (const { path, message: text } of issues) {
    const name = path[prefix.length];
    const isField = prefix.every((key, index) => path[index] === key) && name !== undefined;
    if (isField) setFirst(message.company_errors, String(name), text);
    else addGeneral(message.generalErrors, text);
  }
  return message;
}

/** ADMIN ERRORS message from a ZValidateAdminsRequest result. */
export function adminErrorsFrom(issues: readonly TIssueLike[]): TAdminErrorsMessage {
  const message: TAdminErrorsMessage = { adminErrors: {}, generalErrors: [] };
  splitItemIssues(under(issues, 'adminInfo'), message.adminErrors, message.generalErrors);
  for (const issue of notUnder(issues, ['adminInfo']))
    addGeneral(message.generalErrors, issue.message);
  return message;
}

/** TESTER ERRORS message from a validate-testers request result. */
export function testerErrorsFrom(issues: readonly TIssueLike[]): TTesterErrorsMessage {
  const message: TTesterErrorsMessage = { testerErrors: {}, certErrors: {}, generalErrors: [] };
  splitPeopleIssues(
    under(issues, 'testerInfo'),
    message.testerErrors,
    message.certErrors,
    message.generalErrors,
  );
  for (const issue of notUnder(issues, ['testerInfo']))
    addGeneral(message.generalErrors, issue.message);
  return message;
}

/** TEST KIT ERRORS message from a ZValidateTestKitsRequest result. */
export function testKitErrorsFrom(issues: readonly TIssueLike[]): TTestKitErrorsMessage {
  const message: TTestKitErrorsMessage = { testKitErrors: {}, generalErrors: [] };
  splitItemIssues(under(issues, 'testKitInfo'), message.testKitErrors, message.generalErrors);
  for (const issue of notUnder(issues, ['testKitInfo']))
    addGeneral(message.generalErrors, issue.message);
  return message;
}

/**
 * An empty FINAL ERRORS message, to which the server adds what it finds; with the credential
 * keys for an organization that has credential requirements (and only then).
 */
export function emptyFinalErrors(options: TFinalErrorsOptions = {}): TFinalErrorsMessage {
  return {
    userErrors: {},
    certErrors: {},
    company_errors: {},
    testKitErrors: {},
    generalErrors: [],
    ...(options.credentials ? { companyCredentialErrors: {}, credentialErrors: {} } : {}),
  };
}

/**
 * FINAL ERRORS message from the final submit's issues: those of the submit's schema, and for an
 * organization with credential requirements those of its credentials (shared/credentials.ts).
 */
export function finalErrorsFrom(
  issues: readonly TIssueLike[],
  options: TFinalErrorsOptions = {},
): TFinalErrorsMessage {
  const message = emptyFinalErrors(options);
  const company = companyErrorsFrom(under(issues, 'companyInfo'), [0]);
  message.company_errors = company.company_errors;
  for (const text of company.generalErrors) addGeneral(message.generalErrors, text);
  splitPeopleIssues(
    under(issues, 'userInfo'),
    message.userErrors,
    message.certErrors,
    message.generalErrors,
    message.credentialErrors,
  );
  splitItemIssues(under(issues, 'testKitInfo'), message.testKitErrors, message.generalErrors);
  const sorted = ['companyInfo', 'userInfo', 'testKitInfo'];
  if (message.companyCredentialErrors) {
    const companyCredentials = under(issues, 'companyCredentials');
    splitItemIssues(
      companyCredentials,
      message.companyCredentialErrors,
      message.generalErrors,
      true,
    );
    sorted.push('companyCredentials');
  }
  for (const issue of notUnder(issues, sorted)) addGeneral(message.generalErrors, issue.message);
  return message;
}

const hasEntries = (record: object | undefined) => Object.keys(record ?? {}).length > 0;

/** True when a FINAL ERRORS message holds at least one message. */
export function hasFinalErrors(message: TFinalErrorsMessage): boolean {
  return (
    hasEntries(message.userErrors) ||
    hasEntries(message.certErrors) ||
    hasEntries(message.company_errors) ||
    hasEntries(message.testKitErrors) ||
    hasEntries(message.companyCredentialErrors) ||
    hasEntries(message.credentialErrors) ||
    message.generalErrors.length > 0
  );
}
