import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { TNameplate } from '../../../../shared/assemblies.js';
import { CORRECTION_KINDS, CORRECTION_STATES } from '../../../../shared/assembly-corrections.js';
import { baseProperties } from './base.js';
import { Assembly } from './inventory.js';
import { Organization } from './organization.js';
import { StaffAccount } from './staff.js';
import { User } from './user.js';

/**
 * A tester's proposed correction of an assembly on file, waiting for the organization's
 * decision. One pending proposal per tester and assembly (a resend or a second look replaces
 * it); the nameplate on file is kept beside the one found, so the decision reads both.
 */
export const AssemblyCorrection = defineEntity({
  name: 'AssemblyCorrection',
  tableName: 'assembly_corrections',
  properties: {
    ...baseProperties(),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    assembly: () => p.manyToOne(Assembly).deleteRule('cascade'),
    proposedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    kind: p.enum([...CORRECTION_KINDS]).columnType('text'),
    onFile: p.json<TNameplate>(),
    proposed: p.json<TNameplate>(),
    note: p.text().default(''),
    state: p
      .enum([...CORRECTION_STATES])
      .columnType('text')
      .default('pending'),
    reason: p.text().default(''),
    decidedBy: () => p.manyToOne(StaffAccount).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    replacement: () => p.manyToOne(Assembly).nullable().deleteRule('set null'),
  },
  uniques: [
    {
      name: 'assembly_corrections_pending_unique',
      expression: `create unique index "assembly_corrections_pending_unique" on "assembly_corrections" ("assembly_id", "proposed_by_id") where "state" = 'pending'`,
    },
  ],
  indexes: [
    {
      name: 'assembly_corrections_organization_idx',
      expression:
        'create index "assembly_corrections_organization_idx" on "assembly_corrections" ("organization_id", "state", "id")',
    },
    { name: 'assembly_corrections_assembly_idx', properties: ['assembly'] },
  ],
});
export type TAssemblyCorrection = InferEntity<typeof AssemblyCorrection>;
