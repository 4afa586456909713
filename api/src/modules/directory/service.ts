import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DIRECTORY_PAGE_SIZE,
  directorySlugOf,
  numberedSlug,
  slugFromName,
  type TDirectoryEntry,
  type TDirectorySort,
} from '../../../../shared/directory.js';
import { directoryCsvColumns, directoryText } from '../../../../shared/i18n/directory.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import { withPooledClient } from '../../db/pooled-client.js';
import { wordPrefixQuery } from '../../db/word-prefix.js';
import { directoryListing, slugsTaken } from './queries.js';

// The public directory of an organization's approved testers (issue 28): a page of it, all of
// it for the CSV, and the slug an organization's directory is given. Live: every answer is read
// from the registrations as they are, with "today" (the program day) passed in, so an expiry
// takes effect at midnight in the program's time zone without any job.

export interface DirectoryRequest {
  /** Beginnings of words of a tester's first or last name or their company's name. */
  q?: string;
  city?: string;
  sort?: TDirectorySort;
  /** From 1. */
  page?: number;
  /** Every matching entry on one page (the print view). */
  all?: boolean;
  /** The program day (todayInProgramZone()), YYYY-MM-DD. */
  today: string;
  /** The language of the product's default disclaimer. */
  language?: TLanguage;
}

/** What the public may know of an organization whose directory is published. */
export interface DirectoryOrganization {
  name: string;
  slug: string;
  intro: string | null;
  /** Staff's own words, or the product's in the asked language when staff wrote none. */
  disclaimer: string;
  noindex: boolean;
  /** The sites that may embed it (empty: any https site), as for the form. */
  embedOrigins: string[];
}

export interface DirectoryListing {
  /** The organization's id, for the server's own use (never shown). */
  organizationId: number;
  organization: DirectoryOrganization;
  /** When the listing was read. */
  asOf: Date;
  /** The program day it was read for. */
  today: string;
  /**
   * Changes exactly when anything the organization's directory shows changes, and each program
   * day (an ETag for every page, search and CSV of this organization, beside the language).
   */
  version: string;
  /** The version recorded last for this directory and when it was first read (versions.ts). */
  known: { version: string; changedAt: Date } | null;
  /** Entries matching the search and city. */
  total: number;
  /** Every listed entry's city, for the filter. */
  cities: string[];
  entries: TDirectoryEntry[];
}

export interface DirectoryPage extends DirectoryListing {
  page: number;
  pageSize: number;
  /** At least 1 (an empty listing has one empty page). */
  pages: number;
}

/** Blank text is no filter. */
const filterText = (text: string | undefined) => (text?.trim() ? text.trim() : null);

async function listing(
  em: EntityManager,
  slugText: string,
  request: DirectoryRequest,
  page: { limit: number | null; offset: number },
): Promise<DirectoryListing | null> {
  const slug = directorySlugOf(slugText);
  if (!slug) return null;
  // A named statement on a pooled connection: planned once per connection, not per visitor.
  const row = await withPooledClient(em, (client) =>
    directoryListing(client, {
      slug,
      today: request.today,
      words: request.q === undefined ? null : (wordPrefixQuery(request.q) ?? null),
      city: filterText(request.city),
      sort: request.sort ?? 'name',
      ...page,
    }),
  );
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    organization: {
      name: row.name,
      slug: row.slug,
      intro: row.intro,
      disclaimer:
        row.disclaimer ??
        directoryText(request.language ?? 'en', 'defaultDisclaimer', { organization: row.name }),
      noindex: row.noindex,
      embedOrigins: row.embed_origins,
    },
    asOf: new Date(row.as_of),
    today: request.today,
    version: row.version,
    known:
      row.known_version === null || row.known_changed_at === null
        ? null
        : { version: row.known_version, changedAt: new Date(row.known_changed_at) },
    total: row.total,
    cities: row.cities,
    entries: row.entries,
  };
}

/**
 * A page of an organization's directory (25 entries, or every match with `all`) by its slug,
 * with the organization's public facts; null when no organization publishes a directory there
 * (unknown, not enabled, or the organization's access has ended). A page past the last answers
 * no entries.
 */
export async function directoryBySlug(
  em: EntityManager,
  slug: string,
  request: DirectoryRequest,
): Promise<DirectoryPage | null> {
  if (request.all) {
    const found = await listing(em, slug, request, { limit: null, offset: 0 });
    return found && { ...found, page: 1, pageSize: Math.max(1, found.total), pages: 1 };
  }
  const page = Math.max(1, Math.trunc(request.page ?? 1));
  const found = await listing(em, slug, request, {
    limit: DIRECTORY_PAGE_SIZE,
    offset: (page - 1) * DIRECTORY_PAGE_SIZE,
  });
  if (!found) return null;
  return {
    ...found,
    page,
    pageSize: DIRECTORY_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(found.total / DIRECTORY_PAGE_SIZE)),
  };
}

/** The CSV's columns, in order, in the asked language. */
function csvHeader(language: TLanguage): string[] {
  const words = directoryCsvColumns(language);
  return [
    words.firstName,
    words.lastName,
    words.company,
    words.companyPhone,
    words.city,
    words.state,
    words.agency,
    words.type,
    words.number,
    words.expiresOn,
  ];
}

export interface DirectoryCsv extends DirectoryListing {
  /** The header row, then one row per current certification of each entry, in the page's order. */
  rows: string[][];
}

/**
 * Every entry of the directory matching the search and city (no paging), as CSV rows: one per
 * certification shown, the tester's and company's cells repeated, so a spreadsheet can filter
 * by agency or expiration; null as for directoryBySlug.
 */
export async function directoryCsvRows(
  em: EntityManager,
  slug: string,
  request: Omit<DirectoryRequest, 'page'>,
): Promise<DirectoryCsv | null> {
  const found = await listing(em, slug, request, { limit: null, offset: 0 });
  if (!found) return null;
  const rows = found.entries.flatMap((entry) =>
    entry.certifications.map((certification) => [
      entry.firstName,
      entry.lastName,
      entry.company ?? '',
      entry.companyPhone ?? '',
      entry.city ?? '',
      entry.state ?? '',
      certification.agency,
      certification.type,
      certification.number,
      certification.expiresOn,
    ]),
  );
  return { ...found, rows: [csvHeader(request.language ?? 'en'), ...rows] };
}

/**
 * The slug to give an organization's directory: `wanted` (by default, from its name) when no
 * other organization has it, else the first of "wanted-2", "wanted-3", … that is free. The unique
 * index still decides between two organizations saved at once.
 */
export async function uniqueDirectorySlug(
  em: EntityManager,
  wanted: string,
  organizationId: number | null,
): Promise<string> {
  const base = directorySlugOf(wanted) ?? slugFromName(wanted);
  const taken = new Set(await slugsTaken(em, { base, organizationId }));
  for (let n = 1; ; n++) {
    const candidate = numberedSlug(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}
