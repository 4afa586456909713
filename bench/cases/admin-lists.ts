import { type BenchContext, staffHeaders } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { timeCalls } from '../harness.js';

// Case 4: what staff wait for in the console. Organization word-prefix search (the console's
// search box and the react-admin list with a q filter) and the users list with a name filter,
// an organization filter and a deep page, each timed call by call.

export const CASE = 'admin lists';
const PAGE_SIZE = 25;

/** What staff type: the start of a word of an existing name (a city, a kind of authority). */
async function organizationQueries(context: BenchContext): Promise<string[]> {
  const { rows } = await context.db.query<{ name: string }>(
    'select name from organizations order by id limit 16',
  );
  return rows.map((row, i) => {
    const words = row.name.split(/\s+/);
    const word = words[i % Math.min(2, words.length)] ?? row.name;
    return word.slice(0, Math.max(3, Math.ceil(word.length / 2))).toLowerCase();
  });
}
const NAME_QUERIES = ['garcia', 'smith', 'nguyen', 'patel', 'miller', 'anne', 'lee', 'johnson'];

export async function get(context: BenchContext, path: string): Promise<unknown> {
  const response = await fetch(`${context.server.baseUrl}${path}`, {
    headers: staffHeaders(context),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

function listPath(resource: string, filter: object, offset = 0, sort?: [string, string]) {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([offset, offset + PAGE_SIZE - 1]),
    ...(sort ? { sort: JSON.stringify(sort) } : {}),
  });
  return `/api/admin/${resource}?${query}`;
}

/** Times a list call as staff make it (p50, and p99 against 50 ms) under a case's name. */
export async function measure(
  context: BenchContext,
  measureName: string,
  scale: string,
  path: (i: number) => string,
  caseName = CASE,
) {
  const call = async (i: number) => {
    await get(context, path(i));
  };
  await timeCalls(10, call);
  const timing = await timeCalls(context.quick ? 100 : 300, call, context.quick ? 1 : 5);
  context.recorder.record({
    case: caseName,
    measure: `${measureName} p50`,
    value: timing.p50,
    unit: 'ms',
    scale,
  });
  context.recorder.record({
    case: caseName,
    measure: `${measureName} p99`,
    value: timing.p99,
    unit: 'ms',
    scale,
    target: { op: '<=', value: 50 },
  });
}

export async function organizationSearchCase(context: BenchContext, scale: string) {
  const queries = await organizationQueries(context);
  const pick = (i: number) => queries[i % queries.length] as string;
  const found = (await get(context, `/api/sc/get/search-org?q=${pick(0)}`)) as unknown[];
  if (found.length === 0) context.recorder.fail(CASE, `search-org found nothing for ${pick(0)}`);
  await measure(
    context,
    'search-org',
    scale,
    (i) => `/api/sc/get/search-org?q=${encodeURIComponent(pick(i))}`,
  );
  await measure(context, 'organizations getList q', scale, (i) =>
    listPath('organizations', { q: pick(i) }),
  );
}

export async function userListsCase(
  context: BenchContext,
  scale: string,
  users: number,
  organization: OrganizationRef,
) {
  const named = (await get(context, listPath('users', { q: NAME_QUERIES[0] }))) as unknown[];
  if (named.length === 0) context.recorder.fail(CASE, 'users getList found no one by name');
  await measure(context, 'users getList name', scale, (i) =>
    listPath('users', { q: NAME_QUERIES[i % NAME_QUERIES.length] }),
  );
  await measure(context, 'users getList organization', scale, () =>
    listPath('users', { organization: organization.id }),
  );
  // Page 2,000 of 4,000 at 100k users: the same relative depth (half way) at any scale.
  const page = Math.max(1, Math.floor(users / PAGE_SIZE / 2));
  const deep = (await get(context, listPath('users', {}, (page - 1) * PAGE_SIZE))) as unknown[];
  if (deep.length !== PAGE_SIZE) context.recorder.fail(CASE, `deep page held ${deep.length} rows`);
  await measure(context, 'users getList deep page', scale, () =>
    listPath('users', {}, (page - 1) * PAGE_SIZE),
  );
  context.recorder.record({
    case: CASE,
    measure: 'deep page number',
    value: page,
    unit: '',
    scale,
  });
}

/** The Review Queue's page: oldest first, with the count waiting (ids as the console asks). */
const queuePath = (filter: object) => listPath('review', filter, 0, ['queuedAt', 'ASC']);

/**
 * The Review Queue as staff open it: oldest first, one organization's, one user type's, each
 * with its count. The seed keeps the last month's registrations waiting; then every
 * registration waits at once (the queue right after the review migration), and is put back.
 */
export async function reviewQueueCase(
  context: BenchContext,
  scale: string,
  organization: OrganizationRef,
) {
  const first = (await get(context, queuePath({}))) as unknown[];
  if (first.length === 0) context.recorder.fail(CASE, 'the review queue is empty');
  await measure(context, 'review queue', scale, () => queuePath({}));
  await measure(context, 'review queue organization', scale, () =>
    queuePath({ organization: organization.id }),
  );
  await measure(context, 'review queue user type', scale, (i) =>
    queuePath({ userType: i % 2 === 0 ? 'tester' : 'admin' }),
  );
  await context.db.query(
    `create table bench_review_states as
       select id, review_state, reviewed_at from registrations where review_state <> 'pending'`,
  );
  try {
    await context.db.query(
      `update registrations set review_state = 'pending', reviewed_at = null
        where review_state <> 'pending'`,
    );
    await context.db.query('vacuum analyze registrations');
    await measure(context, 'review queue all waiting', scale, () => queuePath({}));
    await measure(context, 'review queue all waiting user type', scale, (i) =>
      queuePath({ userType: i % 2 === 0 ? 'tester' : 'admin' }),
    );
  } finally {
    await context.db.query(
      `update registrations r set review_state = s.review_state, reviewed_at = s.reviewed_at
         from bench_review_states s where s.id = r.id`,
    );
    await context.db.query('drop table bench_review_states');
    await context.db.query('vacuum analyze registrations');
  }
}
