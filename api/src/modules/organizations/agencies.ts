import type { EntityManager } from '@mikro-orm/postgresql';
import { ORGANIZATION_DEFAULTS } from '../../../../shared/constants.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { CertificationAgency, OrganizationAgency } from '../../db/entities/index.js';
import { fieldError } from '../../errors.js';
import { agencyIdsNamed } from './queries.js';

// The certification agencies an organization accepts, as staff write them.

/** Refuses a list naming an agency that does not exist. */
export async function checkAgencies(em: EntityManager, agencyIds: number[]): Promise<void> {
  if (agencyIds.length === 0) return;
  const found = await em.count(CertificationAgency, { id: { $in: agencyIds } });
  if (found !== agencyIds.length) throw fieldError('agencyIds', STAFF_MESSAGES.unknownAgency);
}

/** The agencies a new organization accepts unless staff choose: AWWA, ABPA, ASSE. */
export async function defaultAgencyIds(em: EntityManager): Promise<number[]> {
  const rows = await agencyIdsNamed(em, {
    names: ORGANIZATION_DEFAULTS.agencies.map((name) => name.toLowerCase()),
  });
  return rows.map((row) => row.id);
}

export async function replaceAgencies(
  em: EntityManager,
  organizationId: number,
  agencyIds: number[],
) {
  await em.nativeDelete(OrganizationAgency, { organization: organizationId });
  for (const agency of agencyIds) {
    em.create(OrganizationAgency, { organization: organizationId, agency });
  }
}
