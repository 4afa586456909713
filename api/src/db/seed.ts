import type { EntityManager } from '@mikro-orm/postgresql';
import { ORGANIZATION_DEFAULTS } from '../../../shared/constants.js';
import type { AppConfig } from '../config.js';
import { formUrl, newFormHash } from '../modules/organizations/form-hash.js';
import { hashPassword } from '../modules/staff-auth/passwords.js';
import { findStaffByEmail } from '../modules/staff-auth/service.js';
import {
  CertificationAgency,
  Organization,
  OrganizationAgency,
  StaffAccount,
} from './entities/index.js';

export const DEMO_ORGANIZATION_NAME = 'Demo City Water Department';

export interface SeedResult {
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
    const email = config.admin.email.trim();
    const existing = await findStaffByEmail(em, email);
    if (!existing) {
      em.create(StaffAccount, {
        email,
        passwordHash: await hashPassword(config.admin.password),
        googleSubject: null,
        active: true,
        lastLoginAt: null,
      });
      await em.flush();
      result.createdStaff = true;
    }
  }
  if (config.seedDemo) {
    let demo = await em.findOne(Organization, { name: DEMO_ORGANIZATION_NAME });
    if (!demo) {
      demo = await createDemoOrganization(em);
      result.createdDemo = true;
    }
    result.demoFormUrl = formUrl(config.publicUrl, demo.formHash);
  }
  return result;
}

async function createDemoOrganization(em: EntityManager) {
  return em.transactional(async (tx) => {
    const organization = tx.create(Organization, {
      name: DEMO_ORGANIZATION_NAME,
      formHash: newFormHash(),
      primaryEmail: 'backflow-demo@example.com',
      extraEmails: [],
      reportFrequency: ORGANIZATION_DEFAULTS.emailFrequency,
      allowedUntil: ORGANIZATION_DEFAULTS.allowedUntil,
      requiredCertifications: ORGANIZATION_DEFAULTS.requiredCertifications,
      formBanner: ORGANIZATION_DEFAULTS.formBanner,
      homeBanner: '',
      internalNotes: 'Created automatically for local development.',
      lastReportSentAt: null,
    });
    const agencies = await tx.find(CertificationAgency, {
      name: { $in: [...ORGANIZATION_DEFAULTS.agencies] },
    });
    for (const agency of agencies) tx.create(OrganizationAgency, { organization, agency });
    return organization;
  });
}
