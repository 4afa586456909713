import type { EntityManager } from '@mikro-orm/postgresql';
import { INVENTORY_MESSAGES } from '../../../../shared/assemblies.js';
import { COMPLIANCE_MESSAGES } from '../../../../shared/assembly-compliance.js';
import { CORRECTION_MESSAGES } from '../../../../shared/assembly-corrections.js';
import { MESSAGES } from '../../../../shared/codes.js';
import { INVENTORY_IMPORT_MESSAGES } from '../../../../shared/inventory-import.js';
import { ORGANIZATION_PEOPLE_MESSAGES } from '../../../../shared/organization-people.js';
import { REVIEW_STAFF_MESSAGES } from '../../../../shared/review.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { TEST_REPORT_MESSAGES } from '../../../../shared/test-reports.js';
import type { TOrganizationRecordKind } from '../../plugins/auth.js';
import {
  apiKeyOf,
  assemblyComplianceChangeOf,
  assemblyCorrectionOf,
  assemblyOf,
  auditEntryOf,
  documentOf,
  expiringItemOf,
  inventoryImportOf,
  locationOf,
  membershipOf,
  organizationNamed,
  registrationOf,
  testReportOf,
  userRegistered,
  webhookDeliveryOf,
  webhookEndpointOf,
} from './queries.js';

/**
 * The words a staff route answers (404) for a record of each kind that does not exist: an
 * organization's person naming another organization's record gets the same answer, so its
 * existence is never revealed (plugins/auth.ts checks the kinds a route declares).
 */
export const NOT_FOUND: Record<TOrganizationRecordKind, string> = {
  organization: STAFF_MESSAGES.orgNotFound,
  /** An organization by name (case-insensitive). */
  organizationName: STAFF_MESSAGES.orgNotFound,
  /** An organization by id (digits) or by name. */
  organizationRef: STAFF_MESSAGES.orgNotFound,
  user: STAFF_MESSAGES.userNotFound,
  registration: REVIEW_STAFF_MESSAGES.registrationNotFound,
  document: STAFF_MESSAGES.documentNotFound,
  auditEntry: 'Audit entry not found.',
  expiringItem: 'This item is not expiring in an active registration.',
  apiKey: 'API key not found.',
  webhookEndpoint: MESSAGES.notFound,
  webhookDelivery: MESSAGES.notFound,
  membership: ORGANIZATION_PEOPLE_MESSAGES.notFound,
  location: INVENTORY_MESSAGES.locationNotFound,
  assembly: INVENTORY_MESSAGES.assemblyNotFound,
  assemblyCorrection: CORRECTION_MESSAGES.notFound,
  assemblyComplianceChange: COMPLIANCE_MESSAGES.changeNotFound,
  testReport: TEST_REPORT_MESSAGES.notFound,
  inventory_import: INVENTORY_IMPORT_MESSAGES.notFound,
};

const ID = /^[1-9][0-9]{0,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Check = (em: EntityManager, value: string, organizationId: number) => Promise<boolean>;

/** A check of a record named by its numeric id. */
const byId =
  (
    of: (em: EntityManager, params: { id: number; organizationId: number }) => Promise<boolean>,
  ): Check =>
  (em, value, organizationId) =>
    ID.test(value) ? of(em, { id: Number(value), organizationId }) : Promise.resolve(false);

const CHECKS: Record<TOrganizationRecordKind, Check> = {
  organization: async (_em, value, organizationId) => value === String(organizationId),
  organizationName: (em, value, organizationId) =>
    organizationNamed(em, { name: value, organizationId }),
  // Digits name an organization by id (as resolveOrganization reads them first), never by name.
  organizationRef: (em, value, organizationId) =>
    /^\d{1,10}$/.test(value)
      ? Promise.resolve(Number(value) === organizationId)
      : organizationNamed(em, { name: value, organizationId }),
  user: byId(userRegistered),
  registration: byId(registrationOf),
  document: (em, value, organizationId) =>
    UUID.test(value)
      ? documentOf(em, { id: value.toLowerCase(), organizationId })
      : Promise.resolve(false),
  auditEntry: byId(auditEntryOf),
  expiringItem: (em, value, organizationId) =>
    ID.test(value)
      ? expiringItemOf(em, {
          recordId: Math.floor(Number(value) / 3),
          kind: Number(value) % 3,
          organizationId,
        })
      : Promise.resolve(false),
  apiKey: byId(apiKeyOf),
  webhookEndpoint: byId(webhookEndpointOf),
  webhookDelivery: byId(webhookDeliveryOf),
  membership: byId(membershipOf),
  location: byId(locationOf),
  assembly: byId(assemblyOf),
  assemblyCorrection: byId(assemblyCorrectionOf),
  assemblyComplianceChange: byId(assemblyComplianceChangeOf),
  testReport: byId(testReportOf),
  inventory_import: byId(inventoryImportOf),
};

/** Whether the record a path names belongs to the organization. */
export function recordInOrganization(
  em: EntityManager,
  kind: TOrganizationRecordKind,
  value: string,
  organizationId: number,
): Promise<boolean> {
  return CHECKS[kind](em, value, organizationId);
}
