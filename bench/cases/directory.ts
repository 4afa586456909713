import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createOrm } from '../../api/src/db/orm.js';
import { directoryBySlug } from '../../api/src/modules/directory/service.js';
import { todayInProgramZone } from '../../shared/program-zone.js';
import type { BenchContext } from '../context.js';
import { type Latency, timeByTurns } from '../harness.js';
import { FIRST_NAMES, LAST_NAMES, PLACES } from '../words.js';

// The public directory of approved testers (issue 28) at scale: beside the seeded users, a scene
// of `testers` testers (all of type tester, one registration each, working for the seeded
// companies) across testers / 100 organizations publishing a directory, about 100 per
// organization as the issue counts them,
// in every state the listing rule looks at (one in 20 each waiting, with changes requested,
// rejected, suspended, lapsed, not enrolled; one in 50 hidden; 1-3 certifications, some
// expired, some waiting for review; half the organizations require two). A page (1 to 4, by
// name or company) and a search (a name's first letters, now and then with a city) of a random
// organization, by turns, as residents ask for them: the page's address on the bench server
// (HTML written by the server's build; without a build, through the service in the bench
// process, said in the measure's name): p50 and p99 against 20 ms. The scene is removed
// afterwards.

export const CASE = 'directory';
const PAGE = 'directory page';
const SEARCH = 'directory search';

/** Whether the bench server writes the pages (the site's server build is there). */
const built = () => existsSync('dist/widget-server/entry-server.js');

/** The page's and the search's measures, named by how they were taken. */
export function directoryMeasures(): [page: string, search: string] {
  const how = built() ? '' : ' (service, no build)';
  return [`${PAGE}${how}`, `${SEARCH}${how}`];
}

/** Adds the scene's rows after the existing ones; answers the ids it starts after. */
async function addScene(context: BenchContext, testers: number, tag: string, today: string) {
  const { rows } = await context.db.query<{ o: number; c: number; u: number }>(
    `select coalesce((select max(id) from organizations), 0) as o,
            coalesce((select max(id) from companies), 0) as c,
            coalesce((select max(id) from users), 0) as u`,
  );
  const base = rows[0] ?? { o: 0, c: 0, u: 0 };
  const organizations = Math.max(1, Math.round(testers / 100));
  const pickFrom = (list: string, i: string) => `(${list})[1 + (${i}) % array_length(${list}, 1)]`;
  await context.db.query(
    `insert into organizations (name, form_hash, primary_email, report_frequency, allowed_until,
                                required_certifications, directory_enabled, directory_slug)
     select 'Directory ' || $1 || ' Water ' || i, md5('f' || $1 || i) || md5('g' || $1 || i),
            'directory-' || $1 || '-' || i || '@example.gov', 'weekly', '2034-12-31',
            1 + i % 2, true, 'bench-directory-' || $1 || '-' || i
       from generate_series(1, $2::int) i`,
    [tag, organizations],
  );
  await context.db.query(
    `insert into users (type, first_name, last_name, email, phone, directory_hidden)
     select 'tester', ${pickFrom('$2::text[]', 'i * 31 + i / 7')},
            ${pickFrom('$3::text[]', 'i * 17 + i / 13')},
            'directory-' || $1 || '-' || i || '@example.com', '555-0199',
            (i / $5::int) % 50 = 7
       from generate_series(1, $4::int) i`,
    [tag, FIRST_NAMES, LAST_NAMES, testers, organizations],
  );
  await context.db.query(
    `insert into user_companies (user_id, company_id)
     select $1::int + i, 1 + (i * 13) % $2::int from generate_series(1, $3::int) i`,
    [base.u, base.c, testers],
  );
  // One in 20 of each organization's testers each: waiting, changes requested, rejected,
  // suspended, lapsed, not enrolled (k: the tester's place in their organization).
  await context.db.query(
    `insert into registrations (user_id, organization_id, company_id, enrolled, review_state,
                                reviewed_at, standing)
     select $1::int + i, $2::int + 1 + i % $3::int, 1 + (i * 13) % $4::int,
            k % 20 not in (0, 1, 2, 5),
            case k % 20 when 0 then 'pending' when 1 then 'changes_requested'
                        when 2 then 'rejected' else 'approved' end,
            case when k % 20 <> 0 then now() - interval '30 days' end,
            case k % 20 when 3 then 'suspended' when 4 then 'lapsed' else 'active' end
       from generate_series(1, $5::int) i, lateral (select i / $3::int as k) place`,
    [base.u, base.o, organizations, base.c, testers],
  );
  // 1-3 each; about one in eight expired, one in ten waiting for review.
  await context.db.query(
    `insert into certifications (user_id, registration_id, number, expires_on, agency_name,
                                 type_name, review_decision)
     select r.user_id, r.id, 'BF-D-' || r.id || '-' || n,
            $2::date + ((r.id * 7 + n * 97) % 900 - 110),
            (array['ASSE', 'AWWA', 'ABPA'])[1 + (r.id + n) % 3], 'Backflow Assembly Tester',
            case when (r.id + n) % 10 = 0 then 'pending' else 'accepted' end
       from registrations r cross join lateral generate_series(1, 1 + r.id % 3) n
      where r.user_id > $1::int`,
    [base.u, today],
  );
  await context.db.query(
    'vacuum analyze organizations, users, user_companies, registrations, certifications',
  );
  return { base, organizations };
}

async function removeScene(context: BenchContext, base: { o: number; u: number }) {
  await context.db.query('delete from users where id > $1', [base.u]);
  await context.db.query('delete from organizations where id > $1', [base.o]);
  // The seeder numbers the rows it adds from the largest id: the sequences go back to it.
  for (const table of ['organizations', 'users', 'registrations', 'certifications']) {
    await context.db.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  }
  await context.db.query(
    'vacuum analyze organizations, users, user_companies, registrations, certifications',
  );
}

export async function directoryCase(
  context: BenchContext,
  scale: string,
  databaseUrl: string,
  testers: number,
) {
  const tag = randomBytes(3).toString('hex');
  const today = todayInProgramZone();
  const { base, organizations } = await addScene(context, testers, tag, today);
  const orm = await createOrm({ databaseUrl });
  try {
    const slug = (i: number) => `bench-directory-${tag}-${1 + ((i * 37) % organizations)}`;
    const cities = PLACES.map(([city]) => city);
    const pageRequest = (i: number) => ({
      page: 1 + (i % 4),
      sort: i % 2 === 0 ? ('name' as const) : ('company' as const),
    });
    const searchRequest = (i: number) => ({
      q: (LAST_NAMES[(i * 7) % LAST_NAMES.length] as string).slice(0, 3),
      city: i % 3 === 0 ? cities[i % cities.length] : undefined,
    });
    // The page as a browser gets it, when the server has its build.
    const written = built();
    const fetchPage = async (slugOf: string, query: Record<string, unknown>) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) search.set(name, String(value));
      }
      const response = await fetch(`${context.server.baseUrl}/testers/${slugOf}?${search}`);
      const html = await response.text();
      if (response.status !== 200 || !html.includes('</html>')) {
        throw new Error(`/testers/${slugOf}: HTTP ${response.status}`);
      }
    };
    const page = async (i: number) => {
      if (written) await fetchPage(slug(i), pageRequest(i));
      else await directoryBySlug(orm.em.fork(), slug(i), { today, ...pageRequest(i) });
    };
    const search = async (i: number) => {
      if (written) await fetchPage(slug(i + 1), searchRequest(i));
      else await directoryBySlug(orm.em.fork(), slug(i + 1), { today, ...searchRequest(i) });
    };

    const first = await directoryBySlug(orm.em.fork(), slug(0), { today });
    const listed = first?.total ?? 0;
    if (listed < 25 || first?.entries.length !== 25) {
      context.recorder.fail(CASE, `the first organization lists ${listed} testers`);
    }
    if (JSON.stringify(first).includes('@')) context.recorder.fail(CASE, 'an email was listed');

    const timing = await timeByTurns(
      context.quick ? 100 : 1000,
      { page, search },
      { warmUp: 30, seconds: context.quick ? 2 : 20 },
    );
    const record = (measure: string, latency: Latency) => {
      context.recorder.record({
        case: CASE,
        measure: `${measure} p50`,
        value: latency.p50,
        unit: 'ms',
        scale,
      });
      context.recorder.record({
        case: CASE,
        measure: `${measure} p99`,
        value: latency.p99,
        unit: 'ms',
        scale,
        target: { op: '<=', value: 20 },
      });
    };
    const [pageMeasure, searchMeasure] = directoryMeasures();
    record(pageMeasure, timing.page);
    record(searchMeasure, timing.search);
    context.recorder.record({
      case: CASE,
      measure: 'directory listed per organization',
      value: listed,
      unit: '',
      scale,
    });
  } finally {
    await orm.close(true);
    await removeScene(context, base);
  }
}
