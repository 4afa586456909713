import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TCertificationRules, TOrgInfo } from '../../../../shared/registration.js';
import {
  AgencyType,
  Organization,
  OrganizationAgency,
  type TOrganization,
} from '../../db/entities/index.js';
import { AppError } from '../../errors.js';

// The public side's view of an organization: found by its form hash, refused once its access
// date has passed, and described by the certification rules its form applies.

/** Today's date in UTC as YYYY-MM-DD (allowed-until is a UTC date, spec section 3). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Active through the whole of its allowed-until day (UTC), expired from the next day. */
export function isLinkExpired(allowedUntil: string | Date, now: Date = new Date()): boolean {
  const until = typeof allowedUntil === 'string' ? allowedUntil : utcToday(allowedUntil);
  return until.slice(0, 10) < utcToday(now);
}

export const linkInvalid = () => new AppError(404, CODES.orgUrlInvalid, MESSAGES.orgUrlInvalid);
export const linkExpired = () => new AppError(410, CODES.orgUrlExpired, MESSAGES.orgUrlExpired);

/** The organization whose form this hash opens; ORG URL INVALID / ORG URL EXPIRED otherwise. */
export async function organizationForLink(
  em: EntityManager,
  hash: unknown,
  now: Date = new Date(),
): Promise<TOrganization> {
  // Hashes are 43 characters; anything that could not be one is unknown without a query.
  if (typeof hash !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(hash)) throw linkInvalid();
  const organization = await em.findOne(Organization, { formHash: hash });
  if (!organization) throw linkInvalid();
  if (isLinkExpired(organization.allowedUntil, now)) throw linkExpired();
  return organization;
}

/** org_associated_certs: each enabled agency with the types linked to it, keyed by id strings. */
export async function associatedCertifications(
  em: EntityManager,
  organization: TOrganization,
): Promise<TOrgInfo['org_associated_certs']> {
  const enabled = await em.find(
    OrganizationAgency,
    { organization },
    { populate: ['agency'], orderBy: { agency: { name: 'asc' } } },
  );
  const agencyIds = enabled.map((link) => link.agency.id);
  const links = agencyIds.length
    ? await em.find(
        AgencyType,
        { agency: { $in: agencyIds } },
        { populate: ['type'], orderBy: { type: { name: 'asc' } } },
      )
    : [];
  const result: TOrgInfo['org_associated_certs'] = {};
  for (const { agency } of enabled) {
    result[String(agency.id)] = { agency: agency.name, associatedTypes: {} };
  }
  for (const link of links) {
    const entry = result[String(link.agency.id)];
    if (entry) entry.associatedTypes[String(link.type.id)] = link.type.name;
  }
  return result;
}

export async function organizationInfo(
  em: EntityManager,
  organization: TOrganization,
): Promise<TOrgInfo> {
  return {
    org_name: organization.name,
    org_banner: organization.formBanner,
    number_of_certs: organization.requiredCertifications,
    org_associated_certs: await associatedCertifications(em, organization),
    homePageBanner: organization.homeBanner,
  };
}

export async function certificationRules(
  em: EntityManager,
  organization: TOrganization,
): Promise<TCertificationRules> {
  return {
    requiredCount: organization.requiredCertifications,
    agencies: await associatedCertifications(em, organization),
  };
}
