import { z } from 'zod';
import {
  ASSEMBLY_SERVICES,
  ASSEMBLY_STATUSES,
  ASSEMBLY_TYPES,
  CONTACT_LANGUAGES,
  INVENTORY_MESSAGES,
  TEST_RESULTS,
  ZAssemblyFields,
  ZDay,
  ZLocationFields,
} from './assemblies.js';
import { COMPLIANCE_STATUSES } from './assembly-compliance.js';
import { ASSEMBLY_HAZARDS } from './assembly-due.js';

// The console's requests and answers for an organization's inventory (/api/admin/locations and
// /api/admin/assemblies): the fields of shared/assemblies.ts, the organization or location they
// belong to, and the records as answered.

const ZOrganizationRef = z.coerce
  .number({ error: 'Please choose an organization.' })
  .int()
  .positive('Please choose an organization.');

/** A new location: its fields and, for the provider's staff, the organization it belongs to. */
export const ZLocationCreate = ZLocationFields.extend({
  organizationId: ZOrganizationRef.optional(),
});
export const ZLocationUpdate = ZLocationFields;

/**
 * A new assembly at a location of the organization. `nextDueOn` is the utility's own due date,
 * kept only while the assembly has no test on file (with one, the organization's rules compute it).
 */
export const ZAssemblyCreate = ZAssemblyFields.and(
  z.object({
    locationId: z.coerce
      .number({ error: INVENTORY_MESSAGES.locationNotFound })
      .int()
      .positive(INVENTORY_MESSAGES.locationNotFound),
    nextDueOn: ZDay.optional().default(null),
  }),
);
export const ZAssemblyUpdate = ZAssemblyCreate;
export type TAssemblyCreate = z.output<typeof ZAssemblyCreate>;

const ZContactRecord = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  language: z.enum(CONTACT_LANGUAGES),
});

export const ZLocationRecord = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  accountNumber: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  notes: z.string(),
  contacts: z.object({
    owner: ZContactRecord.optional(),
    manager: ZContactRecord.optional(),
    tenant: ZContactRecord.optional(),
  }),
  /** Its assemblies, every status. */
  assemblyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLocationRecord = z.infer<typeof ZLocationRecord>;

/** A day as answered: YYYY-MM-DD, or null. */
const ZDayRecord = z.string().nullable();

export const ZAssemblyRecord = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  locationId: z.number().int(),
  /** The location's account number and service address, as lists show them. */
  accountNumber: z.string(),
  address: z.string(),
  assemblyId: z.string(),
  serial: z.string(),
  type: z.enum(ASSEMBLY_TYPES),
  make: z.string(),
  model: z.string(),
  sizeInches: z.number().nullable(),
  hazard: z.enum(ASSEMBLY_HAZARDS),
  service: z.enum(ASSEMBLY_SERVICES),
  placement: z.string(),
  installedOn: ZDayRecord,
  status: z.enum(ASSEMBLY_STATUSES),
  /** The assembly ID of the one that replaced it. */
  replacedBy: z.string(),
  lastTestedOn: ZDayRecord,
  lastResult: z.enum(TEST_RESULTS).nullable(),
  nextDueOn: ZDayRecord,
  /** Its compliance status (shared/assembly-compliance.ts); null out of service or not yet run. */
  complianceStatus: z.enum(COMPLIANCE_STATUSES).nullable(),
  /** After a failed test, the last day of its retest. */
  retestBy: ZDayRecord,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAssemblyRecord = z.infer<typeof ZAssemblyRecord>;
