import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { createReportFile } from '../../../api/src/modules/reports/generate.js';
import { changeStandings } from '../../../api/src/modules/standing/service.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import type { TReportRequest } from '../../../shared/reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { parseCsv, readAll, unzip } from '../../helpers/streams.js';

// Each registration's standing in the Users and Service Providers reports and the IE bundle,
// in columns after every other so that no existing column moves.

let t: TestApp;
let organization: TOrganization;
const names = { active: 'Ada', suspended: 'Sue', lapsed: 'Lew' } as const;

const generate = async (type: TReportRequest['type']) => {
  const file = await createReportFile(
    t.app.orm.em.fork(),
    { organizationId: organization.id, type, range: null, delivery: { method: 'download' } },
    { publicUrl: t.config.publicUrl, storage: { open: async () => Promise.reject() } },
  );
  return readAll(file.stream);
};

beforeAll(async () => {
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  organization = await makeOrganization(em);
  const company = await makeCompany(em);
  const ids: Record<string, number> = {};
  for (const [standing, firstName] of Object.entries(names)) {
    const { registration } = await makeRegistration(em, {
      organization,
      company,
      firstName,
      review: { state: 'approved', reviewedAt: new Date() },
      certifications: [
        {
          number: `C-${firstName}`,
          agencyName: 'ABPA',
          typeName: 'Tester',
          expiresOn: '2031-01-31',
        },
      ],
    });
    ids[standing] = registration.id;
  }
  await t.app.orm.em.fork().transactional((tx) =>
    changeStandings(
      tx,
      [
        {
          registrationId: ids.suspended as number,
          from: 'active',
          to: 'suspended',
          reason: '=Unpaid fee',
          automatic: false,
          until: '2099-01-31',
        },
        {
          registrationId: ids.lapsed as number,
          from: 'active',
          to: 'lapsed',
          reason: 'The registration was valid through 2026-12-31.',
          automatic: true,
        },
      ],
      'system',
      new Date(),
    ),
  );
});
afterAll(() => t.close());

/** The header row's names, in order. */
const headerOf = (bytes: Buffer) => Object.keys(parseCsv(bytes)[0] ?? {});

const STANDING_COLUMNS = ['Standing', 'Standing Reason', 'Standing Since', 'Suspended Until'];

describe('the Users report', () => {
  it("ends each row with the registration's standing, its reason, since when and a last day", async () => {
    const bytes = await generate('users');
    const header = headerOf(bytes);
    expect(header.slice(0, 2)).toEqual(['Registration Date', 'Organization']);
    expect(header.slice(-5)).toEqual(['Certification 1 Document', ...STANDING_COLUMNS]);
    const rows = new Map(parseCsv(bytes).map((row) => [row['First Name'], row]));
    const today = todayInProgramZone();
    expect(rows.get(names.active)).toMatchObject({
      Standing: 'Active',
      'Standing Reason': '',
      'Standing Since': '',
      'Suspended Until': '',
    });
    expect(rows.get(names.suspended)).toMatchObject({
      Standing: 'Suspended',
      // A reason a spreadsheet would run as a formula is written as text.
      'Standing Reason': "'=Unpaid fee",
      'Standing Since': today,
      'Suspended Until': '2099-01-31',
      'Certification 1 Number': `C-${names.suspended}`,
    });
    expect(rows.get(names.lapsed)).toMatchObject({
      Standing: 'Lapsed',
      Enrolled: 'no',
      'Standing Reason': 'The registration was valid through 2026-12-31.',
    });
  });
});

describe('the Service Providers report', () => {
  it('ends each company with how many of its people are suspended and lapsed', async () => {
    const bytes = await generate('serviceProviders');
    const header = headerOf(bytes);
    expect(header.slice(-3)).toEqual(['First Registration Date', 'Suspended', 'Lapsed']);
    expect(parseCsv(bytes)).toEqual([
      expect.objectContaining({ Testers: '3', Suspended: '1', Lapsed: '1' }),
    ]);
  });
});

describe('the Implementation Integration Files bundle', () => {
  it('carries the standing in its testers and service providers files', async () => {
    const entries = await unzip(await generate('ieBundle'));
    const testers = parseCsv(entries.get('testers.csv') as Buffer);
    expect(testers.map((row) => row.Standing).sort()).toEqual(['Active', 'Lapsed', 'Suspended']);
    const [company] = parseCsv(entries.get('service_providers.csv') as Buffer);
    expect(company).toMatchObject({ Suspended: '1', Lapsed: '1' });
  });
});
