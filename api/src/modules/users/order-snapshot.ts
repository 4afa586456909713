import type { EntityManager } from '@mikro-orm/postgresql';
import { anchorOf, snapshotRows, snapshotStatement, type UserOrder } from './queries.js';

// The unfiltered users list (Find Users without a search, react-admin's users list) needs its
// total and, on a deep page, the position of its first row. Both cost a walk over every user:
// count(*) reads the table, OFFSET 50,000 steps over 50,000 index entries. So each process keeps,
// per sort order, a snapshot taken at most SNAPSHOT_MS ago: how many users there were, the
// highest id, and the sort key of every ANCHOR_STEP-th user. A page then seeks to the nearest
// anchor before it and skips fewer than ANCHOR_STEP entries, and the total is the snapshot's
// count plus the users added since (ids above the highest: a primary-key range).
//
// A staff write to users forgets the snapshots of its process at once; writes elsewhere (a
// registration changing a name, another process deleting someone) show in page boundaries
// within SNAPSHOT_MS (docs/decisions.md, "Deep pages of the users list start from a kept
// anchor").

export const ANCHOR_STEP = 1000;
const SNAPSHOT_MS = 10_000;

interface OrderSnapshot {
  total: number;
  maxId: number;
  /** The sort key (one value per key expression) of rows 0, ANCHOR_STEP, 2 × ANCHOR_STEP… */
  anchors: unknown[][];
}

type Kept = Map<string, { until: number; value: Promise<OrderSnapshot> }>;

/** Per ORM (tests run several apps in one process); forks share their driver. */
const keptByOrm = new WeakMap<object, Kept>();

function keptFor(em: EntityManager): Kept {
  const driver = em.getDriver();
  let kept = keptByOrm.get(driver);
  if (!kept) {
    kept = new Map();
    keptByOrm.set(driver, kept);
  }
  return kept;
}

async function take(em: EntityManager, order: UserOrder): Promise<OrderSnapshot> {
  const rows = await snapshotRows(em, snapshotStatement(order, ANCHOR_STEP));
  const first = rows[0] as { total: number; max_id: number };
  return {
    total: first.total,
    maxId: first.max_id,
    anchors: rows.filter((row) => row.rn !== null).map((row) => anchorOf(order, row)),
  };
}

/** The kept snapshot of this order, or a new one (concurrent callers share one read). */
export function orderSnapshot(em: EntityManager, order: UserOrder): Promise<OrderSnapshot> {
  const kept = keptFor(em);
  const name = `${order.sort} ${order.direction}`;
  const now = Date.now();
  const entry = kept.get(name);
  if (entry && entry.until > now) return entry.value;
  const value = take(em, order);
  kept.set(name, { until: now + SNAPSHOT_MS, value });
  value.catch(() => kept.delete(name));
  return value;
}

/** After a staff write to users: the next list reads a fresh snapshot. */
export function forgetOrderSnapshots(em: EntityManager): void {
  keptFor(em).clear();
}
