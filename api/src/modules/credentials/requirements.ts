import type { EntityManager } from '@mikro-orm/postgresql';
import {
  credentialRequirementProblems,
  type TCredentialTypeRequirement,
  type TOrganizationCredentialRequirement,
} from '../../../../shared/organization-requirements.js';
import { OrganizationCredentialRequirement } from '../../db/entities/index.js';
import { fieldErrors } from '../../errors.js';
import { requirementsOfOrganization } from './queries.js';
import { listCredentialTypes } from './service.js';

// The credential types each organization asks for (issue 27): read with their types for every
// module that judges a registration, checked against the types before anything is written, and
// replaced as a whole inside the organization's own write.

/**
 * The organization's credential requirements with their types (id, name, holder, expires,
 * facts, required, minimumCoverage, additionalInsured), the company's before each tester's, by
 * name. Empty for an organization that asks for none.
 */
export function credentialRequirementsOf(
  em: EntityManager,
  organizationId: number,
): Promise<TCredentialTypeRequirement[]> {
  return requirementsOfOrganization(em, { organizationId });
}

/** The requirements as staff read them on the organization. */
export async function organizationRequirementRecords(
  em: EntityManager,
  organizationId: number,
): Promise<TOrganizationCredentialRequirement[]> {
  return (await credentialRequirementsOf(em, organizationId)).map((requirement) => ({
    credentialTypeId: requirement.id,
    required: requirement.required,
    minimumCoverage: requirement.minimumCoverage,
    additionalInsured: requirement.additionalInsured,
  }));
}

/**
 * Refuses (400, by field) requirements whose types do not exist or do not carry what is asked
 * of them. Types are never deleted, so a check before the write holds at the write.
 */
export async function checkCredentialRequirements(
  em: EntityManager,
  requirements: readonly TOrganizationCredentialRequirement[],
): Promise<void> {
  if (requirements.length === 0) return;
  const { rows } = await listCredentialTypes(
    em,
    { ids: requirements.map((requirement) => requirement.credentialTypeId) },
    { sort: 'id', order: 'ASC', offset: 0, limit: requirements.length },
  );
  const problems = credentialRequirementProblems(
    requirements,
    new Map(rows.map((type) => [type.id, type.facts])),
  );
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
}

/** Replaces the organization's requirements (inside the caller's transaction). */
export async function replaceCredentialRequirements(
  tx: EntityManager,
  organizationId: number,
  requirements: readonly TOrganizationCredentialRequirement[],
): Promise<void> {
  await tx.nativeDelete(OrganizationCredentialRequirement, { organization: organizationId });
  for (const requirement of requirements) {
    tx.create(OrganizationCredentialRequirement, {
      organization: organizationId,
      credentialType: requirement.credentialTypeId,
      required: requirement.required,
      minimumCoverage: requirement.minimumCoverage,
      additionalInsured: requirement.additionalInsured,
    });
  }
}
