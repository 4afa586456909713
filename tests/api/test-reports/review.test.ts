import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assembly } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { TEST_REPORT_DECISION_MESSAGES } from '../../../shared/test-reports.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls } from '../account/helpers.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { signInOrganizationPerson, staffClient, signIn as staffSignIn } from '../staff/helpers.js';
import {
  approvedTester,
  DC_PASSING,
  newAssembly,
  RP_FAILING_CHECK_1,
  reportFor,
  type SignedInTester,
} from './helpers.js';

// The organization's test-report queue (issue 39, Review): a report that is not clean waits for
// the organization's Reviewers, who accept it (the test goes on the assembly's record), reject it
// or return it to the tester with a reason (a personal link to correct and file it again), once
// each; a decision can be reset to pending, audited. Another organization's reports are never
// theirs to read or decide.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
let asAdmin: ReturnType<typeof staffClient>;
let asReviewer: ReturnType<typeof staffClient>;
let asViewer: ReturnType<typeof staffClient>;
let tester: SignedInTester;
let shelbyvilleTester: SignedInTester;
const { sql, post, get } = accountCalls(() => t);
const daysAgo = (days: number) => todayInProgramZone(new Date(Date.now() - days * 86_400_000));

const RP_PASSING = { ...RP_FAILING_CHECK_1, check1HeldPsid: '5.5' };

beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  asAdmin = staffClient(t.app, (await staffSignIn(t)).token);
  const review = reviewCalls(asAdmin);
  const person = async (organizationId: number, role: 'reviewer' | 'viewer') =>
    staffClient(t.app, (await signInOrganizationPerson(t, [{ organizationId, role }])).token);
  asReviewer = await person(springfield.id, 'reviewer');
  asViewer = await person(springfield.id, 'viewer');
  tester = await approvedTester(t, review, springfield);
  shelbyvilleTester = await approvedTester(t, review, shelbyville);
});
afterAll(() => t.close());

/** Files a report as the tester; answers the report as filed. */
async function file(who: SignedInTester, body: object) {
  const filed = await post('/test-reports', body, who.cookie);
  expect(filed.statusCode, filed.body).toBe(201);
  return filed.json().message as { id: number; state: string; result: string };
}

/** A failed RP report waiting in the organization's queue, on an assembly of its own. */
async function pendingReport(who = tester, organization = springfield) {
  const assembly = await newAssembly(asAdmin, organization.id, 'RP');
  const report = await file(who, reportFor(who, assembly, { readings: RP_FAILING_CHECK_1 }));
  expect(report.state).toBe('pending');
  return { assembly, report };
}

const decide = (
  call: ReturnType<typeof staffClient>,
  id: number,
  decision: string,
  reason?: string,
) => call('PUT', `/api/admin/test-reports/${id}`, { decision, ...(reason ? { reason } : {}) });

const countOf = async (text: string, params: unknown[]) =>
  Number((await sql<{ n: string }>(text, params))[0]?.n);
const eventsOf = (type: string, id: number) =>
  countOf(
    `select count(*) as n from webhook_events where type = ? and data->>'test_report_id' = ?`,
    [type, String(id)],
  );
const auditsOf = (action: string, id: number) =>
  countOf(
    `select count(*) as n from audit_log
      where entity_type = 'test_report' and entity_id = ? and action = ?`,
    [String(id), action],
  );
const filter = (value: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(value))}`;

describe("the organization's test-report queue", () => {
  it('lists what waits, oldest first, to the organization’s people alone', async () => {
    const first = await pendingReport();
    const second = await pendingReport();
    const elsewhere = await pendingReport(shelbyvilleTester, shelbyville);
    const clean = await file(
      tester,
      reportFor(tester, await newAssembly(asAdmin, springfield.id, 'DC')),
    );
    expect(clean.state).toBe('accepted');

    const queue = await asReviewer(
      'GET',
      `/api/admin/test-reports?${filter({ state: 'pending' })}`,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const rows = queue.json() as { id: number; organizationId: number; state: string }[];
    expect(rows.every((row) => row.organizationId === springfield.id)).toBe(true);
    expect(rows.every((row) => row.state === 'pending')).toBe(true);
    const ids = rows.map((row) => row.id);
    expect(ids).toContain(first.report.id);
    expect(ids).not.toContain(elsewhere.report.id);
    expect(ids).not.toContain(clean.id);
    expect(ids.indexOf(first.report.id)).toBeLessThan(ids.indexOf(second.report.id));
    expect(queue.headers['content-range']).toMatch(/^test-reports 0-\d+\/\d+$/);

    // Searched by the assembly's ID; listed on the assembly's page by its reference.
    const found = await asReviewer(
      'GET',
      `/api/admin/test-reports?${filter({ q: first.assembly.assemblyId.toLowerCase() })}`,
    );
    expect(found.json().map((row: { id: number }) => row.id)).toEqual([first.report.id]);
    const onAssembly = await asReviewer(
      'GET',
      `/api/admin/test-reports?${filter({ assemblyRef: first.assembly.id })}`,
    );
    expect(onAssembly.json().map((row: { id: number }) => row.id)).toEqual([first.report.id]);

    // Everything a Reviewer reads: the readings, each rule's outcome, the record as filed.
    const one = await asReviewer('GET', `/api/admin/test-reports/${first.report.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const report = one.json();
    expect(report).toMatchObject({
      assemblyId: first.assembly.assemblyId,
      assemblyType: 'RP',
      result: 'fail',
      state: 'pending',
      readings: RP_FAILING_CHECK_1,
      record: { kit: { calibratedOn: expect.any(String) } },
    });
    expect(report.ruleResults).toContainEqual({
      rule: 'check1Min',
      outcome: 'fail',
      params: { minimum: '5.0', reading: '4.9' },
    });
    expect(report.history.map((entry: { action: string }) => entry.action)).toEqual(['file']);

    // Another organization's report is not found, read or decided, nor named in a filter.
    for (const answer of [
      await asReviewer('GET', `/api/admin/test-reports/${elsewhere.report.id}`),
      await decide(asReviewer, elsewhere.report.id, 'accept'),
      await asReviewer(
        'GET',
        `/api/admin/test-reports?${filter({ organization: shelbyville.id })}`,
      ),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
    }
  });

  it('refuses a Viewer’s decision, and a rejection or return without a reason', async () => {
    const { report } = await pendingReport();
    const byViewer = await decide(asViewer, report.id, 'accept');
    expect(byViewer.statusCode).toBe(403);
    expect((await asViewer('GET', `/api/admin/test-reports/${report.id}`)).statusCode).toBe(200);
    const unexplained = await decide(asReviewer, report.id, 'reject');
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().errors.reason).toBe(
      TEST_REPORT_DECISION_MESSAGES.rejectReasonRequired,
    );
    const returned = await decide(asReviewer, report.id, 'return', '   ');
    expect(returned.json().errors.reason).toBe(TEST_REPORT_DECISION_MESSAGES.returnReasonRequired);
    expect(await eventsOf('test_report.rejected', report.id)).toBe(0);
  });
});

describe('a decision', () => {
  it('accepts: the test goes on the assembly, told once; decided twice at once, one wins', async () => {
    const { assembly, report } = await pendingReport();
    const [one, two] = await Promise.all([
      decide(asReviewer, report.id, 'accept'),
      decide(asReviewer, report.id, 'accept'),
    ]);
    const statuses = [one?.statusCode, two?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const accepted = [one, two].find((answer) => answer?.statusCode === 200)?.json();
    expect(accepted).toMatchObject({ state: 'accepted', decidedBy: expect.any(String) });
    const onFile = await t.app.orm.em.fork().findOneOrFail(Assembly, { id: assembly.id });
    expect(onFile).toMatchObject({ lastTestedOn: todayInProgramZone(), lastResult: 'fail' });
    expect(await eventsOf('test_report.accepted', report.id)).toBe(1);
    expect(await auditsOf('accept', report.id)).toBe(1);

    const late = await decide(asReviewer, report.id, 'reject', 'Too late.');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TEST_REPORT_DECISION_MESSAGES.decided);
  });

  it('rejects with its reason, told once', async () => {
    const { report } = await pendingReport();
    const rejected = await decide(
      asReviewer,
      report.id,
      'reject',
      'Readings taken on another assembly.',
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      reason: 'Readings taken on another assembly.',
    });
    expect(await eventsOf('test_report.rejected', report.id)).toBe(1);
  });

  it('resets a decision to pending, audited; an accepted test leaves the assembly for the one before', async () => {
    const assembly = await newAssembly(asAdmin, springfield.id, 'DC');
    const earlier = await file(tester, reportFor(tester, assembly, { testDate: daysAgo(10) }));
    expect(earlier.state).toBe('accepted');
    const waiting = await file(
      tester,
      reportFor(tester, assembly, { remarks: 'Gauge read twice.', readings: DC_PASSING }),
    );
    expect((await decide(asReviewer, waiting.id, 'accept')).statusCode).toBe(200);
    const em = () => t.app.orm.em.fork();
    expect((await em().findOneOrFail(Assembly, { id: assembly.id })).lastTestedOn).toBe(
      todayInProgramZone(),
    );

    const reset = await decide(asReviewer, waiting.id, 'reset', 'Accepted by mistake.');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ state: 'pending', reason: '', decidedBy: null });
    expect((await em().findOneOrFail(Assembly, { id: assembly.id })).lastTestedOn).toBe(
      daysAgo(10),
    );
    expect(await auditsOf('reset', waiting.id)).toBe(1);
    const [entry] = await sql<{ before: unknown; after: unknown }>(
      `select before, after from audit_log
        where entity_type = 'test_report' and entity_id = ? and action = 'reset'`,
      [String(waiting.id)],
    );
    expect(entry).toMatchObject({
      before: { state: 'accepted' },
      after: { state: 'pending', reason: 'Accepted by mistake.', assembly: 'restored' },
    });
    expect(reset.json().history.map((step: { action: string }) => step.action)).toEqual([
      'file',
      'accept',
      'reset',
    ]);
    // Nothing to reset while it waits; decided again, it is told again.
    expect((await decide(asReviewer, waiting.id, 'reset')).statusCode).toBe(409);
    expect((await decide(asReviewer, waiting.id, 'accept')).statusCode).toBe(200);
    expect(await eventsOf('test_report.accepted', waiting.id)).toBe(2);
  });
});

describe('a report returned to the tester', () => {
  it('emails one personal link that opens the report; filed again with it, the report is superseded and the link stops working', async () => {
    const { assembly, report } = await pendingReport();
    const returned = await decide(
      asReviewer,
      report.id,
      'return',
      'Check valve 1 was read before the test kit settled: please test again.',
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().state).toBe('returned');
    expect(await eventsOf('test_report.returned', report.id)).toBe(1);

    const emails = await sql<{ subject: string; text_body: string }>(
      `select subject, text_body from email_outbox
        where kind = 'test_report_returned' and ? = any(recipients)`,
      [tester.email],
    );
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email?.subject).toContain(assembly.assemblyId);
    expect(email?.text_body).toContain('please test again');
    const token = /\/account\/test\?lang=en#return=([A-Za-z0-9_-]{43})\n/.exec(
      email?.text_body ?? '',
    )?.[1];
    expect(token).toBeDefined();
    const [stored] = await sql<{ return_token_hash: string }>(
      'select return_token_hash from test_reports where id = ?',
      [report.id],
    );
    expect(stored?.return_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.return_token_hash).not.toContain(token);

    // The link opens the report (no session needed) with its fields for the form.
    const opened = await get(`/test-reports/returned/${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json().message).toMatchObject({
      id: report.id,
      organization: { id: springfield.id },
      assembly: { id: assembly.id, assemblyId: assembly.assemblyId, type: 'RP' },
      reason: 'Check valve 1 was read before the test kit settled: please test again.',
      report: {
        assemblyId: assembly.id,
        testerId: tester.userId,
        kind: 'initial',
        readings: RP_FAILING_CHECK_1,
      },
    });
    expect((await get('/test-reports/returned/not-a-token')).statusCode).toBe(404);

    // Filed again through the link: the corrected report takes the returned one's place.
    const corrected = reportFor(tester, assembly, { readings: RP_PASSING, returnToken: token });
    const refiled = await file(tester, corrected);
    expect(refiled).toMatchObject({ state: 'accepted', result: 'pass' });
    const old = (await asReviewer('GET', `/api/admin/test-reports/${report.id}`)).json();
    expect(old).toMatchObject({ state: 'returned', supersededBy: refiled.id });
    expect(old.history.map((step: { action: string }) => step.action)).toContain('refiled');
    expect(
      (await asReviewer('GET', `/api/admin/test-reports/${refiled.id}`)).json().supersedes,
    ).toBe(report.id);

    // The link worked once: it no longer opens the report, and files nothing again.
    expect((await get(`/test-reports/returned/${token}`)).statusCode).toBe(404);
    const again = await post(
      '/test-reports',
      reportFor(tester, assembly, { readings: RP_PASSING, returnToken: token }),
      tester.cookie,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().message.fieldErrors.returnToken).toBe(
      TEST_REPORT_DECISION_MESSAGES.returnLinkInvalid,
    );
    // A superseded report is decided through the report that took its place.
    expect((await decide(asReviewer, report.id, 'reset')).statusCode).toBe(409);
  });

  it('refuses a link used for another assembly, and writes nothing of that filing', async () => {
    const { report } = await pendingReport();
    expect((await decide(asReviewer, report.id, 'return', 'Wrong date.')).statusCode).toBe(200);
    const [email] = await sql<{ text_body: string }>(
      `select text_body from email_outbox where kind = 'test_report_returned'
        and dedupe_key like ? order by id desc limit 1`,
      [`test-report-returned:${report.id}:%`],
    );
    const token = /#return=([A-Za-z0-9_-]{43})/.exec(email?.text_body ?? '')?.[1] ?? '';
    const other = await newAssembly(asAdmin, springfield.id, 'RP');
    const body = reportFor(tester, other, { readings: RP_PASSING, returnToken: token });
    const refused = await post('/test-reports', body, tester.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message.fieldErrors.returnToken).toBe(
      TEST_REPORT_DECISION_MESSAGES.returnLinkOtherAssembly,
    );
    expect(await countOf('select count(*) as n from test_reports where key = ?', [body.key])).toBe(
      0,
    );
    // The link still opens the report it was sent for.
    expect((await get(`/test-reports/returned/${token}`)).statusCode).toBe(200);
  });
});
