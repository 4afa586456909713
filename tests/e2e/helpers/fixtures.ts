import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CertificationAgency,
  Organization,
  OrganizationAgency,
} from '../../../api/src/db/entities/index.js';
import { newFormHash } from '../../../api/src/modules/organizations/form-hash.js';
import type { RunningServer } from './server.js';

export interface TestOrganization {
  id: number;
  name: string;
  hash: string;
}

/** An organization with its form link, written straight to the database. */
export async function createOrganization(
  server: RunningServer,
  options: {
    name?: string;
    requiredCerts?: number;
    homeBanner?: string;
    formBanner?: string;
    allowedUntil?: string;
    agencies?: string[];
    /** The sites that may embed the form; none: any https site. */
    embedOrigins?: string[];
  } = {},
): Promise<TestOrganization> {
  const em = server.app.orm.em.fork();
  const name = options.name ?? `Test City Water ${randomBytes(3).toString('hex')}`;
  const organization = em.create(Organization, {
    name,
    formHash: newFormHash(),
    primaryEmail: 'program@example.com',
    extraEmails: [],
    reportFrequency: 'weekly',
    allowedUntil: options.allowedUntil ?? '2034-12-31',
    requiredCertifications: options.requiredCerts ?? 1,
    formBanner: options.formBanner ?? '',
    homeBanner: options.homeBanner ?? '',
    internalNotes: '',
    embedOrigins: options.embedOrigins ?? [],
    lastReportSentAt: null,
  });
  const agencies = await em.find(CertificationAgency, {
    name: { $in: options.agencies ?? ['AWWA', 'ABPA', 'ASSE'] },
  });
  for (const agency of agencies) em.create(OrganizationAgency, { organization, agency });
  await em.flush();
  return { id: organization.id, name, hash: organization.formHash };
}

export async function countRows(server: RunningServer, sql: string, params: unknown[] = []) {
  const rows = await server.app.orm.em
    .fork()
    .getConnection()
    .execute<{ count: string }[]>(sql, params);
  return Number(rows[0]?.count ?? 0);
}

/** A unique email for one test run. */
export function uniqueEmail(who: string): string {
  return `${who}.${randomBytes(4).toString('hex')}@example.com`;
}

// Smallest real files of each kind (the server checks file contents, not just names).
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Where the fixture documents are written: beside the other artifacts, replaced each run. */
const DOCUMENTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-results/e2e/documents',
);

/** Writes a small certificate PDF and a calibration PNG; returns their paths. */
export async function documentFiles(): Promise<{ pdf: string; png: string; pdf2: string }> {
  const dir = DOCUMENTS;
  await mkdir(dir, { recursive: true });
  const pdf = path.join(dir, 'certificate.pdf');
  const pdf2 = path.join(dir, 'second-certificate.pdf');
  const png = path.join(dir, 'calibration.png');
  await writeFile(pdf, PDF);
  await writeFile(pdf2, PDF);
  await writeFile(png, PNG);
  return { pdf, png, pdf2 };
}
