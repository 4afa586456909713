import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TCertificationRules, TOrgInfo } from '../../../../shared/registration.js';
import { Organization, type TOrganization } from '../../db/entities/index.js';
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

/** The organization whose form this hash opens; ORG URL INVALID / ORG URL EXPIRED otherwise. */
export async function organizationForLink(
  em: EntityManager,
  hash: unknown,
  now: Date = new Date(),
): Promise<TOrganization> {
  if (typeof hash !== 'string' || !FORM_HASH_PATTERN.test(hash)) throw linkInvalid();
  const organization = await em.findOne(Organization, { formHash: hash });
  if (!organization) throw linkInvalid();
  if (isLinkExpired(organization.allowedUntil, now)) throw linkExpired();
  return organization;
}

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

interface OrgInfoRow {
  name: string;
  form_banner: string;
  required_certifications: number;
  home_banner: string;
  allowed_until: string;
  certs: TOrgInfo['org_associated_certs'];
}

/**
 * GET /api/tr/get/orginfo/{hash}: the public description of the form, in one query (or from
 * the cache, which keeps rows, not answers: expiry is judged on every call).
 */
export async function organizationInfoForLink(
  em: EntityManager,
  hash: unknown,
  options: { now?: Date; cache?: LinkCache } = {},
): Promise<TOrgInfo> {
  if (typeof hash !== 'string' || !FORM_HASH_PATTERN.test(hash)) throw linkInvalid();
  const load = async () => {
    const [row] = await em.execute<OrgInfoRow[]>(
      `select o.name, o.form_banner, o.required_certifications, o.home_banner,
              to_char(o.allowed_until, 'YYYY-MM-DD') as allowed_until,
              ${associatedCertificationsSql('o.id')} as certs
         from organizations o where o.form_hash = ?`,
      [hash],
    );
    return row ?? null;
  };
  const row = await (options.cache ? options.cache.get(hash, load) : load());
  if (!row) throw linkInvalid();
  if (isLinkExpired(row.allowed_until, options.now)) throw linkExpired();
  return {
    org_name: row.name,
    org_banner: row.form_banner,
    number_of_certs: row.required_certifications,
    org_associated_certs: row.certs,
    homePageBanner: row.home_banner,
  };
}

/** What the final submit and the testers step need of the organization behind a link. */
export interface LinkedOrganization {
  id: number;
  name: string;
  primaryEmail: string;
  rules: TCertificationRules;
}

/**
 * SQL for the organization of a form hash as one jsonb value (null when no form has the hash);
 * `hash` is the placeholder or expression of the hash. Read it with linkedOrganization().
 */
export const linkedOrganizationSql = (hash: string) => `(
  select jsonb_build_object(
    'id', o.id, 'name', o.name, 'primaryEmail', o.primary_email,
    'allowedUntil', to_char(o.allowed_until, 'YYYY-MM-DD'),
    'requiredCount', o.required_certifications,
    'agencies', ${associatedCertificationsSql('o.id')})
  from organizations o where o.form_hash = ${hash})`;

export interface LinkedOrganizationRow {
  id: number;
  name: string;
  primaryEmail: string;
  allowedUntil: string;
  requiredCount: number;
  agencies: TCertificationRules['agencies'];
}

/** The value of linkedOrganizationSql, refused as ORG URL INVALID / ORG URL EXPIRED. */
export function linkedOrganization(
  row: LinkedOrganizationRow | null | undefined,
  now: Date = new Date(),
): LinkedOrganization {
  if (!row) throw linkInvalid();
  if (isLinkExpired(row.allowedUntil, now)) throw linkExpired();
  return {
    id: row.id,
    name: row.name,
    primaryEmail: row.primaryEmail,
    rules: { requiredCount: row.requiredCount, agencies: row.agencies },
  };
}

/** The hash when it could be one, else null (which no form has). */
export const possibleHash = (hash: unknown): string | null =>
  typeof hash === 'string' && FORM_HASH_PATTERN.test(hash) ? hash : null;
