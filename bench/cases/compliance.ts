import { createOrm } from '../../api/src/db/orm.js';
import { runReminders } from '../../api/src/modules/compliance/reminders.js';
import type { BenchContext } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { peakRssGrowth, round } from '../harness.js';
import { get, measure } from './admin-lists.js';

// The compliance lifecycle at scale: the Expiring view's pages (all organizations, one, the
// expired), timed call by call like the other lists, and the daily reminder run over every
// certification: its time and the bench process's peak memory growth while it runs.

export const CASE = 'compliance';
/** The JavaScript heap the run leaves behind after a full collection (bench run with --expose-gc). */
const REMINDER_HEAP = 'reminder run heap retained';

const collectGarbage = () => globalThis.gc?.();
const PAGE_SIZE = 25;

function expiringPath(filter: object, descending = false) {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, PAGE_SIZE - 1]),
    sort: JSON.stringify(['dueOn', descending ? 'DESC' : 'ASC']),
  });
  return `/api/admin/expiring?${query}`;
}

async function measureList(context: BenchContext, name: string, scale: string, path: string) {
  const found = (await get(context, path)) as unknown[];
  if (found.length === 0) context.recorder.fail(CASE, `${name} listed nothing`);
  await measure(context, name, scale, () => path, CASE);
}

/** The Expiring view as staff open it: 30 days for all, one organization's 90, the expired. */
export async function expiringCase(
  context: BenchContext,
  scale: string,
  organization: OrganizationRef,
) {
  await measureList(context, 'expiring', scale, expiringPath({}));
  await measureList(
    context,
    'expiring organization',
    scale,
    expiringPath({ organization: organization.id, within: '90' }),
  );
  await measureList(
    context,
    'expiring expired latest',
    scale,
    expiringPath({ within: 'expired' }, true),
  );
}

/**
 * The daily reminder run over every certification on file (at least `atLeast`: as many as users,
 * 100k at full scale), first with nothing sent yet (the day the feature starts: every item within
 * 60 days is due a reminder), then again the same day (nothing left to send). Reminders and their emails are removed afterwards, so each scale
 * starts from none; the first scale's run also warms the process up (code loaded, statements
 * compiled) before the larger one is measured.
 */
export async function reminderRunCase(
  context: BenchContext,
  scale: string,
  databaseUrl: string,
  atLeast: number,
) {
  const orm = await createOrm({ databaseUrl });
  // The seed gives about 0.8 certifications per user: copies (a later date, another number) of
  // the first ones make at least `atLeast` for the run, removed again afterwards.
  const { rows: last } = await context.db.query<{ id: number | null }>(
    'select max(id) as id from certifications',
  );
  const seededUpTo = Number(last[0]?.id ?? 0);
  await context.db.query(
    `insert into certifications (user_id, registration_id, number, expires_on, agency_id,
            agency_name, type_id, type_name, review_decision)
     select user_id, registration_id, number || '-R', expires_on + 30, agency_id, agency_name,
            type_id, type_name, review_decision
       from certifications order by id
      limit greatest(0, $1 - (select count(*) from certifications))`,
    [atLeast],
  );
  try {
    const { rows: counted } = await context.db.query<{ n: string }>(
      'select count(*) as n from certifications',
    );
    const run = () =>
      runReminders(orm.em.fork(), {
        now: new Date(),
        publicUrl: 'http://127.0.0.1',
        supportUrl: 'mailto:support@example.org',
      });
    const since = new Date();
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const first = await peakRssGrowth(process.pid, run);
    const seconds = (performance.now() - started) / 1000;
    collectGarbage();
    const retainedMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const againStarted = performance.now();
    const again = await run();
    const againSeconds = (performance.now() - againStarted) / 1000;
    if (first.result.reminders === 0) context.recorder.fail(CASE, 'the reminder run sent nothing');
    if (again.reminders !== 0) context.recorder.fail(CASE, 'the second run sent reminders again');
    const figure = (measure: string, value: number, unit: string, target?: number) =>
      context.recorder.record({
        case: CASE,
        measure,
        value,
        unit,
        scale,
        ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
      });
    figure('reminder run certifications', Number(counted[0]?.n ?? 0), '');
    figure('reminder run', round(seconds, 2), 's', 10);
    figure('reminder run reminders', first.result.reminders, '');
    figure('reminder run emails', first.result.emails, '');
    figure('reminder run peak RSS growth', round(first.growthMb, 1), 'MB', 100);
    if (globalThis.gc) figure(REMINDER_HEAP, round(retainedMb, 1), 'MB', 20);
    figure('reminder run again (nothing due)', round(againSeconds, 2), 's', 10);
    await context.db.query('delete from registration_status_tokens where created_at >= $1', [
      since,
    ]);
    await context.db.query(`delete from email_outbox where kind = 'compliance_reminder'`);
    await context.db.query('delete from reminders');
  } finally {
    await context.db.query('delete from certifications where id > $1', [seededUpTo]);
    await orm.close(true);
  }
}
