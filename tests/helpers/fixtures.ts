import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Certification,
  CertificationAgency,
  Company,
  Document,
  Organization,
  OrganizationAgency,
  Registration,
  type TCompany,
  type TDocument,
  TestKit,
  type TOrganization,
  User,
  UserCompany,
} from '../../api/src/db/entities/index.js';
import { newFormHash } from '../../api/src/modules/organizations/form-hash.js';

// Builders that write rows straight to the database, for tests of what reads them (reports,
// lists). Tests of the registration flow itself go through the public API instead.

export const unique = () => randomBytes(4).toString('hex');

export async function makeOrganization(em: EntityManager, overrides: Partial<TOrganization> = {}) {
  const organization = em.create(Organization, {
    name: `Test Water ${unique()}`,
    formHash: newFormHash(),
    primaryEmail: `clerk-${unique()}@city.example.gov`,
    extraEmails: [],
    reportFrequency: 'weekly',
    allowedUntil: '2034-12-31',
    requiredCertifications: 1,
    formBanner: '',
    homeBanner: '',
    internalNotes: '',
    lastReportSentAt: null,
    ...(overrides as object),
  });
  const agencies = await em.find(CertificationAgency, {});
  for (const agency of agencies) em.create(OrganizationAgency, { organization, agency });
  await em.flush();
  return organization;
}

export async function makeCompany(em: EntityManager, overrides: Record<string, string> = {}) {
  const company = em.create(Company, {
    name: `Acme Backflow ${unique()}`,
    phone: '555-0100',
    address1: '1 Main St',
    address2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    nameKey: 'acme',
    addressKey: '1 main st',
    cityKey: 'springfield',
    zip5: '62701',
    phoneKey: '5550100',
    ...overrides,
  });
  await em.flush();
  return company;
}

/** A stored document: the file in `uploadsDir` under its key, the row in documents. */
export async function makeDocument(
  em: EntityManager,
  uploadsDir: string,
  organization: TOrganization,
  contentType = 'application/pdf',
) {
  const bytes = Buffer.from(`%PDF-1.4 test document ${unique()}`);
  const storageKey = `test-${unique()}`;
  await mkdir(uploadsDir, { recursive: true });
  await writeFile(path.join(uploadsDir, storageKey), bytes);
  const document = em.create(Document, {
    organization,
    storageKey,
    originalName: 'certificate.pdf',
    contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    attachedAt: new Date(),
  });
  await em.flush();
  return { document, bytes };
}

export interface RegistrationSpec {
  organization: TOrganization;
  company: TCompany;
  type?: 'admin' | 'tester';
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  registeredAt?: Date;
  enrolled?: boolean;
  /** Decided: the review state and when (a new registration waits as Pending review). */
  review?: { state: 'approved' | 'changes_requested' | 'rejected'; reviewedAt: Date };
  certifications?: {
    number: string;
    agencyName: string;
    typeName: string;
    expiresOn: string;
    document?: TDocument;
  }[];
}

export async function makeRegistration(em: EntityManager, spec: RegistrationSpec) {
  const user = em.create(User, {
    type: spec.type ?? 'tester',
    firstName: spec.firstName ?? 'Pat',
    lastName: spec.lastName ?? `Tester${unique()}`,
    email: spec.email ?? `pat-${unique()}@example.com`,
    phone: spec.phone ?? '',
  });
  em.create(UserCompany, { user, company: spec.company });
  const registration = em.create(Registration, {
    user,
    organization: spec.organization,
    company: spec.company,
    submission: null,
    enrolled: spec.enrolled ?? false,
    registeredAt: spec.registeredAt ?? new Date(),
    ...(spec.review ? { reviewState: spec.review.state, reviewedAt: spec.review.reviewedAt } : {}),
  });
  for (const certification of spec.certifications ?? []) {
    em.create(Certification, {
      user,
      registration,
      number: certification.number,
      expiresOn: certification.expiresOn,
      agency: null,
      agencyName: certification.agencyName,
      type: null,
      typeName: certification.typeName,
      document: certification.document ?? null,
    });
  }
  await em.flush();
  return { user, registration };
}

export async function makeTestKit(
  em: EntityManager,
  spec: {
    organization: TOrganization;
    company: TCompany;
    serial: string;
    document?: TDocument;
    createdAt?: Date;
  },
) {
  const kit = em.create(TestKit, {
    company: spec.company,
    organization: spec.organization,
    submission: null,
    serial: spec.serial,
    manufacturer: 'Watts',
    model: 'TK-99',
    calibratedOn: '2026-06-01',
    document: spec.document ?? null,
  });
  if (spec.createdAt) kit.createdAt = spec.createdAt;
  await em.flush();
  return kit;
}
