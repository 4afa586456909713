import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrganizationCredentialRequirement } from '../../../../shared/organization-requirements.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { STAFF_MESSAGES, type TOrganizationStatus } from '../../../../shared/staff.js';
import type { TRegistrationValidity } from '../../../../shared/standing.js';
import { AppError } from '../../errors.js';
import { organizationRequirementRecords } from '../credentials/requirements.js';
import type { OrganizationScope } from '../organization-access/scope.js';
import {
  agenciesWithTypes,
  agencyIdsOfOrganizations,
  organizationIdByName as idOfName,
  type OrganizationRow,
  organizationById,
  organizationNameById,
} from './queries.js';
import { statusOf } from './status.js';

// An organization as staff see it: its row with its enabled agencies and status, found by id,
// by name or by either.

interface OrganizationAgencyView {
  id: number;
  name: string;
  types: { id: number; name: string }[];
}

export interface OrganizationView {
  id: number;
  name: string;
  formHash: string;
  primaryEmail: string;
  extraEmails: string[];
  reportFrequency: string;
  /** YYYY-MM-DD (UTC). */
  allowedUntil: string;
  requiredCertifications: number;
  formBanner: string;
  homeBanner: string;
  internalNotes: string;
  agencyIds: number[];
  embedOrigins: string[];
  calibrationIntervalMonths: number;
  acceptExpiredCertifications: boolean;
  /** How long an approval keeps a registration valid. */
  registrationValidity: TRegistrationValidity;
  /** On: a registration is suspended the day a required item expires. */
  suspendOnExpiry: boolean;
  /** On: the organization's own people must use two-step sign-in. */
  requireTwoFactor: boolean;
  /** On: the public directory of approved testers answers at /testers/{directorySlug}. */
  directoryEnabled: boolean;
  directorySlug: string | null;
  directoryIntro: string | null;
  /** Null: the product's own words. */
  directoryDisclaimer: string | null;
  directoryNoindex: boolean;
  status: TOrganizationStatus;
  createdAt: string;
  /** YYYY-MM-DD (UTC). */
  createdOn: string;
}

export interface OrganizationDetail extends OrganizationView {
  agencies: OrganizationAgencyView[];
  /** The credential types it asks for, the company's first, by name. */
  credentialRequirements: TOrganizationCredentialRequirement[];
}

function toView(
  row: OrganizationRow,
  agencyIds: number[],
  today = todayInProgramZone(),
): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    formHash: row.form_hash,
    primaryEmail: row.primary_email,
    extraEmails: row.extra_emails ?? [],
    reportFrequency: row.report_frequency,
    allowedUntil: row.allowed_until,
    requiredCertifications: row.required_certifications,
    formBanner: row.form_banner,
    homeBanner: row.home_banner,
    internalNotes: row.internal_notes,
    agencyIds,
    embedOrigins: row.embed_origins ?? [],
    calibrationIntervalMonths: row.calibration_interval_months,
    acceptExpiredCertifications: row.accept_expired_certifications,
    registrationValidity: row.registration_validity,
    suspendOnExpiry: row.suspend_on_expiry,
    requireTwoFactor: row.require_two_factor,
    directoryEnabled: row.directory_enabled,
    directorySlug: row.directory_slug,
    directoryIntro: row.directory_intro,
    directoryDisclaimer: row.directory_disclaimer,
    directoryNoindex: row.directory_noindex,
    status: statusOf(row.allowed_until, today),
    createdAt: new Date(row.created_at).toISOString(),
    createdOn: row.created_on,
  };
}

async function agencyIdsByOrganization(
  em: EntityManager,
  organizationIds: number[],
): Promise<Map<number, number[]>> {
  const byOrganization = new Map<number, number[]>();
  if (organizationIds.length === 0) return byOrganization;
  for (const row of await agencyIdsOfOrganizations(em, { organizationIds })) {
    const list = byOrganization.get(row.organization_id) ?? [];
    list.push(row.agency_id);
    byOrganization.set(row.organization_id, list);
  }
  return byOrganization;
}

export async function viewsFor(
  em: EntityManager,
  rows: OrganizationRow[],
): Promise<OrganizationView[]> {
  const agencies = await agencyIdsByOrganization(
    em,
    rows.map((row) => row.id),
  );
  const today = todayInProgramZone();
  return rows.map((row) => toView(row, agencies.get(row.id) ?? [], today));
}

/**
 * An organization as the request's person reads it: an organization's own people never read
 * the provider's internal notes about it.
 */
export function seenBy<T extends { internalNotes: string }>(view: T, scope: OrganizationScope): T {
  return scope.every ? view : { ...view, internalNotes: '' };
}

/** The organization with its enabled agencies, each agency's types, and its requirements. */
export async function getOrganization(em: EntityManager, id: number): Promise<OrganizationDetail> {
  const row = await organizationById(em, { id });
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  const links = await agenciesWithTypes(em, { organizationId: id });
  const agencies = new Map<number, OrganizationAgencyView>();
  for (const link of links) {
    const agency = agencies.get(link.agency_id) ?? {
      id: link.agency_id,
      name: link.agency,
      types: [],
    };
    if (link.type_id !== null && link.type !== null) {
      agency.types.push({ id: link.type_id, name: link.type });
    }
    agencies.set(link.agency_id, agency);
  }
  const view = toView(
    row,
    [...agencies.keys()].sort((a, b) => a - b),
  );
  return {
    ...view,
    agencies: [...agencies.values()],
    credentialRequirements: await organizationRequirementRecords(em, id),
  };
}

/** The organization's id and name, or 404 with the spec's message: an existence check. */
export async function requireOrganization(
  em: EntityManager,
  id: number,
): Promise<{ id: number; name: string }> {
  const row = await organizationNameById(em, { id });
  if (!row) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return row;
}

/** The id of the organization with this name (case-insensitive), if there is one. */
export async function findOrganizationId(
  em: EntityManager,
  name: string,
): Promise<number | undefined> {
  return (await idOfName(em, { name: name.trim() }))?.id;
}

/** The id of the organization with this name (case-insensitive), or 404. */
export async function organizationIdByName(em: EntityManager, name: string): Promise<number> {
  const id = await findOrganizationId(em, name);
  if (id === undefined) throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  return id;
}

/** An organization given by id (digits) or by name: its id and name. */
export async function resolveOrganization(
  em: EntityManager,
  idOrName: string,
): Promise<{ id: number; name: string }> {
  if (/^\d{1,10}$/.test(idOrName)) {
    const row = await organizationNameById(em, { id: Number(idOrName) });
    if (row) return row;
  }
  return requireOrganization(em, await organizationIdByName(em, idOrName));
}
