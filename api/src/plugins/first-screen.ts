import { FORM_HASH_PATTERN } from '../../../shared/constants.js';
import type { TLanguage } from '../../../shared/i18n/languages.js';
import { matchRoute, type TRoute } from '../../../shared/site-routes.js';

// What each page of the public site needs before its first screen is usable, named in the
// page's head so the browser asks for all of it with the page instead of one file after another:
// the screen's own code (its lazily loaded module and the files that module imports), the calls
// it makes first (the organization's info, a status page's status, who is signed in to My
// registrations), and the Spanish words when the page opens in Spanish. Everything else (the
// wizard behind the organization home's Get Started, the other language) is fetched by the site
// once the screen is usable.

/** Vite's build manifest (its documented backend integration): each module's file and imports. */
export type TManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The modules, keyed as in the manifest, whose code each screen needs first. */
export const SCREEN_MODULES: Record<TRoute['name'], string[]> = {
  landing: ['src/app/landing/LandingPage.tsx'],
  home: [],
  step: ['src/app/wizard/WizardRoute.tsx'],
  thankYou: ['src/app/wizard/ThankYou.tsx'],
  resume: ['src/app/drafts/ResumeDraft.tsx'],
  status: ['src/app/status/StatusRoute.tsx'],
  account: ['src/app/account/AccountRoute.tsx'],
  accountSignIn: ['src/app/account/AccountRoute.tsx'],
  accountConfirmEmail: ['src/app/account/AccountRoute.tsx'],
  testForm: ['src/app/test-form/TestFormRoute.tsx'],
  notFound: [],
};

/** The catalogue a language other than English loads (English is in the entry). */
export const LANGUAGE_MODULES: Partial<Record<TLanguage, string>> = {
  es: '../shared/i18n/es.ts',
};

/** A link token's characters (base64url); anything else is left for the page to refuse. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * A lazily loaded module's file and the files it imports; the entry and the files the page
 * already names are left out.
 */
export function chunkFiles(manifest: TManifest, module: string): string[] {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return files;
}

/** The calls a screen makes first (the site's fetch: credentials included, so they match). */
function firstCalls(route: TRoute): string[] {
  // Who is signed in (the session cookie goes with it); the emailed links' pages send their
  // token first.
  if (route.name === 'account') return ['/api/account/me'];
  if (!('hash' in route) || !FORM_HASH_PATTERN.test(route.hash)) return [];
  const calls = [`/api/tr/get/orginfo/${route.hash}`];
  if (route.name === 'status' && TOKEN_PATTERN.test(route.token)) {
    calls.push(`/api/tr/status/${route.hash}/${route.token}`);
  }
  return calls;
}

/** The <link> tags for a page's head: its first calls, then its first screen's files. */
export function firstScreenHints(
  manifest: TManifest,
  pathname: string,
  language: TLanguage,
  html: string,
  /** The server wrote the first screen: the calls it would make are answered in the page. */
  options: { served?: boolean } = {},
): string {
  const route = matchRoute(pathname);
  const modules = [...SCREEN_MODULES[route.name]];
  const languageModule = LANGUAGE_MODULES[language];
  if (languageModule) modules.push(languageModule);
  const files = new Set(modules.flatMap((module) => chunkFiles(manifest, module)));
  const calls = (options.served ? [] : firstCalls(route)).map(
    (call) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${call}">`,
  );
  const scripts = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return [...calls, ...scripts].join('');
}
