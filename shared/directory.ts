// The public directory of an organization's approved testers (issue 28): its address (a slug
// staff can edit, given from the organization's name), what a visitor may ask of it (search,
// city, sort, page) and the shape of an entry. No Node or DOM imports.

/** Entries on one page of the directory. */
export const DIRECTORY_PAGE_SIZE = 25;

export const DIRECTORY_SORTS = ['name', 'company'] as const;
export type TDirectorySort = (typeof DIRECTORY_SORTS)[number];

/** A slug: lower-case letters and digits in words joined by single hyphens (the column's check). */
export const DIRECTORY_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const DIRECTORY_SLUG_MAX = 80;
/** A slug given from a name keeps this many characters, room left for "-2" and the like. */
const SLUG_FROM_NAME_MAX = 60;

/**
 * The slug a name gives: its letters and digits, accents dropped, lower case, words joined by
 * hyphens ("Ciudad de Peñasco Water" → "ciudad-de-penasco-water"); "testers" when nothing is left.
 */
export function slugFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  let slug = '';
  for (const word of words ?? []) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_FROM_NAME_MAX) break;
    slug = next;
  }
  return slug || (words?.[0]?.slice(0, SLUG_FROM_NAME_MAX) ?? 'testers');
}

/** The `n`th candidate for a slug already taken: "springfield-water-2", "-3", … */
export function numberedSlug(slug: string, n: number): string {
  return n <= 1 ? slug : `${slug}-${n}`;
}

/** Characters of the form link's hash that a slug may not carry in a row. */
const HASH_PIECE = 12;

/**
 * Whether a slug carries a piece of the registration link's secret (a slug staff typed could be
 * the hash pasted in lower case): any 12 letters or digits in a row of the hash, case ignored.
 */
export function slugRevealsFormHash(slug: string, formHash: string): boolean {
  const slugText = slug.replace(/-/g, '');
  const hashText = formHash.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (let i = 0; i + HASH_PIECE <= hashText.length; i++) {
    if (slugText.includes(hashText.slice(i, i + HASH_PIECE))) return true;
  }
  return false;
}

/** A slug as typed in an address: trimmed and lower case; undefined when it cannot be one. */
export function directorySlugOf(text: string): string | undefined {
  const slug = text.trim().toLowerCase();
  return slug.length <= DIRECTORY_SLUG_MAX && DIRECTORY_SLUG_PATTERN.test(slug) ? slug : undefined;
}

/** What a visitor asks of a directory page: its address's q, city, sort and page. */
export interface TDirectorySearch {
  /** Beginnings of words of the tester's first or last name or the company's name. */
  q: string;
  city: string;
  sort: TDirectorySort;
  /** From 1. */
  page: number;
}

const MAX_SEARCH_TEXT = 100;
const MAX_CITY = 255;
const MAX_PAGE = 10_000;

/**
 * The visitor's search from the address (the CSV and the print view take all but the page):
 * what cannot be read is left at its default, since residents follow links rather than type
 * addresses.
 */
export function directorySearchOf(query: Record<string, unknown>): TDirectorySearch {
  const text = (value: unknown, max: number) =>
    typeof value === 'string' ? value.trim().slice(0, max) : '';
  const sort = DIRECTORY_SORTS.find((name) => name === query.sort) ?? 'name';
  const page = Number(query.page);
  return {
    q: text(query.q, MAX_SEARCH_TEXT),
    city: text(query.city, MAX_CITY),
    sort,
    page: Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** A current accepted certification as the directory shows it. */
export interface TDirectoryCertification {
  agency: string;
  type: string;
  number: string;
  /** YYYY-MM-DD: valid through the end of that day in the program's time zone. */
  expiresOn: string;
}

/**
 * One listed tester: names, the company's name, phone, city and state, and the certifications
 * that make them listed. Never an email, a personal phone, a street address or a document.
 */
export interface TDirectoryEntry {
  firstName: string;
  lastName: string;
  company: string | null;
  companyPhone: string | null;
  city: string | null;
  state: string | null;
  certifications: TDirectoryCertification[];
}
