import type { EntityManager } from '@mikro-orm/postgresql';

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

export interface OrderSnapshot {
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

/** A sort's key expressions as the columns k0, k1…, by which their values are read back. */
export const sortKeyColumns = (keys: readonly string[]) =>
  keys.map((key, i) => `${key} as k${i}`).join(', ');

/** The snapshot's single statement: one MVCC snapshot for the count and the anchors. */
export function snapshotSql(keys: readonly string[], direction: 'asc' | 'desc'): string {
  const order = keys.map((key) => `${key} ${direction}`).join(', ');
  const columns = sortKeyColumns(keys);
  return `with counted as (select count(*)::int as total, coalesce(max(id), 0)::int as max_id from users)
    select counted.total, counted.max_id, s.* from counted
      left join (select * from (
          select ${columns}, row_number() over (order by ${order}) as rn from users u) ordered
        where (rn - 1) % ${ANCHOR_STEP} = 0) s on true
    order by s.rn`;
}

async function take(
  em: EntityManager,
  keys: readonly string[],
  direction: 'asc' | 'desc',
): Promise<OrderSnapshot> {
  const rows = await em.execute<Record<string, unknown>[]>(snapshotSql(keys, direction));
  const first = rows[0] as { total: number; max_id: number };
  return {
    total: first.total,
    maxId: first.max_id,
    anchors: rows.filter((row) => row.rn !== null).map((row) => keys.map((_, i) => row[`k${i}`])),
  };
}

/** The kept snapshot of this order, or a new one (concurrent callers share one read). */
export function orderSnapshot(
  em: EntityManager,
  keys: readonly string[],
  direction: 'asc' | 'desc',
): Promise<OrderSnapshot> {
  const kept = keptFor(em);
  const name = `${keys.join(',')} ${direction}`;
  const now = Date.now();
  const entry = kept.get(name);
  if (entry && entry.until > now) return entry.value;
  const value = take(em, keys, direction);
  kept.set(name, { until: now + SNAPSHOT_MS, value });
  value.catch(() => kept.delete(name));
  return value;
}

/** After a staff write to users: the next list reads a fresh snapshot. */
export function forgetOrderSnapshots(em: EntityManager): void {
  keptFor(em).clear();
}
