import type { TDirectoryEntry, TDirectorySearch } from './directory.js';

export type { TDirectorySearch };

import type { TLanguage } from './i18n/languages.js';

// What the server gives the directory's page to write (api/src/modules/directory): the
// organization's public facts, one page of entries, and the visitor's search. Every value is
// text someone typed; the renderer escapes it.

/** An entry as the listing answers it (shared/directory.ts). */
export type TDirectoryViewEntry = TDirectoryEntry;

export interface TDirectoryView {
  organization: {
    name: string;
    slug: string;
    intro: string | null;
    disclaimer: string;
    noindex: boolean;
  };
  asOf: Date;
  total: number;
  cities: string[];
  entries: TDirectoryViewEntry[];
  page: number;
  pages: number;
}

export interface TDirectoryInput {
  language: TLanguage;
  view: TDirectoryView;
  search: TDirectorySearch;
  /** The program's time zone, for the list's "as of" time. */
  timeZone: string;
  /** The site's stylesheet, written into the page (null: none built). */
  stylesheet: string | null;
  /** The script that talks to the host page when the directory is embedded (null otherwise). */
  frameScript: string | null;
  /** The page's own address (https://host/testers/slug) for search engines. */
  canonicalUrl: string;
  /**
   * The host page's origin when shown in its frame (embed.js's ?embed=, one the organization
   * allows): links keep it, and those that leave the list open a new tab.
   */
  embedOrigin: string | null;
}

/** The address of the page with this search (only what differs from the defaults). */
export function searchAddress(
  path: string,
  search: Partial<TDirectorySearch>,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.city) params.set('city', search.city);
  if (search.sort && search.sort !== 'name') params.set('sort', search.sort);
  if (search.page && search.page > 1) params.set('page', String(search.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
