import { addCatalogue, hasCatalogue } from '../../../../shared/i18n/catalogue.js';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_PARAMETER,
  languageOf,
  pageLanguage,
  type TLanguage,
} from '../../../../shared/i18n/languages.js';

// The public site's language: chosen once at start-up, changed by the English / Español switch.
// English is in the first download; the Spanish catalogue is fetched the first time it is needed.

const STORAGE_KEY = 'backflow.language';
let current: TLanguage = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language the site opens in (shared/i18n/languages.ts), with the choice made earlier here. */
export function initialLanguage(search: string, browserLanguages: readonly string[]): TLanguage {
  return pageLanguage(search, storedChoice(), browserLanguages);
}

/** Fetches a language's catalogue if it is not here yet. */
export async function loadCatalogue(language: TLanguage): Promise<void> {
  if (hasCatalogue(language)) return;
  const { es } = await import('../../../../shared/i18n/es.js');
  addCatalogue('es', es);
}

export function currentLanguage(): TLanguage {
  return current;
}

/** On the server, for one synchronous render of a first screen: the language it is written in. */
export function renderLanguage(language: TLanguage) {
  current = language;
}

function apply(language: TLanguage) {
  current = language;
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** The address's language parameter, where there is one, set to the language shown. */
function keepAddressLanguage() {
  const url = new URL(window.location.href);
  const named = url.searchParams.get(LANGUAGE_PARAMETER);
  if (named === null || named === current) return;
  url.searchParams.set(LANGUAGE_PARAMETER, current);
  window.history.replaceState(window.history.state, '', url);
}

/** At start-up: the language the site opens in, its catalogue loaded (English if that fails). */
export async function startLanguage(): Promise<void> {
  // Back and Forward reach entries written before a switch: they take the language shown.
  window.addEventListener('popstate', keepAddressLanguage);
  const language = initialLanguage(window.location.search, navigator.languages ?? []);
  try {
    await loadCatalogue(language);
    apply(language);
  } catch {
    apply(DEFAULT_LANGUAGE);
  }
}

/**
 * Shows the site in `language` without reloading (whatever was entered stays) and writes it into
 * the address, where it outranks the embed's option on a reload.
 */
export async function showLanguage(language: TLanguage): Promise<void> {
  await loadCatalogue(language);
  const url = new URL(window.location.href);
  url.searchParams.set(LANGUAGE_PARAMETER, language);
  window.history.replaceState(window.history.state, '', url);
  apply(language);
}

/** The switch: shows the language and remembers the choice on this site. */
export async function chooseLanguage(language: TLanguage): Promise<void> {
  await showLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage blocked (a third-party frame): the address still carries the choice.
  }
}

/** The address's language parameter, kept on every address the site moves to. */
export function languageSearch(): string {
  const language = languageOf(new URLSearchParams(window.location.search).get(LANGUAGE_PARAMETER));
  return language ? `?${LANGUAGE_PARAMETER}=${language}` : '';
}

export function subscribeLanguage(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
