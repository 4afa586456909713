import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import {
  certificationRulesFromOrgInfo,
  type TCertificationRules,
  type TOrgInfo,
} from '../../../../shared/registration.js';
import { AppError } from '../../errors.js';
import { FORM_HASH_PATTERN } from '../organizations/form-hash.js';
import { statusOf, todayUtc } from '../organizations/status.js';
import type { LinkCache } from './link-cache.js';

// The public side's view of an organization: found by its form hash, refused once its access
// date has passed, and described by the certification rules its form applies.

/** Active through the whole of its allowed-until day (UTC), expired from the next day. */
export function isLinkExpired(allowedUntil: string | Date, now: Date = new Date()): boolean {
  const until = typeof allowedUntil === 'string' ? allowedUntil : todayUtc(allowedUntil);
  return statusOf(until, todayUtc(now)) === 'inactive';
}

export const linkInvalid = () => new AppError(404, CODES.orgUrlInvalid, MESSAGES.orgUrlInvalid);
export const linkExpired = () => new AppError(410, CODES.orgUrlExpired, MESSAGES.orgUrlExpired);

/** The hash when it could be one, else null (which no form has). */
export const possibleHash = (hash: unknown): string | null =>
  typeof hash === 'string' && FORM_HASH_PATTERN.test(hash) ? hash : null;

/**
 * org_associated_certs as a SQL expression: each agency the organization enables with the types
 * linked to it, keyed by id strings. Plain SQL, because the registration link lookup is the
 * platform's hottest call and loading entities cost it several times more than the query.
 */
const associatedCertificationsSql = (organizationId: string) => `coalesce((
  select jsonb_object_agg(a.id::text, jsonb_build_object(
    'agency', a.name,
    'associatedTypes', coalesce((
      select jsonb_object_agg(t.id::text, t.name)
        from agency_types l join certification_types t on t.id = l.type_id
       where l.agency_id = a.id), '{}'::jsonb)))
    from organization_agencies oa join certification_agencies a on a.id = oa.agency_id
   where oa.organization_id = ${organizationId}), '{}'::jsonb)`;

/** What a registration link's calls read of its organization: one row, kept per link. */
export interface LinkRow {
  id: number;
  name: string;
  primary_email: string;
  form_banner: string;
  home_banner: string;
  required_certifications: number;
  allowed_until: string;
  certs: TOrgInfo['org_associated_certs'];
}

/** The organization whose form has the hash (the placeholder), as a LinkRow. */
export const LINK_ROW_SQL = `select o.id, o.name, o.primary_email, o.form_banner, o.home_banner,
       o.required_certifications, to_char(o.allowed_until, 'YYYY-MM-DD') as allowed_until,
       ${associatedCertificationsSql('o.id')} as certs
  from organizations o where o.form_hash = ?`;

/**
 * The row behind a link, from the cache when one is given (which keeps rows, not answers:
 * expiry is judged on every call); null when no form has the hash. `load` runs LINK_ROW_SQL.
 */
export async function linkRowFor(
  hash: string,
  load: () => Promise<LinkRow | undefined>,
  cache?: LinkCache,
): Promise<LinkRow | null> {
  const loadRow = async () => (await load()) ?? null;
  return cache ? cache.get(hash, loadRow) : loadRow();
}

/** The row of a link that still opens its form; ORG URL INVALID / ORG URL EXPIRED otherwise. */
function openRow(row: LinkRow | null | undefined, now?: Date): LinkRow {
  if (!row) throw linkInvalid();
  if (isLinkExpired(row.allowed_until, now)) throw linkExpired();
  return row;
}

/** The public description of the form (get_orginfo's orgInfo). */
function orgInfoOf(row: LinkRow): TOrgInfo {
  return {
    org_name: row.name,
    org_banner: row.form_banner,
    number_of_certs: row.required_certifications,
    org_associated_certs: row.certs,
    homePageBanner: row.home_banner,
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
  const row = await linkRowFor(
    formHash,
    async () => (await em.execute<LinkRow[]>(LINK_ROW_SQL, [formHash]))[0],
    options.cache,
  );
  return openRow(row, options.now);
}

/** GET /api/tr/get/orginfo/{hash}: the public description of the form. */
export async function organizationInfoForLink(
  em: EntityManager,
  hash: unknown,
  options: { now?: Date; cache?: LinkCache } = {},
): Promise<TOrgInfo> {
  return orgInfoOf(await openLinkRow(em, hash, options));
}

/** What the final submit and the testers step need of the organization behind a link. */
export interface LinkedOrganization {
  id: number;
  name: string;
  primaryEmail: string;
  rules: TCertificationRules;
}

/** The organization of a link's row, refused as ORG URL INVALID / ORG URL EXPIRED. */
export function linkedOrganization(
  row: LinkRow | null | undefined,
  now: Date = new Date(),
): LinkedOrganization {
  const open = openRow(row, now);
  return {
    id: open.id,
    name: open.name,
    primaryEmail: open.primary_email,
    rules: certificationRulesFromOrgInfo(orgInfoOf(open)),
  };
}
