import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assembly } from '../../../api/src/db/entities/index.js';
import { ACCOUNT_CODES } from '../../../shared/account.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { TEST_REPORT_MESSAGES, TEST_REPORT_REFUSED } from '../../../shared/test-reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls } from '../account/helpers.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';
import {
  newAssembly as createAssembly,
  DC_PASSING,
  RP_FAILING_CHECK_1,
  reportFor,
  type SignedInTester,
  approvedTester as signedInTester,
} from './helpers.js';

// Filing a test report from My registrations (issue 39): checked against the record as it stood
// on the test date, passed or failed by the assembly type's rules, accepted at once when clean,
// and filed once per key however often it is sent.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
let call: ReturnType<typeof staffClient>;
let review: ReturnType<typeof reviewCalls>;
const { sql, post } = accountCalls(() => t);
const today = todayInProgramZone();

const approvedTester = (organization = springfield) => signedInTester(t, review, organization);
const newAssembly = (organizationId: number, type: string) =>
  createAssembly(call, organizationId, type);

const file = (tester: SignedInTester, body: object, headers: Record<string, string> = {}) =>
  post('/test-reports', body, { ...tester.cookie, ...headers });

const countOf = async (text: string, params: unknown[]) =>
  Number((await sql<{ n: string }>(text, params))[0]?.n);

let tester: SignedInTester;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  call = staffClient(t.app, (await staffSignIn(t)).token);
  review = reviewCalls(call);
  tester = await approvedTester();
});
afterAll(() => t.close());

describe('filing a test report', () => {
  it('accepts a clean DC report at once and puts the test on the assembly, once, however often it is sent', async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    const body = reportFor(tester, assembly);
    const filed = await file(tester, body);
    expect(filed.statusCode, filed.body).toBe(201);
    const report = filed.json().message;
    expect(report).toMatchObject({
      key: body.key,
      state: 'accepted',
      result: 'pass',
      assemblyId: assembly.assemblyId,
      testDate: today,
    });
    const onFile = await t.app.orm.em.fork().findOneOrFail(Assembly, { id: assembly.id });
    expect(onFile).toMatchObject({ lastTestedOn: today, lastResult: 'pass' });
    expect(onFile.nextDueOn && onFile.nextDueOn > today).toBe(true);

    // Sent again after a lost answer, and twice at once: the first filing answers each time.
    const again = await Promise.all([file(tester, body), file(tester, body), file(tester, body)]);
    for (const answer of again) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().message.id).toBe(report.id);
    }
    expect(await countOf('select count(*) as n from test_reports where key = ?', [body.key])).toBe(
      1,
    );
    for (const type of ['test_report.filed', 'test_report.accepted']) {
      expect(
        await countOf(
          `select count(*) as n from webhook_events where type = ? and data->>'test_report_id' = ?`,
          [type, String(report.id)],
        ),
      ).toBe(1);
    }
    expect(
      await countOf(
        `select count(*) as n from webhook_events where type = 'assembly.updated' and data->>'assembly_id' = ?`,
        [String(assembly.id)],
      ),
    ).toBe(1);
    expect(
      await countOf(
        `select count(*) as n from audit_log where entity_type = 'test_report' and entity_id = ?`,
        [String(report.id)],
      ),
    ).toBe(1);
  });

  it('refuses the same key with another report', async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    const body = reportFor(tester, assembly);
    expect((await file(tester, body)).statusCode).toBe(201);
    const other = await file(tester, { ...body, linePressurePsi: 70 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(TEST_REPORT_MESSAGES.keyReused);
  });

  it('fails an RP whose check valve 1 held under 5.0 psid and leaves it waiting for review', async () => {
    const assembly = await newAssembly(springfield.id, 'RP');
    const filed = await file(tester, reportFor(tester, assembly, { readings: RP_FAILING_CHECK_1 }));
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().message).toMatchObject({ state: 'pending', result: 'fail' });
    const [stored] = await sql<{ rule_results: { rule: string; outcome: string }[] }>(
      'select rule_results from test_reports where id = ?',
      [filed.json().message.id],
    );
    expect(stored?.rule_results).toContainEqual(
      expect.objectContaining({ rule: 'check1Min', outcome: 'fail' }),
    );
    // Waiting: the assembly's record is unchanged until a Reviewer accepts it.
    const onFile = await t.app.orm.em.fork().findOneOrFail(Assembly, { id: assembly.id });
    expect(onFile.lastTestedOn).toBeNull();
  });

  it('leaves a passing report with remarks waiting for review', async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    const filed = await file(
      tester,
      reportFor(tester, assembly, { remarks: 'Vault flooded; pumped out before testing.' }),
    );
    expect(filed.json().message).toMatchObject({ state: 'pending', result: 'pass' });
  });

  it("refuses a test dated before the kit's calibration was accepted, in the tester's language, writing nothing", async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    await sql(
      `update calibration_periods set accepted_at = now() - interval '1 day' where test_kit_id = ?`,
      [tester.kitId],
    );
    try {
      const testDate = todayInProgramZone(new Date(Date.now() - 5 * 86_400_000));
      const body = reportFor(tester, assembly, { testDate });
      const refused = await file(tester, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe(TEST_REPORT_REFUSED);
      const [refusal] = refused.json().message.refusals;
      expect(refusal.check).toBe('calibrationNotAcceptedUntil');
      expect(refusal.message).toMatch(
        /^The calibration of kit .+ was not accepted until .+; the test is dated .+\.$/,
      );
      const inSpanish = await file(tester, body, { 'accept-language': 'es' });
      expect(inSpanish.json().message.refusals[0].message).toMatch(
        /^La calibración del kit de prueba .+ no fue aceptada hasta el /,
      );
      expect(
        await countOf('select count(*) as n from test_reports where key = ?', [body.key]),
      ).toBe(0);
    } finally {
      await sql(
        `update calibration_periods set accepted_at = now() - interval '60 days' where test_kit_id = ?`,
        [tester.kitId],
      );
    }
  });

  it('refuses a test dated after today and one outside the filing window', async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    const tomorrow = todayInProgramZone(new Date(Date.now() + 86_400_000));
    const future = await file(tester, reportFor(tester, assembly, { testDate: tomorrow }));
    expect(future.json().message.refusals.map((r: { check: string }) => r.check)).toEqual([
      'testDateFuture',
    ]);
    const old = todayInProgramZone(new Date(Date.now() - 31 * 86_400_000));
    const late = await file(tester, reportFor(tester, assembly, { testDate: old }));
    expect(late.json().message.refusals.map((r: { check: string }) => r.check)).toContain(
      'testDateTooOld',
    );
  });

  it('asks for every reading the type records, and a reading psid can hold', async () => {
    const assembly = await newAssembly(springfield.id, 'DC');
    const partial = await file(
      tester,
      reportFor(tester, assembly, { readings: { check1HeldPsid: '2.4', check1ClosedTight: true } }),
    );
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message.fieldErrors.readings).toBe(
      TEST_REPORT_MESSAGES.readingsIncomplete,
    );
    const badReading = await file(
      tester,
      reportFor(tester, assembly, { readings: { ...DC_PASSING, check1HeldPsid: '2.45' } }),
    );
    expect(badReading.statusCode).toBe(422);
    expect(Object.keys(badReading.json().message.fieldErrors)).toEqual(['readings.check1HeldPsid']);
    const unattested = await file(tester, reportFor(tester, assembly, { attestation: false }));
    expect(unattested.json().message.fieldErrors.attestation).toBe(
      TEST_REPORT_MESSAGES.attestationRequired,
    );
  });

  it("answers another organization's assembly as if it did not exist, and refuses another tester's kit", async () => {
    const elsewhere = await newAssembly(shelbyville.id, 'DC');
    const foreign = await file(tester, reportFor(tester, elsewhere));
    expect(foreign.statusCode).toBe(404);
    const other = await approvedTester();
    const assembly = await newAssembly(springfield.id, 'DC');
    const withOthersKit = await file(
      tester,
      reportFor(tester, assembly, { testKitId: other.kitId }),
    );
    expect(withOthersKit.statusCode, withOthersKit.body).toBe(422);
    expect(withOthersKit.json().message.fieldErrors.testKitId).toBe(
      TEST_REPORT_MESSAGES.kitNotYours,
    );
    const asOther = await file(tester, reportFor(other, assembly));
    expect(asOther.statusCode).toBe(403);
  });

  it('refuses a filer whose registration is not active today, suspended or no longer enrolled, writing nothing', async () => {
    const lapsed = await approvedTester();
    const assembly = await newAssembly(springfield.id, 'DC');
    const refusedAfter = async (change: string) => {
      await sql(`update registrations set ${change} where id = ?`, [lapsed.registrationId]);
      const body = reportFor(lapsed, assembly);
      const answer = await file(lapsed, body);
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(TEST_REPORT_MESSAGES.notRegistered);
      expect(
        await countOf('select count(*) as n from test_reports where key = ?', [body.key]),
      ).toBe(0);
    };
    await refusedAfter(`standing = 'suspended'`);
    await refusedAfter(`standing = 'active', enrolled = false`);
    await sql(`update registrations set enrolled = true where id = ?`, [lapsed.registrationId]);
    expect((await file(lapsed, reportFor(lapsed, assembly))).statusCode).toBe(201);
  });

  it("refuses a repair of a valve the assembly's type does not have, in the filer's language, writing nothing", async () => {
    const dc = await newAssembly(springfield.id, 'DC');
    const repairs = [
      { valve: 'check1', part: 'Rubber disc', action: 'replaced' },
      { valve: 'reliefValve', part: 'Seat disc', action: 'cleaned' },
    ];
    const body = reportFor(tester, dc, { kind: 'repair', repairs });
    const refused = await file(tester, body);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      code: ACCOUNT_CODES.accountErrors,
      message: {
        fieldErrors: {
          'repairs.1.valve': "Please choose one of this assembly's valves: a DC has no such valve.",
        },
      },
    });
    const inSpanish = await file(tester, body, { 'accept-language': 'es' });
    expect(inSpanish.json().message.fieldErrors).toEqual({
      'repairs.1.valve':
        'Elija una de las válvulas de este dispositivo: un DC no tiene esa válvula.',
    });
    expect(await countOf('select count(*) as n from test_reports where key = ?', [body.key])).toBe(
      0,
    );

    // The relief valve is an RP's own: the same repair files there.
    const rp = await newAssembly(springfield.id, 'RP');
    const onRp = await file(
      tester,
      reportFor(tester, rp, { kind: 'repair', repairs, readings: RP_FAILING_CHECK_1 }),
    );
    expect(onRp.statusCode, onRp.body).toBe(201);
    const [stored] = await sql<{ repairs: { valve: string }[] }>(
      'select repairs from test_reports where id = ?',
      [onRp.json().message.id],
    );
    expect(stored?.repairs.map((repair) => repair.valve)).toEqual(['check1', 'reliefValve']);
  });
});
