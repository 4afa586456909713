import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocument, TOrganization } from '../../../api/src/db/entities/index.js';
import { createReportFile } from '../../../api/src/modules/reports/generate.js';
import type { TReportRequest } from '../../../shared/reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  makeCompany,
  makeDocument,
  makeOrganization,
  makeRegistration,
} from '../../helpers/fixtures.js';
import { parseCsv, readAll, unzip } from '../../helpers/streams.js';

// Credentials in the reports (issue 27): each registration's tester credentials in the Users
// report, each company's credentials (copies counted once) in the Service Providers report, both
// after every earlier column, and their documents in the IE bundle.

let t: TestApp;
let organization: TOrganization;
let plain: TOrganization;
let insuranceDocument: { document: TDocument; bytes: Buffer };
let licenseDocument: { document: TDocument; bytes: Buffer };

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

const generate = async (overrides: Partial<TReportRequest>) => {
  const file = await createReportFile(
    t.app.orm.em.fork(),
    {
      organizationId: organization.id,
      type: 'users',
      range: null,
      delivery: { method: 'download' },
      ...overrides,
    },
    {
      publicUrl: t.config.publicUrl,
      storage: { open: async (key) => createReadStream(path.join(t.config.uploadsDir, key)) },
    },
  );
  return readAll(file.stream);
};

/** A CSV's header row. */
const header = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]
    ?.split(',') ?? [];

/** Inserts a credential on a registration. */
async function credential(
  registrationId: number,
  values: {
    type: string;
    holder: 'company' | 'tester';
    companyId?: number;
    issuer?: string;
    number?: string;
    coverage?: number;
    additionalInsured?: boolean;
    expiresOn: string | null;
    documentId?: string;
  },
) {
  await sql(
    `insert into credentials (registration_id, company_id, credential_type_id, type_name, holder,
                              issuer, number, coverage, additional_insured, expires_on, document_id)
     select ?, ?, id, name, ?, ?, ?, ?, ?, ?, ? from credential_types where name = ?`,
    [
      registrationId,
      values.companyId ?? null,
      values.holder,
      values.issuer ?? null,
      values.number ?? null,
      values.coverage ?? null,
      values.additionalInsured ?? null,
      values.expiresOn,
      values.documentId ?? null,
      values.type,
    ],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  organization = await makeOrganization(em, { name: `Credentialed Water ${Date.now()}` });
  plain = await makeOrganization(em, { name: `Plain Water ${Date.now()}` });
  const company = await makeCompany(em, { name: 'Insured Backflow' });
  insuranceDocument = await makeDocument(em, t.config.uploadsDir, organization);
  licenseDocument = await makeDocument(em, t.config.uploadsDir, organization, 'image/png');
  const tester = await makeRegistration(em, {
    organization,
    company,
    firstName: 'Tess',
    registeredAt: new Date('2026-03-01T15:00:00Z'),
  });
  const admin = await makeRegistration(em, {
    organization,
    company,
    type: 'admin',
    firstName: 'Ann',
    registeredAt: new Date('2026-03-02T15:00:00Z'),
  });
  await makeRegistration(em, { organization: plain, company, firstName: 'Pat' });
  // The company's insurance and business license, copied to both registrations of the company.
  for (const registration of [tester.registration, admin.registration]) {
    await credential(registration.id, {
      type: 'General liability insurance',
      holder: 'company',
      companyId: company.id,
      issuer: 'Prairie Mutual',
      coverage: 2_000_000,
      additionalInsured: true,
      expiresOn: '2027-04-30',
      documentId: insuranceDocument.document.id,
    });
    await credential(registration.id, {
      type: 'Business license',
      holder: 'company',
      companyId: company.id,
      number: '-BL-1',
      expiresOn: '2027-12-31',
    });
  }
  await credential(tester.registration.id, {
    type: "Driver's license",
    holder: 'tester',
    number: 'D-77',
    expiresOn: '2028-01-15',
    documentId: licenseDocument.document.id,
  });
  await credential(tester.registration.id, {
    type: 'Confined-space training',
    holder: 'tester',
    expiresOn: '2026-01-31',
  });
});
afterAll(() => t.close());

describe('the Users report', () => {
  it("lists each tester's own credentials after the standing columns, keeping every earlier column", async () => {
    const bytes = await generate({});
    const columns = header(bytes);
    const plainColumns = header(await generate({ organizationId: plain.id }));
    expect(plainColumns.at(-1)).toBe('Suspended Until');
    expect(columns.slice(0, plainColumns.length)).toEqual(plainColumns);
    expect(columns.slice(plainColumns.length)).toEqual(
      [1, 2].flatMap((n) =>
        ['Type', 'Number', 'Expiration', 'Status', 'Document'].map(
          (name) => `Credential ${n} ${name}`,
        ),
      ),
    );
    const [tester, admin] = parseCsv(bytes);
    expect(tester).toMatchObject({
      'First Name': 'Tess',
      'Credential 1 Type': 'Confined-space training',
      'Credential 1 Number': '',
      'Credential 1 Expiration': '2026-01-31',
      'Credential 1 Status': 'Expired',
      'Credential 1 Document': '',
      'Credential 2 Type': "Driver's license",
      'Credential 2 Number': 'D-77',
      'Credential 2 Expiration': '2028-01-15',
    });
    expect(tester?.['Credential 2 Document']).toMatch(/\/scadmin\/documents\/[0-9a-f-]{36}$/);
    expect(admin).toMatchObject({ 'First Name': 'Ann', 'Credential 1 Type': '' });
  });
});

describe('the Service Providers report', () => {
  it("lists the company's credentials once each, whatever registrations carry copies", async () => {
    const bytes = await generate({ type: 'serviceProviders' });
    expect(header(bytes).slice(0, 12).at(-1)).toBe('Lapsed');
    const rows = parseCsv(bytes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Company: 'Insured Backflow',
      Admins: '1',
      Testers: '1',
      'Credential 1 Type': 'Business license',
      'Credential 1 Issuer': '',
      'Credential 1 Number': "'-BL-1",
      'Credential 1 Coverage': '',
      'Credential 1 Additional Insured': '',
      'Credential 1 Expiration': '2027-12-31',
      'Credential 1 Document': '',
      'Credential 2 Type': 'General liability insurance',
      'Credential 2 Issuer': 'Prairie Mutual',
      'Credential 2 Number': '',
      'Credential 2 Coverage': '2000000',
      'Credential 2 Additional Insured': 'yes',
      'Credential 2 Expiration': '2027-04-30',
    });
    expect(Object.keys(rows[0] ?? {})).not.toContain('Credential 3 Type');
    expect(rows[0]?.['Credential 2 Document']).toMatch(/\/scadmin\/documents\/[0-9a-f-]{36}$/);
  });

  it('keeps its columns for an organization without credentials', async () => {
    expect(header(await generate({ type: 'serviceProviders', organizationId: plain.id }))).toEqual([
      'Company',
      'Address Line 1',
      'Address Line 2',
      'City',
      'State',
      'Postal Code',
      'Phone',
      'Admins',
      'Testers',
      'First Registration Date',
      'Suspended',
      'Lapsed',
    ]);
  });
});

describe('the IE bundle', () => {
  it("carries the credentials and each credential's document once, under the name its CSV uses", async () => {
    const entries = await unzip(await generate({ type: 'ieBundle' }));
    const [tester] = parseCsv(entries.get('testers.csv') as Buffer);
    const [provider] = parseCsv(entries.get('service_providers.csv') as Buffer);
    const licenseName = tester?.['Credential 2 Document'] as string;
    const insuranceName = provider?.['Credential 2 Document'] as string;
    expect(licenseName).toMatch(/^documents\/credential-\d+\.png$/);
    expect(insuranceName).toMatch(/^documents\/credential-\d+\.pdf$/);
    const sha = (bytes: Buffer | undefined) =>
      createHash('sha256')
        .update(bytes ?? Buffer.alloc(0))
        .digest('hex');
    expect(sha(entries.get(licenseName))).toBe(sha(licenseDocument.bytes));
    expect(sha(entries.get(insuranceName))).toBe(sha(insuranceDocument.bytes));
    expect([...entries.keys()].filter((name) => name.startsWith('documents/')).sort()).toEqual(
      [insuranceName, licenseName].sort(),
    );
  });
});
