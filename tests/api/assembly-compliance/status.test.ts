import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { runComplianceNight } from '../../../api/src/modules/assembly-compliance/service.js';
import { DEFAULT_NOTICE_DAYS, DEFAULT_RETEST_DAYS } from '../../../shared/assembly-compliance.js';
import { DEFAULT_TESTING_RULES } from '../../../shared/assembly-due.js';
import { addDays, addMonths, todayInProgramZone } from '../../../shared/program-zone.js';
import { TESTING_RULES_MESSAGES } from '../../../shared/testing-rules.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { RP_FAILING_CHECK_1 } from '../../helpers/field-fixtures.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';
import { signIn, signInOrganizationPerson, staffClient, unique } from '../staff/helpers.js';
import { newAssembly } from '../test-reports/helpers.js';
import {
  cleanTest,
  fileReport,
  type SignedInTester,
  signedInTester,
} from '../test-reports/report-fixtures.js';
import { complianceReads, consoleAssembly } from './helpers.js';

// Each assembly's compliance status (issue 40): decided by one rule when a report is accepted,
// the record or the testing rules change, and each night as days pass; every change written
// once, with its history entry and its assembly.compliance_changed event, however many runs
// meet; the history read by the organization's people alone.

let t: TestApp;
let alpha: TOrganization;
let asAdmin: ReturnType<typeof staffClient>;
let tester: SignedInTester;
const { sql, statusOf, historyOf, eventsOf } = complianceReads(() => t);
const { post } = accountCalls(() => t);
const today = todayInProgramZone();

/** The night's run as the job runs it, on the day given. */
const night = (day: string) => runComplianceNight(t.app.orm.em.fork(), { today: day });

const countOf = async (text: string, params: unknown[] = []) =>
  Number((await sql<{ n: string }>(text, params))[0]?.n);
const changesOnDay = (day: string) =>
  countOf('select count(*) as n from assembly_compliance_changes where on_day = ?', [day]);
const eventsOnDay = (day: string) =>
  countOf(
    `select count(*) as n from webhook_events
      where type = 'assembly.compliance_changed' and data->>'on_day' = ?`,
    [day],
  );
const filter = (value: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(value))}`;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = staffClient(t.app, (await signIn(t)).token);
  alpha = await makeOrganization(t.app.orm.em.fork(), { name: `Alpha Water ${unique()}` });
  tester = await signedInTester(t, alpha);
});
afterAll(() => t.close());

describe("an assembly's compliance status", () => {
  it('turns an Unknown assembly Compliant when a clean report is accepted, once, with its history and event', async () => {
    const assembly = await newAssembly(asAdmin, alpha.id, 'DC');
    // Never tested: Unknown, though due since it was installed.
    expect(await statusOf(assembly.id)).toEqual({
      compliance_status: 'unknown',
      retest_by: null,
      next_due_on: '2019-05-01',
    });
    expect(await historyOf(assembly.id)).toEqual([
      {
        on_day: today,
        from_status: null,
        to_status: 'unknown',
        retest_by: null,
        reason: 'assembly_added',
      },
    ]);
    expect(await eventsOf(assembly.id)).toHaveLength(1);

    const body = cleanTest(tester, assembly);
    const report = await fileReport(t, tester, body);
    expect(report).toMatchObject({ state: 'accepted', result: 'pass' });

    const dueOn = addMonths(today, 12);
    expect(await statusOf(assembly.id)).toEqual({
      compliance_status: 'compliant',
      retest_by: null,
      next_due_on: dueOn,
    });
    const history = await historyOf(assembly.id);
    expect(history.slice(1)).toEqual([
      {
        on_day: today,
        from_status: 'unknown',
        to_status: 'compliant',
        retest_by: null,
        reason: 'test_passed',
      },
    ]);
    const events = await eventsOf(assembly.id);
    expect(events.slice(1)).toEqual([
      expect.objectContaining({
        assembly_id: assembly.id,
        organization_id: alpha.id,
        location_id: assembly.location.id,
        assembly_number: assembly.assemblyId,
        type: 'DC',
        compliance_status: 'compliant',
        previous_compliance_status: 'unknown',
        retest_by: null,
        next_due_on: dueOn,
        reason: 'test_passed',
        on_day: today,
        summary: `Assembly ${assembly.assemblyId} (DC) is now Compliant.`,
      }),
    ]);
    const [organizations] = await sql<{ organization_ids: number[] }>(
      `select organization_ids from webhook_events
        where type = 'assembly.compliance_changed' and (data->>'assembly_id')::int = ?
        order by id desc limit 1`,
      [assembly.id],
    );
    expect(organizations?.organization_ids).toEqual([alpha.id]);

    // The same report sent again files nothing and changes nothing.
    const resent = await post('/test-reports', body, tester.cookie);
    expect(resent.statusCode, resent.body).toBeLessThan(300);
    expect(resent.json().message.id).toBe(report.id);
    expect(await historyOf(assembly.id)).toHaveLength(2);
    expect(await eventsOf(assembly.id)).toHaveLength(2);
  });

  it('is Due from the first day of the notice window and Overdue from the day after the due date, each change told once', async () => {
    const { record } = await consoleAssembly(asAdmin, alpha.id, {
      lastTestedOn: today,
      lastResult: 'pass',
    });
    expect(record.complianceStatus).toBe('compliant');
    const dueOn = record.nextDueOn ?? '';
    expect(dueOn).toBe(addMonths(today, 12));
    const firstNoticeDay = addDays(dueOn, -DEFAULT_NOTICE_DAYS);
    const before = { history: (await historyOf(record.id)).length, events: 1 };
    expect(await eventsOf(record.id)).toHaveLength(before.events);

    await night(addDays(firstNoticeDay, -1));
    expect((await statusOf(record.id)).compliance_status).toBe('compliant');
    expect(await historyOf(record.id)).toHaveLength(before.history);

    const reached = await night(firstNoticeDay);
    expect(reached.changed).toBeGreaterThanOrEqual(1);
    expect((await statusOf(record.id)).compliance_status).toBe('due');
    expect((await historyOf(record.id)).slice(before.history)).toEqual([
      {
        on_day: firstNoticeDay,
        from_status: 'compliant',
        to_status: 'due',
        retest_by: null,
        reason: 'notice_window_reached',
      },
    ]);

    await night(dueOn);
    expect((await statusOf(record.id)).compliance_status).toBe('due');
    expect(await historyOf(record.id)).toHaveLength(before.history + 1);

    const dayAfter = addDays(dueOn, 1);
    await night(dayAfter);
    expect((await statusOf(record.id)).compliance_status).toBe('overdue');
    expect((await historyOf(record.id)).slice(before.history)).toEqual([
      expect.objectContaining({ to_status: 'due' }),
      {
        on_day: dayAfter,
        from_status: 'due',
        to_status: 'overdue',
        retest_by: null,
        reason: 'became_overdue',
      },
    ]);
    // Two successive changes of the same assembly: an event each.
    expect(
      (await eventsOf(record.id))
        .slice(before.events)
        .map((event) => [
          event.previous_compliance_status,
          event.compliance_status,
          event.reason,
          event.on_day,
        ]),
    ).toEqual([
      ['compliant', 'due', 'notice_window_reached', firstNoticeDay],
      ['due', 'overdue', 'became_overdue', dayAfter],
    ]);
  });

  it('changes nothing when the night runs a second time the same day', async () => {
    const { record } = await consoleAssembly(asAdmin, alpha.id, {
      lastTestedOn: today,
      lastResult: 'pass',
    });
    const day = addDays(record.nextDueOn ?? '', 2);
    const first = await night(day);
    expect(first.changed).toBeGreaterThanOrEqual(1);
    expect((await statusOf(record.id)).compliance_status).toBe('overdue');
    const written = { history: await changesOnDay(day), events: await eventsOnDay(day) };
    expect(written.history).toBe(first.changed);
    expect(written.events).toBe(first.changed);

    const second = await night(day);
    expect(second).toEqual({ organizations: first.organizations, changed: 0 });
    expect(await changesOnDay(day)).toBe(written.history);
    expect(await eventsOnDay(day)).toBe(written.events);
  });

  it('writes each change once when two night runs meet', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), {
      name: `Racing Water ${unique()}`,
    });
    const assemblies = [];
    for (let n = 0; n < 12; n++) {
      const { record } = await consoleAssembly(asAdmin, organization.id, {
        lastTestedOn: today,
        lastResult: 'pass',
      });
      assemblies.push(record);
    }
    const day = addDays(assemblies[0]?.nextDueOn ?? '', -(DEFAULT_NOTICE_DAYS - 3));
    const before = { history: await changesOnDay(day), events: await eventsOnDay(day) };

    // Both runs held at the organization's rules, then let go together: both read its
    // assemblies before either writes.
    const holder = t.app.orm.em.fork();
    await holder.begin();
    await holder.execute('select id from organizations where id = ? for update', [organization.id]);
    const runs = Promise.all([night(day), night(day)]);
    try {
      await vi.waitFor(
        async () => {
          const waiting = await countOf(
            `select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query like '%testing_rules%for share%'`,
          );
          expect(waiting).toBe(2);
        },
        { timeout: 20_000, interval: 10 },
      );
    } finally {
      await holder.commit();
    }
    const [one, other] = await runs;

    const changed = one.changed + other.changed;
    expect(changed).toBeGreaterThanOrEqual(assemblies.length);
    expect(await changesOnDay(day)).toBe(before.history + changed);
    expect(await eventsOnDay(day)).toBe(before.events + changed);
    for (const assembly of assemblies) {
      expect((await statusOf(assembly.id)).compliance_status).toBe('due');
      const onDay = (await historyOf(assembly.id)).filter((row) => row.on_day === day);
      expect(onDay).toEqual([
        {
          on_day: day,
          from_status: 'compliant',
          to_status: 'due',
          retest_by: null,
          reason: 'notice_window_reached',
        },
      ]);
      expect((await eventsOf(assembly.id)).filter((event) => event.on_day === day)).toHaveLength(1);
    }
  });

  it('is Failed through its retest date after a failed report is accepted, Overdue the day after', async () => {
    const assembly = await newAssembly(asAdmin, alpha.id, 'RP');
    const filed = await fileReport(t, tester, {
      ...cleanTest(tester, assembly),
      readings: RP_FAILING_CHECK_1,
    });
    expect(filed).toMatchObject({ state: 'pending', result: 'fail' });
    expect((await statusOf(assembly.id)).compliance_status).toBe('unknown');

    const accepted = await asAdmin('PUT', `/api/admin/test-reports/${filed.id}`, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const retestBy = addDays(today, DEFAULT_RETEST_DAYS);
    expect(await statusOf(assembly.id)).toMatchObject({
      compliance_status: 'failed',
      retest_by: retestBy,
    });
    expect((await historyOf(assembly.id)).slice(1)).toEqual([
      {
        on_day: today,
        from_status: 'unknown',
        to_status: 'failed',
        retest_by: retestBy,
        reason: 'test_failed',
      },
    ]);
    expect((await eventsOf(assembly.id)).slice(1)).toEqual([
      expect.objectContaining({
        compliance_status: 'failed',
        previous_compliance_status: 'unknown',
        retest_by: retestBy,
        reason: 'test_failed',
      }),
    ]);

    await night(retestBy);
    expect(await statusOf(assembly.id)).toMatchObject({
      compliance_status: 'failed',
      retest_by: retestBy,
    });
    expect(await historyOf(assembly.id)).toHaveLength(2);

    const dayAfter = addDays(retestBy, 1);
    await night(dayAfter);
    expect(await statusOf(assembly.id)).toMatchObject({
      compliance_status: 'overdue',
      retest_by: retestBy,
    });
    expect((await historyOf(assembly.id)).slice(2)).toEqual([
      {
        on_day: dayAfter,
        from_status: 'failed',
        to_status: 'overdue',
        retest_by: retestBy,
        reason: 'retest_date_passed',
      },
    ]);
    expect((await eventsOf(assembly.id)).slice(2)).toEqual([
      expect.objectContaining({
        compliance_status: 'overdue',
        previous_compliance_status: 'failed',
        reason: 'retest_date_passed',
        on_day: dayAfter,
      }),
    ]);
  });

  it('has none once the assembly is removed, told once, and the night leaves it so', async () => {
    const { body, record } = await consoleAssembly(asAdmin, alpha.id, {
      lastTestedOn: today,
      lastResult: 'pass',
    });
    expect(record.complianceStatus).toBe('compliant');
    const removed = await asAdmin('PUT', `/api/admin/assemblies/${record.id}`, {
      ...body,
      status: 'removed',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      status: 'removed',
      complianceStatus: null,
      retestBy: null,
    });
    expect((await statusOf(record.id)).compliance_status).toBeNull();
    expect((await historyOf(record.id)).slice(1)).toEqual([
      {
        on_day: today,
        from_status: 'compliant',
        to_status: null,
        retest_by: null,
        reason: 'record_changed',
      },
    ]);
    expect((await eventsOf(record.id)).slice(1)).toEqual([
      expect.objectContaining({
        compliance_status: null,
        previous_compliance_status: 'compliant',
        reason: 'record_changed',
      }),
    ]);

    await night(addDays(today, 800));
    expect((await statusOf(record.id)).compliance_status).toBeNull();
    expect(await historyOf(record.id)).toHaveLength(2);
    expect(await eventsOf(record.id)).toHaveLength(2);
  });
});

describe("the testing rules' notice and retest days", () => {
  it('are saved by a Program manager, read back, and decide the statuses again at once', async () => {
    const gamma = await makeOrganization(t.app.orm.em.fork(), { name: `Gamma ${unique()}` });
    const manager = await signInOrganizationPerson(t, [
      { organizationId: gamma.id, role: 'program_manager' },
    ]);
    const asManager = staffClient(t.app, manager.token);
    const rules = (changes: Record<string, unknown> = {}) => ({
      ...DEFAULT_TESTING_RULES,
      ...changes,
    });
    // Due in about 65 days: Compliant with 60 days' notice, Due with 90.
    const { record: passed } = await consoleAssembly(asManager, gamma.id, {
      lastTestedOn: addDays(today, -300),
      lastResult: 'pass',
    });
    expect(passed.complianceStatus).toBe('compliant');
    // Failed 10 days ago: its retest is due in 20 days, or was 5 days ago with 5 retest days.
    const { record: failed } = await consoleAssembly(asManager, gamma.id, {
      lastTestedOn: addDays(today, -10),
      lastResult: 'fail',
    });
    expect(failed).toMatchObject({ complianceStatus: 'failed', retestBy: addDays(today, 20) });

    const read = await asManager('GET', `/api/admin/testing-rules/${gamma.id}`);
    expect(read.json()).toMatchObject({ noticeDays: 60, retestDays: 30 });

    const saved = await asManager(
      'PUT',
      `/api/admin/testing-rules/${gamma.id}`,
      rules({ noticeDays: 90, retestDays: 5 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ noticeDays: 90, retestDays: 5 });
    const again = await asManager('GET', `/api/admin/testing-rules/${gamma.id}`);
    expect(again.json()).toEqual({
      id: gamma.id,
      ...rules({ noticeDays: 90, retestDays: 5 }),
      recomputed: 0,
    });

    expect(await statusOf(passed.id)).toMatchObject({ compliance_status: 'due', retest_by: null });
    expect(await statusOf(failed.id)).toMatchObject({
      compliance_status: 'overdue',
      retest_by: addDays(today, -5),
    });
    expect((await historyOf(passed.id)).slice(1)).toEqual([
      {
        on_day: today,
        from_status: 'compliant',
        to_status: 'due',
        retest_by: null,
        reason: 'rules_changed',
      },
    ]);
    expect((await historyOf(failed.id)).slice(1)).toEqual([
      {
        on_day: today,
        from_status: 'failed',
        to_status: 'overdue',
        retest_by: addDays(today, -5),
        reason: 'rules_changed',
      },
    ]);
    expect((await eventsOf(passed.id)).map((event) => event.reason)).toEqual([
      'assembly_added',
      'rules_changed',
    ]);
    expect((await eventsOf(failed.id)).map((event) => event.reason)).toEqual([
      'assembly_added',
      'rules_changed',
    ]);

    const refused = async (changes: Record<string, unknown>, field: string, message: string) => {
      const answer = await asManager('PUT', `/api/admin/testing-rules/${gamma.id}`, rules(changes));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors?.[field], answer.body).toBe(message);
    };
    await refused({ noticeDays: 400 }, 'noticeDays', TESTING_RULES_MESSAGES.noticeDaysInvalid);
    await refused({ noticeDays: -1 }, 'noticeDays', TESTING_RULES_MESSAGES.noticeDaysInvalid);
    await refused({ retestDays: 0 }, 'retestDays', TESTING_RULES_MESSAGES.retestDaysInvalid);
    await refused({ retestDays: 366 }, 'retestDays', TESTING_RULES_MESSAGES.retestDaysInvalid);
    await refused({ noticeDays: 30.5 }, 'noticeDays', TESTING_RULES_MESSAGES.noticeDaysInvalid);

    const after = await asManager('GET', `/api/admin/testing-rules/${gamma.id}`);
    expect(after.json()).toMatchObject({ noticeDays: 90, retestDays: 5 });
    expect((await statusOf(passed.id)).compliance_status).toBe('due');
    expect((await statusOf(failed.id)).compliance_status).toBe('overdue');
    expect(await historyOf(passed.id)).toHaveLength(2);
    expect(await historyOf(failed.id)).toHaveLength(2);
    expect(await eventsOf(passed.id)).toHaveLength(2);
  });
});

describe('the history of statuses', () => {
  it("is read by the organization's people, never by another organization's Program manager", async () => {
    const { record: alphas } = await consoleAssembly(asAdmin, alpha.id);
    const [alphaChange] = await sql<{ id: number }>(
      'select id from assembly_compliance_changes where assembly_id = ? order by id limit 1',
      [alphas.id],
    );
    const alphaChangeId = alphaChange?.id ?? 0;
    const bravo = await makeOrganization(t.app.orm.em.fork(), { name: `Bravo ${unique()}` });
    const { record: bravos } = await consoleAssembly(asAdmin, bravo.id);
    const asBravoManager = staffClient(
      t.app,
      (await signInOrganizationPerson(t, [{ organizationId: bravo.id, role: 'program_manager' }]))
        .token,
    );
    const asAlphaViewer = staffClient(
      t.app,
      (await signInOrganizationPerson(t, [{ organizationId: alpha.id, role: 'viewer' }])).token,
    );
    const path = '/api/admin/assembly-compliance-changes';

    // Alpha's own people read it.
    const own = await asAlphaViewer('GET', `${path}/${alphaChangeId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      id: alphaChangeId,
      assemblyId: alphas.id,
      organizationId: alpha.id,
      toStatus: 'unknown',
      reason: 'assembly_added',
    });

    // Bravo's Program manager: Alpha's change is not there, naming Alpha answers 404.
    const one = await asBravoManager('GET', `${path}/${alphaChangeId}`);
    expect(one.statusCode, one.body).toBe(404);
    expect(one.body).not.toContain(String(alphas.id));
    const named = await asBravoManager('GET', `${path}?${filter({ organization: alpha.id })}`);
    expect(named.statusCode, named.body).toBe(404);
    const byAssembly = await asBravoManager('GET', `${path}?${filter({ assemblyId: alphas.id })}`);
    expect(byAssembly.statusCode, byAssembly.body).toBe(200);
    expect(byAssembly.json()).toEqual([]);
    const byId = await asBravoManager('GET', `${path}?${filter({ id: [alphaChangeId] })}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toEqual([]);
    const list = await asBravoManager('GET', `${path}?range=${encodeURIComponent('[0,99]')}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json() as { id: number; assemblyId: number; organizationId: number }[];
    expect(rows.map((row) => row.assemblyId)).toEqual([bravos.id]);
    expect(rows.every((row) => row.organizationId === bravo.id)).toBe(true);
    expect(list.headers['content-range']).toBe('assembly-compliance-changes 0-0/1');
  });
});

describe("a large organization's night", () => {
  it('decides every assembly, a batch at a time, and nothing more when run again', async () => {
    const organization = await makeOrganization(t.app.orm.em.fork(), { name: `Big ${unique()}` });
    const [location] = await sql<{ id: number }>(
      `insert into locations (organization_id, account_number, address1, city)
       values (?, ?, '1 Elm Street', 'Springfield') returning id`,
      [organization.id, `A-${unique()}`],
    );
    // 2,500 assemblies (more than two batches), tested and passed a month ago, none decided.
    await sql(
      `insert into assemblies (organization_id, location_id, assembly_id, type, hazard, service,
                               status, last_tested_on, last_result, next_due_on)
       select ?, ?, 'BIG-' || n, 'DC', 'high', 'domestic', 'active', ?::date - 30, 'pass',
              ?::date + 335
         from generate_series(1, 2500) n`,
      [organization.id, location?.id, today, today],
    );
    await night(today);
    expect(
      await countOf(
        `select count(*) as n from assemblies where organization_id = ? and compliance_status = 'compliant'`,
        [organization.id],
      ),
    ).toBe(2500);
    expect(
      await countOf(
        `select count(*) as n from assembly_compliance_changes h join assemblies a on a.id = h.assembly_id
          where a.organization_id = ?`,
        [organization.id],
      ),
    ).toBe(2500);
    await night(today);
    expect(
      await countOf(
        `select count(*) as n from webhook_events where ? = any(organization_ids)
            and type = 'assembly.compliance_changed'`,
        [organization.id],
      ),
    ).toBe(2500);
  });
});
