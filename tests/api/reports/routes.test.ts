import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { parseCsv, unzip } from '../../helpers/streams.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  type OrganizationFixture,
  person,
  submit,
  testKitFor,
} from '../registration/fixtures.js';
import { bearer, signIn } from '../staff/helpers.js';

// The report calls end to end: registrations made through the public API, reports fetched
// through the staff API, files parsed back and compared.

let smtp: SmtpReceiver;
let t: TestApp;
let token: string;
let organization: OrganizationFixture;
const testers: { email: string; certNum: string }[] = [];

const report = (orgId: string | number, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sc/get/get_reports/${orgId}`,
    headers: bearer(token),
    payload: { range: 'All Time', deliveryMethod: 'Download', reportType: 'Users', ...body },
  });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  token = (await signIn(t)).token;
  organization = await createOrganization(t.app.orm.em.fork());
  for (let i = 0; i < 2; i++) {
    const tester = person({ userPhone: '+1 555 0100' });
    const certification = await certificationFor(t.app, organization);
    const response = await submit(t.app, {
      hashValue: organization.hash,
      companyInfo: [companyInput()],
      userInfo: [{ ...tester, userType: 'tester', userCerts: [certification] }],
      testKitInfo: i === 0 ? [await testKitFor(t.app, organization)] : [],
    });
    expect(response.json().code).toBe('SUCCESS');
    testers.push({ email: tester.userEmail, certNum: certification.certNum });
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /api/sc/get/get_reports/{orgId}', () => {
  it('downloads the Users report with the registrations made through the public form', async () => {
    const response = await report(organization.id, {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const expectedName = `${organization.name.replace(/[^A-Za-z0-9_-]/g, '')}_testers.csv`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${expectedName}"`);
    const rows = parseCsv(response.rawPayload);
    expect(rows.map((row) => row.Email).sort()).toEqual(
      testers.map((tester) => tester.email).sort(),
    );
    expect(rows.map((row) => row['Certification 1 Number']).sort()).toEqual(
      testers.map((tester) => tester.certNum).sort(),
    );
    expect(rows.every((row) => row.Phone === "'+1 555 0100")).toBe(true);
  });

  it('downloads the IE bundle with the uploaded documents, byte for byte', async () => {
    const response = await report(organization.id, {
      reportType: 'Implementation Integration Files',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = await unzip(response.rawPayload);
    const documents = [...entries.keys()].filter((name) => name.startsWith('documents/'));
    expect(documents).toHaveLength(3);
    const referenced = parseCsv(entries.get('testers.csv') as Buffer).map(
      (row) => row['Certification 1 Document'],
    );
    for (const name of referenced) expect(entries.has(name as string)).toBe(true);
    // Every document in the zip is one of the stored files, unchanged.
    const stored = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ sha256: string }[]>(
        'select sha256 from documents where organization_id = ? and attached_at is not null',
        [organization.id],
      );
    const zipped = documents.map((name) =>
      createHash('sha256')
        .update(entries.get(name) as Buffer)
        .digest('hex'),
    );
    expect(zipped.sort()).toEqual(stored.map((row) => row.sha256).sort());
  });

  it('answers the spec messages for invalid requests, with the field', async () => {
    const cases: [string | number, Record<string, unknown>, string][] = [
      [999_999, {}, 'Please select a valid organization.'],
      [organization.id, { reportType: '' }, 'Please select a report type.'],
      [
        organization.id,
        { range: 'Date Range', rangeStart: '2026-01-10', rangeEnd: '2026-01-01' },
        'Date range end must be after date range start.',
      ],
      [
        organization.id,
        { range: 'Date Range', rangeStart: todayInProgramZone(), rangeEnd: '2999-01-01' },
        'Date range cannot be in the future.',
      ],
      [organization.id, { deliveryMethod: 'Email', recipientEmail: '' }, 'Please enter an email.'],
      [
        organization.id,
        { deliveryMethod: 'Email', recipientEmail: 'not-an-email' },
        'Please enter a valid email.',
      ],
      [
        'All',
        {
          range: 'Date Range',
          rangeStart: todayInProgramZone(),
          rangeEnd: todayInProgramZone(),
          reportType: 'Service Providers',
        },
        'This report type is only available for a single organization. Please choose Users or Test Kits.',
      ],
    ];
    for (const [orgId, body, message] of cases) {
      const response = await report(orgId, body);
      expect(response.statusCode, message).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it('emails a report: answers {emailMessage} once queued and the file arrives', async () => {
    const response = await report(organization.id, {
      deliveryMethod: 'Email',
      recipientEmail: 'inspector@city.example.gov',
      reportType: 'Test Kits',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().emailMessage).toContain('inspector@city.example.gov');
    await t.app.outbox.deliver();
    const message = (await smtp.waitForMessages(1)).find((m) =>
      JSON.stringify(m.to).includes('inspector@'),
    );
    const attachment = message?.attachments[0];
    expect(attachment?.filename).toMatch(/_service_provider_test_kits\.csv$/);
    expect(parseCsv(attachment?.content as Buffer)).toHaveLength(1);
  });

  it('refuses callers without a staff token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/sc/get/get_reports/${organization.id}`,
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/sc/get/send_email/{orgName}', () => {
  it('emails the selected report of the named organization', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/sc/get/send_email/${encodeURIComponent(organization.name)}`,
      headers: bearer(token),
      payload: {
        email: 'director@city.example.gov',
        org_name: organization.name,
        selected_report: 'Users',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().emailMessage).toContain('director@city.example.gov');
    await t.app.outbox.deliver();
    const messages = await smtp.waitForMessages(2);
    const message = messages.find((m) => JSON.stringify(m.to).includes('director@'));
    expect(parseCsv(message?.attachments[0]?.content as Buffer)).toHaveLength(2);
  });

  it('answers a clear message for an unknown organization or a bad address', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sc/get/send_email/No%20Such%20Org',
      headers: bearer(token),
      payload: { email: 'a@b.org', org_name: 'No Such Org', selected_report: 'Users' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Please select a valid organization.');
    const badEmail = await t.app.inject({
      method: 'POST',
      url: `/api/sc/get/send_email/${encodeURIComponent(organization.name)}`,
      headers: bearer(token),
      payload: { email: 'nope', org_name: organization.name, selected_report: 'Users' },
    });
    expect(badEmail.json().message).toBe('Please enter a valid email.');
  });
});
