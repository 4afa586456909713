import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { addDays, todayInProgramZone } from '../../shared/program-zone.js';
import type { BenchContext } from '../context.js';
import { round } from '../harness.js';
import { seedInventory } from './inventory-lists.js';

// The night's compliance run (issue 40) over the inventory at its scale (1M assemblies over
// 1,000 organizations): first over statuses never decided (every assembly changes: a history
// entry and a webhook event each), then the next night (only those whose day came). Run in a
// process of its own, as the job runs on one instance: its time and its memory growth.

export const CASE = 'compliance night';

const run = promisify(execFile);

interface NightAnswer {
  organizations: number;
  changed: number;
  seconds: number;
  baselineMb: number;
  peakMb: number;
}

async function night(databaseUrl: string, day: string): Promise<NightAnswer> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/night-run.ts', databaseUrl, day],
    { maxBuffer: 1_000_000, env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

export async function complianceNightCase(
  context: BenchContext,
  databaseUrl: string,
  assemblies: number,
  organizations: number,
) {
  await seedInventory(context, databaseUrl, assemblies, organizations);
  await context.db.query('update assemblies set compliance_status = null, retest_by = null');
  const { rows } = await context.db.query<{ assemblies: number; organizations: number }>(
    `select count(*)::int as assemblies, count(distinct organization_id)::int as organizations
       from assemblies`,
  );
  const scale = `${rows[0]?.assemblies ?? 0} assemblies, ${rows[0]?.organizations ?? 0} organizations`;
  const record = (measure: string, value: number, unit: string, target?: number) =>
    context.recorder.record({
      case: CASE,
      measure,
      value,
      unit,
      scale,
      target: target === undefined ? undefined : { op: '<=', value: target },
    });
  const today = todayInProgramZone();
  const first = await night(databaseUrl, today);
  record('first night (every status decided)', round(first.seconds, 1), 's');
  record('first night: assemblies changed', first.changed, 'assemblies');
  record('first night: memory growth', round(first.peakMb - first.baselineMb, 1), 'MB', 100);
  const { rows: active } = await context.db.query<{ n: number }>(
    `select count(*)::int as n from assemblies where status = 'active'`,
  );
  if (first.changed < (active[0]?.n ?? 0)) {
    context.recorder.fail(CASE, `the first night decided ${first.changed} of ${active[0]?.n}`);
  }
  const next = await night(databaseUrl, addDays(today, 1));
  record('the next night', round(next.seconds, 1), 's', 60);
  record('the next night: assemblies changed', next.changed, 'assemblies');
  record('the next night: memory growth', round(next.peakMb - next.baselineMb, 1), 'MB', 100);
  const again = await night(databaseUrl, addDays(today, 1));
  if (again.changed !== 0) {
    context.recorder.fail(CASE, `the same night run again changed ${again.changed}`);
  }
}
