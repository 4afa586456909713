import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

// Whether a record belongs to an organization, one statement per kind of record a staff route
// names in its path (records.ts). Each reads one or two rows by an index.

type Check<P> = (em: EntityManager, params: P & { organizationId: number }) => Promise<boolean>;

function check<P extends Record<string, unknown>>(name: string, text: string): Check<P> {
  const statement = sql<P & { organizationId: number }>(name, text);
  return async (em, params) =>
    (await query<{ found: boolean }, P & { organizationId: number }>(em, statement, params))
      .length > 0;
}

// organizations_name_lower_unique
export const organizationNamed = check<{ name: string }>(
  'access-organization-named',
  `select true as found from organizations
    where id = :organizationId and lower(name) = lower(trim(:name))`,
);

// registrations_user_organization_unique: a person is the organization's while registered with it.
export const userRegistered = check<{ id: number }>(
  'access-user-registered',
  `select true as found from registrations where user_id = :id and organization_id = :organizationId`,
);

export const registrationOf = check<{ id: number }>(
  'access-registration',
  `select true as found from registrations where id = :id and organization_id = :organizationId`,
);

// A document is the organization's when one of its registrations' certifications or
// credentials, or one of its test kits, holds it or a renewal waiting with it
// (certifications_document_idx, certifications_renewal_document_idx and their likes).
export const documentOf = check<{ id: string }>(
  'access-document',
  `select true as found
    where exists (select 1 from certifications c join registrations r on r.id = c.registration_id
                   where r.organization_id = :organizationId
                     and (c.document_id = :id::uuid or c.renewal->>'documentId' = (:id)::text))
       or exists (select 1 from credentials c join registrations r on r.id = c.registration_id
                   where r.organization_id = :organizationId
                     and (c.document_id = :id::uuid or c.renewal->>'documentId' = (:id)::text))
       or exists (select 1 from test_kits k
                   where k.organization_id = :organizationId
                     and (k.document_id = :id::uuid or k.renewal->>'documentId' = (:id)::text))`,
);

// audit_log's primary key; organization_id is kept by the audit_log_organization trigger.
export const auditEntryOf = check<{ id: number }>(
  'access-audit-entry',
  `select true as found from audit_log where id = :id and organization_id = :organizationId`,
);

export const apiKeyOf = check<{ id: number }>(
  'access-api-key',
  `select true as found from api_keys where id = :id and organization_id = :organizationId`,
);

export const webhookEndpointOf = check<{ id: number }>(
  'access-webhook-endpoint',
  `select true as found from webhook_endpoints where id = :id and organization_id = :organizationId`,
);

export const webhookDeliveryOf = check<{ id: number }>(
  'access-webhook-delivery',
  `select true as found from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
    where d.id = :id and e.organization_id = :organizationId`,
);

export const membershipOf = check<{ id: number }>(
  'access-membership',
  `select true as found from organization_memberships
    where id = :id and organization_id = :organizationId`,
);

// locations_pkey and assemblies_pkey: an inventory record carries its organization.
export const locationOf = check<{ id: number }>(
  'access-location',
  `select true as found from locations where id = :id and organization_id = :organizationId`,
);

export const assemblyOf = check<{ id: number }>(
  'access-assembly',
  `select true as found from assemblies where id = :id and organization_id = :organizationId`,
);

export const assemblyComplianceChangeOf = check<{ id: number }>(
  'access-assembly-compliance-change',
  `select true as found from assembly_compliance_changes h join assemblies a on a.id = h.assembly_id
    where h.id = :id and a.organization_id = :organizationId`,
);

export const assemblyCorrectionOf = check<{ id: number }>(
  'access-assembly-correction',
  `select true as found from assembly_corrections
    where id = :id and organization_id = :organizationId`,
);

// test_reports_pkey: a test report carries its organization.
export const testReportOf = check<{ id: number }>(
  'access-test-report',
  `select true as found from test_reports where id = :id and organization_id = :organizationId`,
);

// inventory_imports_pkey: an import carries its organization.
export const inventoryImportOf = check<{ id: number }>(
  'access-inventory-import',
  `select true as found from inventory_imports where id = :id and organization_id = :organizationId`,
);

// The Expiring view's row ids: a certification's id × 3, a kit's × 3 + 1, a credential's × 3 + 2.
export const expiringItemOf = check<{ recordId: number; kind: number }>(
  'access-expiring-item',
  `select true as found
    where (:kind = 0 and exists (select 1 from certifications c join registrations r
                                   on r.id = c.registration_id
                                 where c.id = :recordId and r.organization_id = :organizationId))
       or (:kind = 1 and exists (select 1 from test_kits k
                                 where k.id = :recordId and k.organization_id = :organizationId))
       or (:kind = 2 and exists (select 1 from credentials c join registrations r
                                   on r.id = c.registration_id
                                 where c.id = :recordId and r.organization_id = :organizationId))`,
);
