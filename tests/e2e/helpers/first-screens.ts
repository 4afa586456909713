import { newStatusLink } from '../../../api/src/modules/review/status-links.js';
import { en } from '../../../shared/i18n/en.js';
import { TEST_REPORTS_EN } from '../../../shared/i18n/en-test-reports.js';
import { es } from '../../../shared/i18n/es.js';
import { TEST_REPORTS_ES } from '../../../shared/i18n/es-test-reports.js';
import type { TLanguage } from '../../../shared/i18n/languages.js';
import type { FirstControl } from './first-screen.js';

// The first screens people meet, each with the control that makes it usable and its budget:
// public pages at most 90 KB of JavaScript (gzip) and 3 requests in a chain, in both languages
// (the directory of testers 20 KB); the console's sign-in 100 KB. A new public page adds its
// screens here.

export interface FirstScreenPaths {
  /** A registration link's hash. */
  formHash: string;
  /** A registrant's status page (a registration with changes requested). */
  statusPath: string;
  /** An organization's published directory of testers, with at least one tester listed. */
  directoryPath: string;
}

export interface FirstScreen {
  name: string;
  path(paths: FirstScreenPaths): string;
  control: FirstControl;
  /** The browser's language (Accept-Language), when not the default English. */
  locale?: string;
  /** The language the page must speak from its first response. */
  language: TLanguage;
  budget: { scriptKb: number; chain: number };
  /** `npm run bench` holds its time to usable on a phone to this target (ms). */
  usableTargetMs?: number;
  /** Chunks of the build (by name: `WizardRoute` for assets/WizardRoute-hash.js) the screen fetches only once it is usable. */
  later?: string[];
  /** Chunks of other pages (by name, as `later`) the screen never needs. */
  foreign?: string[];
  /** Written whole by the server: the screen loads no script at all. */
  scriptless?: boolean;
}

const PUBLIC = { scriptKb: 90, chain: 3 };
/** The directory of testers: written by the server, scripts only enhance (issue 28). */
const DIRECTORY = { scriptKb: 20, chain: 3 };
const CONSOLE = { scriptKb: 100, chain: 3 };

const words = { en, es } as const;
const TEST_FORM_WORDS = { en: TEST_REPORTS_EN, es: TEST_REPORTS_ES } as const;

/** The public screens, each in English, by ?lang=es and by a Spanish browser. */
function bothLanguages(
  name: string,
  path: (paths: FirstScreenPaths) => string,
  control: (language: TLanguage) => FirstControl,
  {
    usableTargetMs = undefined as number | undefined,
    later = [] as string[],
    foreign = [] as string[],
    budget = PUBLIC,
    scriptless = false,
  } = {},
): FirstScreen[] {
  const withLang = (paths: FirstScreenPaths) => {
    const url = new URL(path(paths), 'http://site');
    url.searchParams.set('lang', 'es');
    return `${url.pathname}${url.search}`;
  };
  return [
    {
      name,
      path,
      control: control('en'),
      language: 'en',
      budget,
      usableTargetMs,
      later,
      foreign,
      scriptless,
    },
    {
      name: `${name}?lang=es`,
      path: withLang,
      control: control('es'),
      language: 'es',
      budget,
      usableTargetMs,
      later,
      foreign,
      scriptless,
    },
    {
      name: `${name} (Spanish browser)`,
      path,
      control: control('es'),
      locale: 'es-MX',
      language: 'es',
      budget,
      later,
      foreign,
      scriptless,
    },
  ];
}

/** My registrations' code, and its forms of changes, which no other page needs. */
const ACCOUNT = ['AccountRoute', 'AccountChanges'];

export const FIRST_SCREENS: FirstScreen[] = [
  ...bothLanguages(
    '/',
    () => '/',
    () => ({ selector: 'main a[href^="mailto:"]' }),
    { foreign: ACCOUNT },
  ),
  ...bothLanguages(
    '/form/{hash}',
    (paths) => `/form/${paths.formHash}`,
    (language) => ({ selector: 'main button', text: words[language].org.getStarted }),
    // The wizard behind Get Started, the banner's formatter (this organization has none) and the
    // offer to register from My registrations, with its check of who is signed in; never the
    // credentials' pages (fetched when a wizard page first shows them).
    {
      usableTargetMs: 1200,
      later: ['WizardRoute', 'Banner', 'JoinFromAccount'],
      foreign: [...ACCOUNT, 'CredentialFields'],
    },
  ),
  ...bothLanguages(
    '/form/{hash}/status/{token}',
    (paths) => paths.statusPath,
    (language) => ({
      selector: 'main button[type="submit"]',
      text: words[language].status.sendCorrections,
    }),
    // The correction checks (the shared zod rules), first needed at Send.
    { later: ['correction-checks'], foreign: ACCOUNT },
  ),
  ...bothLanguages(
    '/testers/{slug}',
    (paths) => paths.directoryPath,
    // The first tester of the list, readable.
    () => ({ selector: 'main .directory-entry h3' }),
    // Written whole by the server: no script at all outside a host page's frame.
    { usableTargetMs: 1000, budget: DIRECTORY, scriptless: true },
  ),
  ...bothLanguages(
    '/account',
    () => '/account',
    (language) => ({
      selector: 'main button[type="submit"]',
      text: words[language].account.sendLink,
    }),
    // Nobody is signed in: the sign-in form, without the wizard, the status page, the shared
    // zod rules (the server checks the email) or the signed-in record's forms of changes.
    { foreign: ['WizardRoute', 'StatusRoute', 'registration', 'AccountChanges'] },
  ),
  // The test form (issue 39) in a browser that has kept nothing: its way back to My
  // registrations, without the report's pages and their shared rules (fetched once it is usable).
  ...bothLanguages(
    '/account/test',
    () => '/account/test',
    (language) => ({
      selector: 'main a[href^="/account"]',
      text: TEST_FORM_WORDS[language].home.backToAccount,
    }),
    {
      later: ['ReportPage'],
      foreign: ['WizardRoute', 'StatusRoute', 'registration', 'AccountRoute', 'AccountChanges'],
    },
  ),
  {
    name: '/scadmin (sign-in)',
    path: () => '/scadmin',
    control: { selector: 'input[name="email"], input[type="email"]' },
    language: 'en',
    budget: CONSOLE,
  },
];

/**
 * A status page that asks for a correction: staff reject the registration's first certificate
 * and request changes (through the staff calls, as the console does), then a status link like
 * the emailed one is stored (by `store`, in the server's database), whose token the caller learns.
 */
export async function changesRequestedStatusPath(options: {
  baseUrl: string;
  staffToken: string;
  registrationId: number;
  formHash: string;
  store: (row: ReturnType<typeof newStatusLink>['row']) => Promise<unknown>;
}): Promise<string> {
  const { baseUrl, staffToken, registrationId } = options;
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<{
      version: number;
      certifications: { id: number }[];
      testKits: { id: number }[];
      credentials: { id: number }[];
    }>;
  };
  const review = await call(`/api/admin/review/${registrationId}`);
  const [rejected, ...accepted] = review.certifications;
  if (!rejected) throw new Error(`registration ${registrationId} has no certification`);
  // The first certificate is rejected, every other document accepted, then the decision sent.
  const decisions = [
    { item: 'certification', itemId: rejected.id, decision: 'rejected', reason: 'unreadable' },
    ...accepted.map(({ id }) => ({ item: 'certification', itemId: id, decision: 'accepted' })),
    ...review.testKits.map(({ id }) => ({ item: 'testKit', itemId: id, decision: 'accepted' })),
    ...review.credentials.map(({ id }) => ({
      item: 'credential',
      itemId: id,
      decision: 'accepted',
    })),
  ];
  let version = review.version;
  for (const decision of decisions) {
    await call(`/api/sc/submit/review/${registrationId}/document`, { version, ...decision });
    version += 1;
  }
  await call(`/api/sc/submit/review/${registrationId}/request_changes`, { version });
  const link = newStatusLink({ id: registrationId, formHash: options.formHash }, '');
  await options.store(link.row);
  return link.url;
}
