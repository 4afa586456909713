import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { FORM_HASH_PATTERN } from '../../../../shared/constants.js';
import {
  credentialRulesFromOrgInfo,
  type TCredentialRules,
} from '../../../../shared/credentials.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  certificationRulesFromOrgInfo,
  type TCertificationRules,
  type TOrgInfo,
} from '../../../../shared/registration.js';
import type { StatementRunner } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { statusOf } from '../organizations/status.js';
import type { LinkCache } from './link-cache.js';
import { findLinkRow, type LinkRow } from './queries.js';

// The public side's view of an organization: found by its form hash, refused once its access
// date has passed, and described by the certification rules its form applies and the
// credentials it asks for.

/**
 * Active through the whole of its allowed-until day in the program's time zone, expired from
 * the next day there.
 */
export function isLinkExpired(allowedUntil: string | Date, now: Date = new Date()): boolean {
  const until =
    typeof allowedUntil === 'string' ? allowedUntil : allowedUntil.toISOString().slice(0, 10);
  return statusOf(until, todayInProgramZone(now)) === 'inactive';
}

export const linkInvalid = () => new AppError(404, CODES.orgUrlInvalid, MESSAGES.orgUrlInvalid);
const linkExpired = () => new AppError(410, CODES.orgUrlExpired, MESSAGES.orgUrlExpired);

/** The hash when it could be one, else null (which no form has). */
export const possibleHash = (hash: unknown): string | null =>
  typeof hash === 'string' && FORM_HASH_PATTERN.test(hash) ? hash : null;

/**
 * The row behind a link, from the cache when one is given (which keeps rows, not answers:
 * expiry is judged on every call); null when no form has the hash.
 */
export async function linkRowFor(
  db: EntityManager | StatementRunner,
  hash: string,
  cache?: LinkCache,
): Promise<LinkRow | null> {
  const load = async () => (await findLinkRow(db, hash)) ?? null;
  return cache ? cache.get(hash, load) : load();
}

/** The row of a link that still opens its form; ORG URL INVALID / ORG URL EXPIRED otherwise. */
function openRow(row: LinkRow | null | undefined, now?: Date): LinkRow {
  if (!row) throw linkInvalid();
  if (isLinkExpired(row.allowed_until, now)) throw linkExpired();
  return row;
}

/**
 * The public description of the form (get_orginfo's orgInfo) on a day of the program's zone.
 * The credentials it asks for are there only when it asks for some, so every other organization
 * answers exactly as the spec's lookup does.
 */
function orgInfoOf(row: LinkRow, now: Date = new Date()): TOrgInfo {
  return {
    org_name: row.name,
    org_banner: row.form_banner,
    number_of_certs: row.required_certifications,
    org_associated_certs: row.certs,
    homePageBanner: row.home_banner,
    accept_expired_certs: row.accept_expired_certifications,
    program_date: todayInProgramZone(now),
    ...(row.credential_requirements.length > 0
      ? { credential_requirements: row.credential_requirements }
      : {}),
  };
}

/**
 * The row of the organization whose form the hash opens, in one query or from the cache;
 * ORG URL INVALID / ORG URL EXPIRED otherwise.
 */
export async function openLinkRow(
  em: EntityManager,
  hash: unknown,
  options: { now?: Date; cache?: LinkCache } = {},
): Promise<LinkRow> {
  const formHash = possibleHash(hash);
  if (!formHash) throw linkInvalid();
  return openRow(await linkRowFor(em, formHash, options.cache), options.now);
}

/**
 * The sites that may embed the form the hash opens (empty: any https site); undefined when the
 * hash opens no form, so its page keeps the default policy and shows its own error.
 */
export async function embedOriginsForLink(
  em: EntityManager,
  hash: string,
  options: { cache?: LinkCache } = {},
): Promise<string[] | undefined> {
  const formHash = possibleHash(hash);
  if (!formHash) return undefined;
  return (await linkRowFor(em, formHash, options.cache))?.embed_origins;
}

/** GET /api/tr/get/orginfo/{hash}: the public description of the form. */
export async function organizationInfoForLink(
  em: EntityManager,
  hash: unknown,
  options: { now?: Date; cache?: LinkCache } = {},
): Promise<TOrgInfo> {
  return orgInfoOf(await openLinkRow(em, hash, options), options.now);
}

/** What the final submit and the testers step need of the organization behind a link. */
export interface LinkedOrganization {
  id: number;
  name: string;
  primaryEmail: string;
  rules: TCertificationRules;
  /** What it asks of credentials; undefined when it asks for none. */
  credentialRules: TCredentialRules | undefined;
}

/** The organization of a link's row, refused as ORG URL INVALID / ORG URL EXPIRED. */
export function linkedOrganization(
  row: LinkRow | null | undefined,
  now: Date = new Date(),
): LinkedOrganization {
  const open = openRow(row, now);
  const info = orgInfoOf(open, now);
  return {
    id: open.id,
    name: open.name,
    primaryEmail: open.primary_email,
    rules: certificationRulesFromOrgInfo(info),
    credentialRules: credentialRulesFromOrgInfo(info),
  };
}
