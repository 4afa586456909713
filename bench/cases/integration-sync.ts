import { type BenchContext, expectOk, recordLoad, staffHeaders } from '../context.js';
import { load, peakRssGrowth, round } from '../harness.js';

// Issue 29's full sync: an integrator's first run pages through every person with an
// all-organizations key (GET /api/v1/people?limit=500 from cursor to cursor, as
// docs/integrations.md's loop does), keeping nothing but a count. Records per second, and how
// much the server's memory grows while it answers. Then one-row reads under load: each request
// looks its key up in the database (a revoke must hold on every instance at once), so this is
// what that lookup costs beside the read.

const CASE = 'integration sync';
const PAGE = 500;

interface PeoplePage {
  data: { id: number }[];
  next_cursor: string | null;
  has_more: boolean;
}

async function makeKey(context: BenchContext): Promise<string> {
  const response = await fetch(`${context.server.baseUrl}/api/admin/api-keys`, {
    method: 'POST',
    headers: { ...staffHeaders(context), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench sync', organization_id: null, can_fetch_documents: false }),
  });
  const { secret } = (await (await expectOk(response, 'create API key')).json()) as {
    secret: string;
  };
  return secret;
}

/** Every page from the start (or the first few); the people seen and the pages asked for. */
async function syncPeople(baseUrl: string, secret: string, mostPages = Number.POSITIVE_INFINITY) {
  let cursor: string | null = null;
  let people = 0;
  let pages = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    const response = await fetch(`${baseUrl}/api/v1/people?${query}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    const page = (await (await expectOk(response, 'GET /api/v1/people')).json()) as PeoplePage;
    people += page.data.length;
    pages++;
    cursor = page.next_cursor;
    if (!page.has_more || pages >= mostPages) return { people, pages };
  }
}

export async function integrationSyncCase(context: BenchContext, scale: string) {
  const secret = await makeKey(context);
  const { rows } = await context.db.query<{ total: number }>(
    'select count(*)::int as total from users',
  );
  const expected = rows[0]?.total ?? 0;
  // Warm-up pages, so the measurement does not pay for the first statements' planning.
  await syncPeople(context.server.baseUrl, secret, 3);
  const started = performance.now();
  const { result, growthMb } = await peakRssGrowth(context.server.pid, () =>
    syncPeople(context.server.baseUrl, secret),
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.people !== expected) {
    context.recorder.fail(CASE, `synced ${result.people} people of ${expected}`);
  }
  const record = (measure: string, value: number, unit: string) =>
    context.recorder.record({ case: CASE, measure, value, unit, scale });
  record('people synced', result.people, 'records');
  record('full sync', round(seconds, 2), 's');
  record('records per second', Math.round(result.people / seconds), 'records/s');
  record(`pages of ${PAGE}`, result.pages, 'pages');
  record('server RSS growth', round(growthMb, 1), 'MB');

  const organizations = await context.db.query<{ id: number }>(
    'select id from organizations order by id limit 1',
  );
  const url = `${context.server.baseUrl}/api/v1/organizations/${organizations.rows[0]?.id}`;
  const headers = { authorization: `Bearer ${secret}` };
  await load({ url, headers, connections: 16, duration: 1 });
  const reads = await load({ url, headers, connections: 16, duration: context.loadSeconds });
  recordLoad(context, CASE, 'one-row read with key lookup @16', reads);
}
