import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportFile } from '../../../api/src/modules/reports/generate.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { expiryStatus } from '../../../shared/reminders.js';
import type { TReportRequest } from '../../../shared/reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  makeCompany,
  makeDocument,
  makeOrganization,
  makeRegistration,
  makeTestKit,
} from '../../helpers/fixtures.js';
import { parseCsv, readAll, unzip, zipEntryFormats } from '../../helpers/streams.js';

/** The report's word for a due date's status today (program time zone). */
const statusWord = (due: string) =>
  ({ expired: 'Expired', expiring: 'Expiring', valid: 'Valid' })[
    expiryStatus(due, todayInProgramZone()).status
  ];

let t: TestApp;
let organizationId: number;
let otherOrganizationId: number;
const documentHashes: string[] = [];

const storage = () => ({
  open: async (key: string) => createReadStream(path.join(t.config.uploadsDir, key)),
});
const request = (overrides: Partial<TReportRequest>): TReportRequest => ({
  organizationId,
  type: 'users',
  range: null,
  delivery: { method: 'download' },
  ...overrides,
});
const generate = async (overrides: Partial<TReportRequest>) => {
  const file = await createReportFile(t.app.orm.em.fork(), request(overrides), {
    publicUrl: t.config.publicUrl,
    storage: storage(),
  });
  return { ...file, bytes: await readAll(file.stream) };
};

beforeAll(async () => {
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  const organization = await makeOrganization(em, { name: 'Springfield Water & Sewer' });
  const other = await makeOrganization(em, { name: 'Shelbyville Utilities' });
  organizationId = organization.id;
  otherOrganizationId = other.id;
  const company = await makeCompany(em, {
    name: '=HYPERLINK("http://evil.example")',
    phone: '+1 555 0100',
  });
  const certificate = await makeDocument(em, t.config.uploadsDir, organization);
  const calibration = await makeDocument(em, t.config.uploadsDir, organization, 'image/png');
  documentHashes.push(
    createHash('sha256').update(certificate.bytes).digest('hex'),
    createHash('sha256').update(calibration.bytes).digest('hex'),
  );
  // 2026-03-01 04:30 UTC is still 2026-02-28 in New York.
  await makeRegistration(em, {
    organization,
    company,
    firstName: 'Zoë',
    lastName: '@Risky',
    email: 'zoe@example.com',
    phone: '+1 (555) 010-2000',
    registeredAt: new Date('2026-03-01T04:30:00Z'),
    certifications: [
      {
        number: 'C-1',
        agencyName: 'ABPA',
        typeName: 'Backflow Prevention Assembly Tester',
        expiresOn: '2027-01-31',
        document: certificate.document,
      },
      {
        number: '-2+2',
        agencyName: 'ASSE',
        typeName: 'Backflow Prevention Assembly Repairer',
        expiresOn: '2027-05-31',
      },
    ],
  });
  await makeRegistration(em, {
    organization,
    company,
    type: 'admin',
    firstName: 'Ann',
    lastName: 'Admin',
    email: 'ann@example.com',
    enrolled: true,
    registeredAt: new Date('2026-03-02T15:00:00Z'),
    // Approved at 23:30 New York time on March 5: a decision date read in the program's zone.
    review: { state: 'approved', reviewedAt: new Date('2026-03-06T04:30:00Z') },
  });
  await makeRegistration(em, {
    organization: other,
    company,
    email: 'other@example.com',
    registeredAt: new Date('2026-03-02T15:00:00Z'),
  });
  await makeTestKit(em, {
    organization,
    company,
    serial: 'SN-1',
    document: calibration.document,
    createdAt: new Date('2026-03-02T15:00:00Z'),
  });
});
afterAll(() => t.close());

describe('the Users report', () => {
  it('lists every registration of the organization with its certifications, RFC 4180, UTF-8', async () => {
    const file = await generate({});
    expect(file.fileName).toBe('SpringfieldWaterSewer_testers.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(file.bytes.toString('utf8')).toContain('\r\n');
    const rows = parseCsv(file.bytes);
    expect(rows).toHaveLength(2);
    const [tester, admin] = rows;
    expect(tester).toMatchObject({
      'Registration Date': '2026-02-28 23:30',
      Organization: 'Springfield Water & Sewer',
      'User Type': 'tester',
      'First Name': 'Zoë',
      Email: 'zoe@example.com',
      Enrolled: 'no',
      'Review State': 'Pending review',
      'Decision Date': '',
      'Certification 1 Number': 'C-1',
      'Certification 1 Agency': 'ABPA',
      'Certification 1 Expiration': '2027-01-31',
      'Certification 2 Type': 'Backflow Prevention Assembly Repairer',
      'Certification 2 Document': '',
    });
    expect(tester?.['Certification 1 Document']).toMatch(
      /^http:\/\/localhost:3000\/scadmin\/documents\/[0-9a-f-]{36}$/,
    );
    expect(admin).toMatchObject({
      'User Type': 'admin',
      Enrolled: 'yes',
      'Review State': 'Approved',
      'Decision Date': '2026-03-05',
      'Certification 1 Number': '',
    });
  });

  it("gives each certification's status and the registration's next expiration", async () => {
    const [tester, admin] = parseCsv((await generate({})).bytes);
    const expected = statusWord('2027-01-31');
    expect(tester).toMatchObject({
      'Next Expiration': '2027-01-31',
      'Certification Status': expected,
      'Certification 1 Status': expected,
    });
    expect(admin).toMatchObject({ 'Next Expiration': '', 'Certification Status': '' });
  });

  it('neutralises cells a spreadsheet would run as formulas, keeping phone numbers readable', async () => {
    const [tester] = parseCsv((await generate({})).bytes);
    expect(tester?.['Last Name']).toBe("'@Risky");
    expect(tester?.Company).toBe('\'=HYPERLINK("http://evil.example")');
    expect(tester?.Phone).toBe("'+1 (555) 010-2000");
    expect(tester?.['Certification 2 Number']).toBe("'-2+2");
    for (const row of parseCsv((await generate({ type: 'serviceProviders' })).bytes)) {
      for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('reads date ranges as whole days in New York time', async () => {
    const rows = parseCsv(
      (await generate({ range: { start: '2026-02-28', end: '2026-02-28' } })).bytes,
    );
    expect(rows.map((row) => row['First Name'])).toEqual(['Zoë']);
    const march = parseCsv(
      (await generate({ range: { start: '2026-03-01', end: '2026-03-31' } })).bytes,
    );
    expect(march.map((row) => row['First Name'])).toEqual(['Ann']);
  });

  it('covers every organization for All Organizations', async () => {
    const file = await generate({
      organizationId: null,
      range: { start: '2026-03-02', end: '2026-03-02' },
    });
    expect(file.fileName).toBe('AllOrganizations_testers.csv');
    const organizations = parseCsv(file.bytes)
      .map((row) => row.Organization)
      .sort();
    expect(organizations).toEqual(['Shelbyville Utilities', 'Springfield Water & Sewer']);
    expect(otherOrganizationId).toBeGreaterThan(0);
  });

  it('answers a report for an unknown organization with the spec message', async () => {
    await expect(generate({ organizationId: 999_999 })).rejects.toMatchObject({
      status: 422,
      answer: 'Please select a valid organization.',
    });
  });
});

describe('the Service Providers and Test Kits reports', () => {
  it('counts admins and testers per company with its first registration date', async () => {
    const file = await generate({ type: 'serviceProviders' });
    expect(file.fileName).toBe('SpringfieldWaterSewer_service_providers.csv');
    expect(parseCsv(file.bytes)).toEqual([
      expect.objectContaining({
        Admins: '1',
        Testers: '1',
        'First Registration Date': '2026-02-28',
        Phone: "'+1 555 0100",
        State: 'IL',
      }),
    ]);
  });

  it('lists each kit with its company and calibration document', async () => {
    const file = await generate({ type: 'testKits' });
    expect(file.fileName).toBe('SpringfieldWaterSewer_service_provider_test_kits.csv');
    const [kit] = parseCsv(file.bytes);
    expect(kit).toMatchObject({
      'Serial Number': 'SN-1',
      Manufacturer: 'Watts',
      Model: 'TK-99',
      'Calibration Date': '2026-06-01',
      'Calibration Due': '2027-06-01',
      'Calibration Status': statusWord('2027-06-01'),
    });
    expect(kit?.['Calibration Document']).toMatch(/\/scadmin\/documents\/[0-9a-f-]{36}$/);
  });
});

describe('the Implementation Integration Files bundle', () => {
  it('zips the three CSVs and every referenced document under the names the CSVs use', async () => {
    const file = await generate({ type: 'ieBundle' });
    expect(file.fileName).toBe('SpringfieldWaterSewer_ie_bundle.zip');
    expect(file.contentType).toBe('application/zip');
    const entries = await unzip(file.bytes);
    const names = [...entries.keys()];
    expect(names.slice(0, 3)).toEqual([
      'testers.csv',
      'service_providers.csv',
      'service_provider_test_kits.csv',
    ]);
    const [tester] = parseCsv(entries.get('testers.csv') as Buffer);
    const [kit] = parseCsv(entries.get('service_provider_test_kits.csv') as Buffer);
    const certificateName = tester?.['Certification 1 Document'] as string;
    const calibrationName = kit?.['Calibration Document'] as string;
    expect(certificateName).toMatch(/^documents\/certification-\d+\.pdf$/);
    expect(calibrationName).toMatch(/^documents\/test-kit-\d+\.png$/);
    const sha = (name: string) =>
      createHash('sha256')
        .update(entries.get(name) as Buffer)
        .digest('hex');
    expect([sha(certificateName), sha(calibrationName)]).toEqual(documentHashes);
    expect(names).toHaveLength(5);
    // The CSVs deflated; the documents (compressed already) stored as they are, their sizes and
    // checksums in their headers, which streaming readers need.
    const formats = await zipEntryFormats(file.bytes);
    const STORED = 0;
    const DEFLATED = 8;
    expect(formats.get('testers.csv')?.method).toBe(DEFLATED);
    for (const name of [certificateName, calibrationName]) {
      expect(formats.get(name)).toEqual({ method: STORED, trailingDescriptor: false });
    }
  });
});
