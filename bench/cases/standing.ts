import { createOrm } from '../../api/src/db/orm.js';
import { runReminders } from '../../api/src/modules/compliance/reminders.js';
import { setRegistrantLinks } from '../../api/src/modules/registrant-emails/links.js';
import { runStandings } from '../../api/src/modules/standing/run.js';
import { addDays, addMonths, todayInProgramZone } from '../../shared/program-zone.js';
import { validThrough } from '../../shared/requirements.js';
import type { BenchContext } from '../context.js';
import { peakRssGrowth, round } from '../harness.js';

// The nightly standing run at scale. Every organization's registrations are made valid for 12
// months and suspended on expiry, approvals spread over the last 400 days, one suspension in 97
// past its last day. The first night after switching that on for everyone changes a tenth of
// all registrations at once (lapses, suspensions for every certification already expired):
// timed, without a target. The night after is an ordinary one (a day's lapses and expiries):
// timed alone and followed by that day's reminder run (the night's whole work) against the 10 s
// target (its reminders are that day's, the first night having sent the earlier ones), then
// again with nothing left to do. Everything it changes is put back, so the later
// cases see the seed as it was.

export const CASE = 'standing';
const collectGarbage = () => globalThis.gc?.();

/** The first day of a 12-month period whose last day is `day` (the next night lapses it). */
function periodEndingOn(day: string): string {
  for (let start = addDays(addMonths(day, -12), -3); ; start = addDays(start, 1)) {
    if (validThrough(start, 'twelveMonths') === day) return start;
  }
}

/** Saves what the case changes, then sets the scene for `today` (program-zone days). */
const save = (today: string) => `
  create table bench_saved_registrations as
    select id, review_state, enrolled, approved_on, standing, standing_reason, standing_changed_at,
           suspended_until, suspended_automatically from registrations;
  create table bench_saved_organizations as
    select id, registration_validity, suspend_on_expiry from organizations;
  update registrations set approved_on = '${today}'::date - (id * 37 % 400)
   where review_state = 'approved';
  update registrations set approved_on = '${periodEndingOn(today)}'
   where review_state = 'approved' and id % 41 = 0;
  update registrations set standing = 'suspended', suspended_until = '${today}'::date - 1,
         standing_reason = 'Bench'
   where review_state = 'approved' and (id % 97 = 0 or id = (
           select min(id) from registrations where review_state = 'approved'));
  update organizations set registration_validity = 'twelveMonths', suspend_on_expiry = true;`;

const RESTORE = `
  update organizations o set registration_validity = s.registration_validity,
         suspend_on_expiry = s.suspend_on_expiry
    from bench_saved_organizations s where s.id = o.id;
  update registrations r set review_state = s.review_state, enrolled = s.enrolled,
         approved_on = s.approved_on, standing = s.standing, standing_reason = s.standing_reason,
         standing_changed_at = s.standing_changed_at, suspended_until = s.suspended_until,
         suspended_automatically = s.suspended_automatically
    from bench_saved_registrations s where s.id = r.id;
  drop table bench_saved_registrations;
  drop table bench_saved_organizations;`;

export async function standingRunCase(context: BenchContext, scale: string, databaseUrl: string) {
  const orm = await createOrm({ databaseUrl });
  // What buildApp sets in a server: the links the run's emails end with.
  setRegistrantLinks({ publicUrl: 'http://127.0.0.1', supportUrl: 'mailto:support@example.org' });
  const since = new Date();
  const today = todayInProgramZone();
  await context.db.query(save(today));
  try {
    const { rows: counted } = await context.db.query<{ n: string }>(
      `select count(*) as n from registrations where review_state = 'approved'`,
    );
    const DAY = 24 * 60 * 60 * 1000;
    const tonight = new Date();
    const tomorrow = new Date(tonight.getTime() + DAY);
    const standings = (now: Date) => runStandings(orm.em.fork(), { now });
    const reminders = (now: Date) =>
      runReminders(orm.em.fork(), {
        now,
        publicUrl: 'http://127.0.0.1',
        supportUrl: 'mailto:support@example.org',
      });
    const switchedOnStarted = performance.now();
    const switchedOn = await standings(tonight);
    const switchedOnSeconds = (performance.now() - switchedOnStarted) / 1000;
    // That night's reminders too (every item within 60 days, every period ending within 60):
    // the next night sends only the thresholds crossed since.
    await reminders(tonight);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const first = await peakRssGrowth(process.pid, () => standings(tomorrow));
    const standingSeconds = (performance.now() - started) / 1000;
    await reminders(tomorrow);
    const nightSeconds = (performance.now() - started) / 1000;
    collectGarbage();
    const retainedMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const againStarted = performance.now();
    const again = await standings(tomorrow);
    const againSeconds = (performance.now() - againStarted) / 1000;
    const changedOn = (result: typeof again) =>
      result.lapsed + result.suspended + result.reinstated;
    if (switchedOn.lapsed === 0 || switchedOn.suspended === 0 || switchedOn.reinstated === 0) {
      context.recorder.fail(
        CASE,
        `the first night changed too little: ${JSON.stringify(switchedOn)}`,
      );
    }
    if (first.result.lapsed === 0) {
      context.recorder.fail(CASE, `the next night lapsed nothing: ${JSON.stringify(first.result)}`);
    }
    if (changedOn(again) !== 0) {
      context.recorder.fail(CASE, `the night's second run changed more: ${JSON.stringify(again)}`);
    }
    const figure = (measure: string, value: number, unit: string, target?: number) =>
      context.recorder.record({
        case: CASE,
        measure,
        value,
        unit,
        scale,
        ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
      });
    figure('standing run approved registrations', Number(counted[0]?.n ?? 0), '');
    figure('standing run switched on: changes', changedOn(switchedOn), '');
    figure('standing run switched on', round(switchedOnSeconds, 2), 's');
    figure('standing run: changes', changedOn(first.result), '');
    figure('standing run', round(standingSeconds, 2), 's', 10);
    figure('night run (standings and reminders)', round(nightSeconds, 2), 's', 10);
    figure('standing run peak RSS growth', round(first.growthMb, 1), 'MB', 100);
    if (globalThis.gc) figure('standing run heap retained', round(retainedMb, 1), 'MB', 20);
    figure('standing run again (nothing to do)', round(againSeconds, 2), 's', 10);
  } finally {
    await context.db.query(RESTORE);
    await context.db.query('delete from registration_status_tokens where created_at >= $1', [
      since,
    ]);
    await context.db.query('delete from email_outbox where created_at >= $1', [since]);
    await context.db.query('delete from audit_log where created_at >= $1', [since]);
    await context.db.query('delete from reminders where sent_at >= $1', [since]);
    await orm.close(true);
  }
}
