// The public site's few addresses. Matching them is a function of the path alone, so it is
// tested without a browser and shared by the site (widget/src/app/history.ts follows the
// address bar) and the server (which names in a page's head what its first screen needs).

export type TRoute =
  | { name: 'landing' }
  | { name: 'home'; hash: string }
  | { name: 'step'; hash: string; page: number }
  | { name: 'thankYou'; hash: string }
  | { name: 'resume'; hash: string }
  | { name: 'status'; hash: string; token: string }
  | { name: 'account' }
  | { name: 'accountSignIn' }
  | { name: 'accountConfirmEmail' }
  | { name: 'testForm'; key: string | null; step: TTestFormStep }
  | { name: 'notFound' };

/** The test form's pages: the report's form, and its last page (check your answers). */
export type TTestFormStep = 'form' | 'check';

/**
 * My registrations, the page its emailed sign-in link opens and the page a change of email's
 * confirmation link opens (each link's token after the #).
 */
export const ACCOUNT_PATH = '/account';
export const ACCOUNT_SIGN_IN_PATH = '/account/sign-in';
export const ACCOUNT_CONFIRM_EMAIL_PATH = '/account/confirm-email';
/**
 * The test form (issue 39): its reports waiting, filed and in progress; a report by the key made
 * on the device when it was started, and its last page.
 */
export const TEST_FORM_PATH = '/account/test';

/** A test report's page on the test form. */
export const testReportPath = (key: string, step: TTestFormStep = 'form') =>
  `${TEST_FORM_PATH}/${encodeURIComponent(key)}${step === 'check' ? '/check' : ''}`;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * / · /form/{hash} · /form/{hash}/step/{page} · /form/{hash}/thank-you · /form/{hash}/resume
 * (a saved registration's link, its token after the #) · /form/{hash}/status/{token} (a
 * registrant's personal status link) · /account, /account/sign-in and /account/confirm-email
 * (My registrations) · /account/test, /account/test/{key} and /account/test/{key}/check (the
 * test form); a trailing slash is ignored and anything else is not found. A page that is
 * not a number is NaN: the wizard turns it into the page it is on.
 */
export function matchRoute(pathname: string): TRoute {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === ACCOUNT_PATH) return { name: 'account' };
  if (trimmed === ACCOUNT_SIGN_IN_PATH) return { name: 'accountSignIn' };
  if (trimmed === ACCOUNT_CONFIRM_EMAIL_PATH) return { name: 'accountConfirmEmail' };
  if (trimmed === TEST_FORM_PATH) return { name: 'testForm', key: null, step: 'form' };
  const segments = trimmed.split('/').slice(1).map(decoded);
  if (`/${segments[0]}/${segments[1]}` === TEST_FORM_PATH && segments[2]) {
    if (segments.length === 3) return { name: 'testForm', key: segments[2], step: 'form' };
    if (segments.length === 4 && segments[3] === 'check') {
      return { name: 'testForm', key: segments[2], step: 'check' };
    }
  }
  const [first, hash, section, page] = segments;
  if (segments.length === 0) return { name: 'landing' };
  if (first !== 'form' || !hash) return { name: 'notFound' };
  if (segments.length === 2) return { name: 'home', hash };
  if (segments.length === 3 && section === 'thank-you') return { name: 'thankYou', hash };
  if (segments.length === 3 && section === 'resume') return { name: 'resume', hash };
  if (segments.length === 4 && section === 'status' && page) {
    return { name: 'status', hash, token: page };
  }
  if (segments.length === 4 && section === 'step' && page) {
    return { name: 'step', hash, page: /^\d+$/.test(page) ? Number(page) : Number.NaN };
  }
  return { name: 'notFound' };
}

/** The addresses the form moves between. */
export const formPath = (hash: string, rest = '') =>
  `/form/${encodeURIComponent(hash)}${rest ? `/${rest}` : ''}`;

/** A wizard page's address, by the spec's page number (0 is the first page). */
export const stepPath = (hash: string, page: number) => formPath(hash, `step/${page}`);
