import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from './config.js';
import { formUrl } from './modules/organizations/form-hash.js';
import { ensureOrganization } from './modules/organizations/service.js';
import { addFirstStaff } from './modules/staff-auth/accounts.js';

export const DEMO_ORGANIZATION_NAME = 'Demo City Water Department';

interface SeedResult {
  /** The demo form link, when the demo organization exists. */
  demoFormUrl?: string;
  createdStaff: boolean;
  createdDemo: boolean;
}

/**
 * Start-up seeding, safe to run on every start: the first staff account from ADMIN_EMAIL /
 * ADMIN_PASSWORD and, in development, a demo organization. (Agencies and types are seeded once
 * by a migration.) Existing rows are never duplicated or overwritten.
 */
export async function seed(em: EntityManager, config: AppConfig): Promise<SeedResult> {
  const result: SeedResult = { createdStaff: false, createdDemo: false };
  if (config.admin) {
    result.createdStaff = await addFirstStaff(em, config.admin.email, config.admin.password);
  }
  if (config.seedDemo) {
    const demo = await ensureOrganization(em, {
      name: DEMO_ORGANIZATION_NAME,
      primaryEmail: 'backflow-demo@example.com',
      internalNotes: 'Created automatically for local development.',
    });
    result.createdDemo = demo.created;
    result.demoFormUrl = formUrl(config.publicUrl, demo.formHash);
  }
  return result;
}
