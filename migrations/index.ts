import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_extensions } from './Migration20261122000000_extensions.js';
import { Migration20261122005501_schema } from './Migration20261122005501_schema.js';
import { Migration20261122005502_reference_data } from './Migration20261122005502_reference_data.js';
import { Migration20261122010923_outbox_next_attempt } from './Migration20261122010923_outbox_next_attempt.js';
import { Migration20261122020606_users_name_order_covering } from './Migration20261122020606_users_name_order_covering.js';
import { Migration20261122041732_organization_name_words } from './Migration20261122041732_organization_name_words.js';
import { Migration20261122063338_certification_count } from './Migration20261122063338_certification_count.js';
import { Migration20261122100801_company_state_name_trigrams } from './Migration20261122100801_company_state_name_trigrams.js';
import { Migration20261122120505_company_state_name_nearest } from './Migration20261122120505_company_state_name_nearest.js';
import { Migration20261125000000_rate_limit_counters } from './Migration20261125000000_rate_limit_counters.js';
import { Migration20261125121559_drafts_and_registration_language } from './Migration20261125121559_drafts_and_registration_language.js';
import { Migration20261125123444_staff_roles_and_sign_in } from './Migration20261125123444_staff_roles_and_sign_in.js';
import { Migration20261125130421_organization_embed_origins } from './Migration20261125130421_organization_embed_origins.js';
import { Migration20261125135116_review } from './Migration20261125135116_review.js';
import { Migration20261125145529_organization_compliance_settings } from './Migration20261125145529_organization_compliance_settings.js';
import { Migration20261125150114_compliance_reminders } from './Migration20261125150114_compliance_reminders.js';
import { Migration20261125161057_renewals_wait_for_acceptance } from './Migration20261125161057_renewals_wait_for_acceptance.js';
import { Migration20261126202403_account_sessions } from './Migration20261126202403_account_sessions.js';
import { Migration20261126203000_email_outbox_notify } from './Migration20261126203000_email_outbox_notify.js';
import { Migration20261126203142_account_items } from './Migration20261126203142_account_items.js';
import { Migration20261126205118_account_email_changes } from './Migration20261126205118_account_email_changes.js';
import { Migration20261127004349_credential_types } from './Migration20261127004349_credential_types.js';
import { Migration20261127022626_requirements_and_standing } from './Migration20261127022626_requirements_and_standing.js';
import { Migration20261127054452_directory } from './Migration20261127054452_directory.js';
import { Migration20261127061207_directory_versions } from './Migration20261127061207_directory_versions.js';
import { Migration20261127090000_integrations } from './Migration20261127090000_integrations.js';
import { Migration20261127130000_registrations_company_index } from './Migration20261127130000_registrations_company_index.js';
import { Migration20261207014518_organization_people } from './Migration20261207014518_organization_people.js';
import { Migration20261207054837_inventory } from './Migration20261207054837_inventory.js';
import { Migration20261207120348_inventory_import } from './Migration20261207120348_inventory_import.js';
import { Migration20261207120550_assembly_corrections } from './Migration20261207120550_assembly_corrections.js';
import { Migration20261207152203_record_periods } from './Migration20261207152203_record_periods.js';
import { Migration20261207152712_test_reports } from './Migration20261207152712_test_reports.js';
import { Migration20261207154523_test_report_review } from './Migration20261207154523_test_report_review.js';
import { Migration20261207170000_test_report_changes } from './Migration20261207170000_test_report_changes.js';
import { Migration20261207205952_assembly_compliance } from './Migration20261207205952_assembly_compliance.js';

// Every migration, in order. Listed explicitly so the same list runs under tsx, vitest and the
// compiled server (file-glob discovery breaks under vitest). Add new ones at the end.
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000_extensions', class: Migration20261122000000_extensions },
  { name: 'Migration20261122005501_schema', class: Migration20261122005501_schema },
  { name: 'Migration20261122005502_reference_data', class: Migration20261122005502_reference_data },
  {
    name: 'Migration20261122010923_outbox_next_attempt',
    class: Migration20261122010923_outbox_next_attempt,
  },
  {
    name: 'Migration20261122020606_users_name_order_covering',
    class: Migration20261122020606_users_name_order_covering,
  },
  {
    name: 'Migration20261122041732_organization_name_words',
    class: Migration20261122041732_organization_name_words,
  },
  {
    name: 'Migration20261122063338_certification_count',
    class: Migration20261122063338_certification_count,
  },
  {
    name: 'Migration20261122100801_company_state_name_trigrams',
    class: Migration20261122100801_company_state_name_trigrams,
  },
  {
    name: 'Migration20261122120505_company_state_name_nearest',
    class: Migration20261122120505_company_state_name_nearest,
  },
  {
    name: 'Migration20261125000000_rate_limit_counters',
    class: Migration20261125000000_rate_limit_counters,
  },
  {
    name: 'Migration20261125121559_drafts_and_registration_language',
    class: Migration20261125121559_drafts_and_registration_language,
  },
  {
    name: 'Migration20261125123444_staff_roles_and_sign_in',
    class: Migration20261125123444_staff_roles_and_sign_in,
  },
  {
    name: 'Migration20261125130421_organization_embed_origins',
    class: Migration20261125130421_organization_embed_origins,
  },
  { name: 'Migration20261125135116_review', class: Migration20261125135116_review },
  {
    name: 'Migration20261125145529_organization_compliance_settings',
    class: Migration20261125145529_organization_compliance_settings,
  },
  {
    name: 'Migration20261125150114_compliance_reminders',
    class: Migration20261125150114_compliance_reminders,
  },
  {
    name: 'Migration20261125161057_renewals_wait_for_acceptance',
    class: Migration20261125161057_renewals_wait_for_acceptance,
  },
  {
    name: 'Migration20261126202403_account_sessions',
    class: Migration20261126202403_account_sessions,
  },
  {
    name: 'Migration20261126203142_account_items',
    class: Migration20261126203142_account_items,
  },
  {
    name: 'Migration20261126203000_email_outbox_notify',
    class: Migration20261126203000_email_outbox_notify,
  },
  {
    name: 'Migration20261126205118_account_email_changes',
    class: Migration20261126205118_account_email_changes,
  },
  {
    name: 'Migration20261127004349_credential_types',
    class: Migration20261127004349_credential_types,
  },
  {
    name: 'Migration20261127022626_requirements_and_standing',
    class: Migration20261127022626_requirements_and_standing,
  },
  { name: 'Migration20261127054452_directory', class: Migration20261127054452_directory },
  {
    name: 'Migration20261127061207_directory_versions',
    class: Migration20261127061207_directory_versions,
  },
  { name: 'Migration20261127090000_integrations', class: Migration20261127090000_integrations },
  {
    name: 'Migration20261127130000_registrations_company_index',
    class: Migration20261127130000_registrations_company_index,
  },
  {
    name: 'Migration20261207014518_organization_people',
    class: Migration20261207014518_organization_people,
  },
  { name: 'Migration20261207054837_inventory', class: Migration20261207054837_inventory },
  {
    name: 'Migration20261207120348_inventory_import',
    class: Migration20261207120348_inventory_import,
  },
  {
    name: 'Migration20261207120550_assembly_corrections',
    class: Migration20261207120550_assembly_corrections,
  },
  {
    name: 'Migration20261207152203_record_periods',
    class: Migration20261207152203_record_periods,
  },
  {
    name: 'Migration20261207152712_test_reports',
    class: Migration20261207152712_test_reports,
  },
  {
    name: 'Migration20261207154523_test_report_review',
    class: Migration20261207154523_test_report_review,
  },
  {
    name: 'Migration20261207170000_test_report_changes',
    class: Migration20261207170000_test_report_changes,
  },
  {
    name: 'Migration20261207205952_assembly_compliance',
    class: Migration20261207205952_assembly_compliance,
  },
];
