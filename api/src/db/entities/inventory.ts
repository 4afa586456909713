import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import {
  ASSEMBLY_SERVICES,
  ASSEMBLY_STATUSES,
  ASSEMBLY_TYPES,
  type TContacts,
  TEST_RESULTS,
} from '../../../../shared/assemblies.js';
import {
  COMPLIANCE_CHANGE_REASONS,
  COMPLIANCE_STATUSES,
} from '../../../../shared/assembly-compliance.js';
import { ASSEMBLY_HAZARDS } from '../../../../shared/assembly-due.js';
import { baseProperties } from './base.js';
import { Organization } from './organization.js';

/**
 * One of an organization's service locations: the utility's account at an address, with its
 * contacts. The account number is unique within the organization, case-insensitively
 * (locations_account_unique). updated_at is written by trigger (clock_timestamp) for the read
 * API's sync, as on the other synced tables.
 */
export const Location = defineEntity({
  name: 'Location',
  tableName: 'locations',
  properties: {
    ...baseProperties(),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    accountNumber: p.string().length(50),
    name: p.string().length(255).default(''),
    address1: p.string().length(255),
    address2: p.string().length(255).default(''),
    city: p.string().length(100),
    state: p.string().length(2).default(''),
    zip: p.string().length(10).default(''),
    notes: p.text().default(''),
    /** Owner, manager and tenant, each {name, email, phone, address, language}. */
    contacts: p.json<TContacts>().default('{}'),
  },
  uniques: [
    {
      name: 'locations_account_unique',
      expression:
        'create unique index "locations_account_unique" on "locations" ("organization_id", lower("account_number"))',
    },
  ],
  indexes: [
    { name: 'locations_changes_idx', properties: ['updatedAt', 'id'] },
    // The lists' order and prefix search, in one organization and over all (byte order: the
    // codes and addresses people type, whatever the database's own collation).
    {
      name: 'locations_organization_account_idx',
      expression:
        'create index "locations_organization_account_idx" on "locations" ("organization_id", lower("account_number") collate "C", "id")',
    },
    {
      name: 'locations_address_idx',
      expression:
        'create index "locations_address_idx" on "locations" ("organization_id", lower("address1") collate "C")',
    },
    {
      name: 'locations_account_order_idx',
      expression:
        'create index "locations_account_order_idx" on "locations" (lower("account_number") collate "C", "id")',
    },
    {
      name: 'locations_address_search_idx',
      expression:
        'create index "locations_address_search_idx" on "locations" (lower("address1") collate "C")',
    },
    {
      name: 'locations_name_search_idx',
      expression:
        'create index "locations_name_search_idx" on "locations" (lower("name") collate "C")',
    },
  ],
});
export type TLocation = InferEntity<typeof Location>;

/**
 * A backflow assembly at a location. The assembly ID is the utility's own, unique within the
 * organization case-insensitively. nextDueOn is computed from the organization's testing rules
 * (shared/assembly-due.ts) whenever a test or the rules change, or taken from the utility's
 * own record for an assembly never tested here.
 */
export const Assembly = defineEntity({
  name: 'Assembly',
  tableName: 'assemblies',
  properties: {
    ...baseProperties(),
    organization: () => p.manyToOne(Organization).deleteRule('cascade'),
    location: () => p.manyToOne(Location).deleteRule('cascade'),
    assemblyId: p.string().length(50),
    serial: p.string().length(50).default(''),
    type: p.enum([...ASSEMBLY_TYPES]).columnType('text'),
    make: p.string().length(100).default(''),
    model: p.string().length(100).default(''),
    /** Inches, to thousandths. */
    sizeInches: p.decimal('number').precision(6).scale(3).nullable(),
    hazard: p.enum([...ASSEMBLY_HAZARDS]).columnType('text'),
    service: p.enum([...ASSEMBLY_SERVICES]).columnType('text'),
    /** Where it is on the site. */
    placement: p.string().length(255).default(''),
    installedOn: p.date().nullable(),
    status: p
      .enum([...ASSEMBLY_STATUSES])
      .columnType('text')
      .default('active'),
    /** The assembly that replaced it (status replaced). */
    replacedBy: () => p.manyToOne(Assembly).nullable().deleteRule('set null'),
    lastTestedOn: p.date().nullable(),
    lastResult: p
      .enum([...TEST_RESULTS])
      .columnType('text')
      .nullable(),
    /**
     * The due date on file when the last test was made, kept so that a change of the
     * organization's rules computes nextDueOn again as the test would have (its anniversary).
     */
    lastTestDueOn: p.date().nullable(),
    nextDueOn: p.date().nullable(),
    /**
     * Its compliance status (shared/assembly-compliance.ts), written with a history entry when
     * a report is accepted, the record or the rules change, and each night; null out of
     * service, and for an assembly no run has seen yet.
     */
    complianceStatus: p
      .enum([...COMPLIANCE_STATUSES])
      .columnType('text')
      .nullable(),
    /** After a failed test, the last day of its retest. */
    retestBy: p.date().nullable(),
  },
  uniques: [
    {
      name: 'assemblies_assembly_id_unique',
      expression:
        'create unique index "assemblies_assembly_id_unique" on "assemblies" ("organization_id", lower("assembly_id"))',
    },
  ],
  indexes: [
    { name: 'assemblies_changes_idx', properties: ['updatedAt', 'id'] },
    { name: 'assemblies_location_idx', properties: ['location'] },
    { name: 'assemblies_organization_due_idx', properties: ['organization', 'nextDueOn', 'id'] },
    {
      name: 'assemblies_organization_compliance_idx',
      properties: ['organization', 'complianceStatus', 'id'],
    },
    // As the locations': order and prefix search in one organization and over all.
    {
      name: 'assemblies_serial_idx',
      expression:
        'create index "assemblies_serial_idx" on "assemblies" ("organization_id", lower("serial") collate "C")',
    },
    {
      name: 'assemblies_assembly_id_prefix_idx',
      expression:
        'create index "assemblies_assembly_id_prefix_idx" on "assemblies" ("organization_id", lower("assembly_id") collate "C", "id")',
    },
    {
      name: 'assemblies_assembly_id_order_idx',
      expression:
        'create index "assemblies_assembly_id_order_idx" on "assemblies" (lower("assembly_id") collate "C", "id")',
    },
    {
      name: 'assemblies_serial_search_idx',
      expression:
        'create index "assemblies_serial_search_idx" on "assemblies" (lower("serial") collate "C")',
    },
  ],
});
export type TAssembly = InferEntity<typeof Assembly>;

/** Each change of an assembly's compliance status, with its reason and the day it was made. */
export const AssemblyComplianceChange = defineEntity({
  name: 'AssemblyComplianceChange',
  tableName: 'assembly_compliance_changes',
  properties: {
    id: p.integer().primary().autoincrement(),
    assembly: () => p.manyToOne(Assembly).deleteRule('cascade'),
    changedAt: p.datetime().defaultRaw('now()'),
    /** The program-zone day the change was made for. */
    onDay: p.date(),
    fromStatus: p
      .enum([...COMPLIANCE_STATUSES])
      .columnType('text')
      .nullable(),
    toStatus: p
      .enum([...COMPLIANCE_STATUSES])
      .columnType('text')
      .nullable(),
    retestBy: p.date().nullable(),
    reason: p.enum([...COMPLIANCE_CHANGE_REASONS]).columnType('text'),
  },
  indexes: [{ name: 'assembly_compliance_changes_assembly_idx', properties: ['assembly', 'id'] }],
});
export type TAssemblyComplianceChange = InferEntity<typeof AssemblyComplianceChange>;
