import type { TLanguage } from '../../../../shared/i18n/languages.js';
import type { TOrgLookup } from './org-info.js';

// The organization home is written by the server (widget/src/entry-server.tsx) so a phone shows
// it, and its Get Started works, before the site's code has arrived. The page carries what that
// first render used, so the site's own first render in the browser is the same and takes the page
// over (hydration) instead of looking the organization up again.

/** The id of the page's <script type="application/json"> holding the first screen's data. */
export const SERVED_DATA_ID = 'first-screen-data';

export interface TServedData {
  hash: string;
  language: TLanguage;
  lookup: TOrgLookup;
}

let served: TServedData | null | undefined;
let taken = false;

/** The data the server wrote into the page, if it wrote the page's first screen. */
export function servedData(): TServedData | null {
  if (served !== undefined) return served;
  served = null;
  if (typeof document === 'undefined') return served;
  const text = document.getElementById(SERVED_DATA_ID)?.textContent;
  if (!text) return served;
  try {
    served = JSON.parse(text) as TServedData;
  } catch {
    served = null;
  }
  return served;
}

/**
 * The organization's lookup the server rendered the page with, for the layout's first render of
 * that link; after `take` (the layout's first effect) the layout looks up afresh, as on any page.
 */
export function servedLookup(hash: string): TOrgLookup | null {
  const data = servedData();
  return !taken && data?.hash === hash ? data.lookup : null;
}

/** Marks the served lookup as used: a later visit to the link looks the organization up. */
export function takeServedLookup(hash: string): TOrgLookup | null {
  const lookup = servedLookup(hash);
  taken = true;
  return lookup;
}

/**
 * The page's data as a JSON script element's content: `<`, and the line separators JavaScript
 * treats as line ends, escaped, so no value can close the element.
 */
export function servedDataJson(data: TServedData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
