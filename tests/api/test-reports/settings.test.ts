import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Company, Registration, type TOrganization } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { TEST_THRESHOLD_MESSAGES } from '../../../shared/test-readings-thresholds.js';
import { TEST_REPORT_SETTINGS_MESSAGES } from '../../../shared/test-report-settings.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  cleanDcReport,
  type FilingTester,
  makeDcAssembly,
  makeFilingTester,
} from '../../helpers/field-fixtures.js';
import { makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';
import { signInOrganizationPerson, staffClient } from '../staff/helpers.js';

// An organization's rules for test reports (issue 39): read by its people, changed by its
// Program managers (and the provider's Editors), thresholds never below the field test
// procedures', and a filing held to the rules of the day it is filed.

let t: TestApp;
let alpha: TOrganization;
let bravo: TOrganization;
let asManager: ReturnType<typeof staffClient>;
let asViewer: ReturnType<typeof staffClient>;
let asBravoManager: ReturnType<typeof staffClient>;
let tester: FilingTester;
const { post, signIn, sql } = accountCalls(() => t);
const em = () => t.app.orm.em.fork();
const today = todayInProgramZone();
const path = (id: number) => `/api/admin/test-report-rules/${id}`;
const DEFAULTS = {
  rpReliefMin: '2.0',
  rpCheck1Min: '5.0',
  rpCheck1AboveRelief: '3.0',
  rpCheck2Min: '1.0',
  dcCheckMin: '1.0',
  vbAirInletMin: '1.0',
  vbCheckMin: '1.0',
  agDiameterMultiple: '2',
  agGapMin: '1',
};

beforeAll(async () => {
  t = await createTestApp();
  alpha = await makeOrganization(em());
  bravo = await makeOrganization(em());
  const person = async (organizationId: number, role: 'viewer' | 'program_manager') =>
    staffClient(t.app, (await signInOrganizationPerson(t, [{ organizationId, role }])).token);
  asManager = await person(alpha.id, 'program_manager');
  asViewer = await person(alpha.id, 'viewer');
  asBravoManager = await person(bravo.id, 'program_manager');
  tester = await makeFilingTester(em(), alpha);
});
afterAll(() => t.close());

const save = (changes: object, call = asManager) =>
  call('PUT', path(alpha.id), {
    filingWindowDays: 30,
    adminsMayFile: true,
    thresholds: DEFAULTS,
    ...changes,
  });

describe("an organization's rules for test reports", () => {
  it('start from the field test procedures, and keep only the thresholds the organization raised', async () => {
    const read = await asViewer('GET', path(alpha.id));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({
      id: alpha.id,
      filingWindowDays: 30,
      adminsMayFile: true,
      thresholds: DEFAULTS,
    });
    const saved = await save({
      filingWindowDays: '45',
      thresholds: { ...DEFAULTS, dcCheckMin: '1.5' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ filingWindowDays: 45, thresholds: { dcCheckMin: '1.5' } });
    const [stored] = await sql<{ rules: unknown }>(
      'select test_report_rules as rules from organizations where id = ?',
      [alpha.id],
    );
    expect(stored?.rules).toEqual({
      filingWindowDays: 45,
      adminsMayFile: true,
      thresholds: { dcCheckMin: 15 },
    });
    const audited = await sql<{ n: string }>(
      `select count(*) as n from audit_log where entity_type = 'organization' and entity_id = ?
          and after->'testReportRules' is not null`,
      [String(alpha.id)],
    );
    expect(Number(audited[0]?.n)).toBe(1);
    // The same rules saved again change nothing and audit nothing.
    await save({ filingWindowDays: 45, thresholds: { ...DEFAULTS, dcCheckMin: '1.5' } });
    const again = await sql<{ n: string }>(
      `select count(*) as n from audit_log where entity_type = 'organization' and entity_id = ?
          and after->'testReportRules' is not null`,
      [String(alpha.id)],
    );
    expect(Number(again[0]?.n)).toBe(1);
  });

  it('fail a reading under the raised threshold that the procedures would pass', async () => {
    const assembly = await makeDcAssembly(em(), alpha.id);
    const body = cleanDcReport(tester, assembly, today);
    const filed = await post(
      '/test-reports',
      { ...body, readings: { ...body.readings, check2HeldPsid: '1.4' } },
      await signIn(tester.email),
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().message).toMatchObject({ result: 'fail', state: 'pending' });
  });

  it('refuse a threshold below the procedures and a filing window out of range, changing nothing', async () => {
    const lower = await save({ thresholds: { ...DEFAULTS, rpCheck1Min: '4.9' } });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().errors['thresholds.rpCheck1Min']).toBe(
      TEST_THRESHOLD_MESSAGES.belowProcedures.replace('{minimum}', '5.0 psid'),
    );
    const window = await save({ filingWindowDays: 0 });
    expect(window.json().errors.filingWindowDays).toBe(
      TEST_REPORT_SETTINGS_MESSAGES.filingWindowInvalid,
    );
    expect((await asViewer('GET', path(alpha.id))).json().filingWindowDays).toBe(45);
  });

  it("are changed by the organization's Program managers only, and another organization's answer 404", async () => {
    expect((await save({}, asViewer)).statusCode).toBe(403);
    expect((await asBravoManager('GET', path(alpha.id))).statusCode).toBe(404);
    expect((await save({}, asBravoManager)).statusCode).toBe(404);
  });

  it("let a company admin file for the company's tester only while the organization allows it", async () => {
    const registration = await em().findOneOrFail(
      Registration,
      { id: tester.registrationId },
      { populate: ['company'] },
    );
    const admin = await makeRegistration(em(), {
      organization: alpha,
      company: em().getReference(Company, registration.company?.id as number),
      type: 'admin',
      enrolled: true,
      review: { state: 'approved', reviewedAt: new Date() },
    });
    const cookie = await signIn(admin.user.email);
    const fileAsAdmin = async () =>
      post(
        '/test-reports',
        cleanDcReport(tester, await makeDcAssembly(em(), alpha.id), today),
        cookie,
      );
    const allowed = await fileAsAdmin();
    expect(allowed.statusCode, allowed.body).toBe(201);
    const [report] = await sql<{ tester_id: number; filed_by_id: number }>(
      'select tester_id, filed_by_id from test_reports where id = ?',
      [allowed.json().message.id],
    );
    expect(report).toEqual({ tester_id: tester.userId, filed_by_id: admin.user.id });

    expect((await save({ adminsMayFile: false, filingWindowDays: 45 })).statusCode).toBe(200);
    const refused = await fileAsAdmin();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `${alpha.name} accepts test reports only from the tester who tested.`,
    );
  });
});
