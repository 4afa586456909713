import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { AUTOMATIC_STANDING_REASONS } from '../../../../shared/standing.js';
import { json, query, type Sql } from '../../db/sql.js';
import { recordExpiries } from '../compliance/expiries.js';
import {
  type AutomaticSuspensionRow,
  LAST_REGISTRATION_ID,
  type LapseRow,
  REGISTRATIONS_TO_LAPSE,
  REGISTRATIONS_TO_SUSPEND,
  SUSPENSIONS_ENDED,
  SUSPENSIONS_SATISFIED,
  SUSPENSIONS_SATISFIED_AMONG,
  type SuspensionEndRow,
} from './run-queries.js';
import { changeStandings, type StandingChange } from './service.js';

// The daily standing run, just after midnight in the program's time zone: registrations whose
// period ended lapse, staff suspensions past their last day lift, registrations of organizations
// that suspend on expiry are suspended the first day an item they need has expired, and
// automatic suspensions whose replacement has been accepted lift. Each step walks the
// registrations in windows of ids; a window is one transaction that reads what needs changing
// and changes it through changeStandings (a guarded update and the emails it stages), so a
// crash or a second instance never changes a registration or emails its person twice, and a
// retry does what a crashed run did not. Last, the night records the webhook events of the
// certifications and test kits' calibrations that expired (compliance/expiries.ts).

/** Registration ids per window: each window is one transaction. */
const WINDOW_IDS = 2_000;

export interface StandingRunOptions {
  now: Date;
  windowIds?: number;
  /** Called after each window's commit that changed something (progress; tests stop a run here). */
  afterPage?: (page: { changed: number }) => Promise<void> | void;
}

export interface StandingRunResult {
  today: string;
  lapsed: number;
  suspended: number;
  reinstated: number;
}

type WindowParams = { today: string; afterId: number; untilId: number };

interface Step<Row extends { id: number }> {
  statement: Sql<WindowParams>;
  change: (row: Row) => StandingChange;
}

/**
 * Walks every registration id in windows: each window's registrations that need the step are
 * read and changed in one transaction, so a window's reading and its change agree.
 */
async function runStep<Row extends { id: number }>(
  em: EntityManager,
  step: Step<Row>,
  today: string,
  options: StandingRunOptions & { lastId: number },
): Promise<number> {
  const window = options.windowIds ?? WINDOW_IDS;
  let changed = 0;
  for (let afterId = 0; afterId < options.lastId; afterId += window) {
    const ids = await em.fork().transactional(async (tx) => {
      const rows = await query<Row, WindowParams>(tx, step.statement, {
        today,
        afterId,
        untilId: afterId + window,
      });
      return changeStandings(tx, rows.map(step.change), 'system', options.now);
    });
    changed += ids.length;
    if (ids.length > 0) await options.afterPage?.({ changed: ids.length });
  }
  return changed;
}

const LAPSE: Step<LapseRow> = {
  statement: REGISTRATIONS_TO_LAPSE,
  change: (row) => ({
    registrationId: row.id,
    from: 'active',
    to: 'lapsed',
    reason: AUTOMATIC_STANDING_REASONS.lapsed(row.valid_through),
    automatic: true,
  }),
};

/** The suspended lapse too: the registration's period ended whatever its standing. */
const LAPSE_SUSPENDED: Step<LapseRow> = {
  statement: REGISTRATIONS_TO_LAPSE,
  change: (row) => ({ ...LAPSE.change(row), from: 'suspended' }),
};

const SUSPENSION_END: Step<SuspensionEndRow> = {
  statement: SUSPENSIONS_ENDED,
  change: (row) => ({
    registrationId: row.id,
    from: 'suspended',
    to: 'active',
    reason: AUTOMATIC_STANDING_REASONS.suspensionEnded(row.suspended_until),
    automatic: true,
  }),
};

const AUTOMATIC_SUSPENSION: Step<AutomaticSuspensionRow> = {
  statement: REGISTRATIONS_TO_SUSPEND,
  change: (row) => ({
    registrationId: row.id,
    from: 'active',
    to: 'suspended',
    reason: AUTOMATIC_STANDING_REASONS.expired(row.expired_items ?? ''),
    automatic: true,
  }),
};

const replaced = (row: { id: number }): StandingChange => ({
  registrationId: row.id,
  from: 'suspended',
  to: 'active',
  reason: AUTOMATIC_STANDING_REASONS.replaced,
  automatic: true,
});

/** One run on the program zone's day of `now`; safe to run twice or on several instances. */
export async function runStandings(
  em: EntityManager,
  options: StandingRunOptions,
): Promise<StandingRunResult> {
  const today = todayInProgramZone(options.now);
  const [last] = await query<{ id: number }, Record<string, never>>(em, LAST_REGISTRATION_ID, {});
  const walk = { ...options, lastId: last?.id ?? 0 };
  const lapsed =
    (await runStep(em, LAPSE, today, walk)) + (await runStep(em, LAPSE_SUSPENDED, today, walk));
  const reinstated =
    (await runStep(em, SUSPENSION_END, today, walk)) +
    (await runStep(em, { statement: SUSPENSIONS_SATISFIED, change: replaced }, today, walk));
  const suspended = await runStep(em, AUTOMATIC_SUSPENSION, today, walk);
  await recordExpiries(em.fork(), today);
  return { today, lapsed, suspended, reinstated };
}

/**
 * Lifts the automatic suspensions among `registrationIds` that no longer lack anything, in the
 * caller's transaction (an accepted renewal or new item): the registration is Active again at
 * once, without waiting for the night's run.
 */
export async function liftSatisfiedSuspensions(
  tx: EntityManager,
  registrationIds: number[],
  now: Date,
): Promise<number[]> {
  if (registrationIds.length === 0) return [];
  const rows = await query<{ id: number }, SatisfiedAmong>(tx, SUSPENSIONS_SATISFIED_AMONG, {
    today: todayInProgramZone(now),
    ids: json(registrationIds),
    afterId: Math.min(...registrationIds) - 1,
    untilId: Math.max(...registrationIds),
  });
  return changeStandings(tx, rows.map(replaced), 'system', now);
}

type SatisfiedAmong = NonNullable<(typeof SUSPENSIONS_SATISFIED_AMONG)['params']>;
