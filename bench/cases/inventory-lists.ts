import type { BenchContext } from '../context.js';
import { seedOrganizations } from '../seed.js';
import { get, measure } from './admin-lists.js';
import { programManagerToken } from './organization-people.js';

// An organization's inventory in the console at a utility program's scale: the Assemblies and
// Locations lists, their filters and the search box, as an organization's Program manager
// opens them (the server narrows them to the organization) and as the provider's staff do
// over every organization. Seeded in SQL: two assemblies per location, spread evenly over up
// to 1,000 organizations.

export const CASE = 'inventory lists';
const PAGE_SIZE = 25;
const TYPES = ['RP', 'RPDA', 'DC', 'DCDA', 'PVB', 'SVB', 'AG'];

function listPath(resource: string, filter: object, sort: [string, string]) {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify([0, PAGE_SIZE - 1]),
    sort: JSON.stringify(sort),
  });
  return `/api/admin/${resource}?${query}`;
}

/**
 * A number from 0 to n - 1 spread over the assemblies by a hash of their number (a plain modulo
 * of the location's id would give every assembly of an organization the same value).
 */
const spread = (salt: number, n: number) =>
  `((hashint4(l.id * 2 + k + ${salt})::bigint + 2147483648) % ${n})::int`;

/**
 * Seeds up to `assemblies` assemblies (two per location) over `organizations` organizations
 * (added when fewer exist).
 */
export async function seedInventory(
  context: BenchContext,
  databaseUrl: string,
  assemblies: number,
  organizations: number,
) {
  const { rows } = await context.db.query<{ count: number; organizations: number }>(
    `select (select count(*)::int from assemblies) as count,
            (select count(*)::int from organizations) as organizations`,
  );
  const wanted = assemblies - (rows[0]?.count ?? 0);
  if (wanted <= 0) return;
  const missing = organizations - (rows[0]?.organizations ?? 0);
  if (missing > 0) await seedOrganizations(databaseUrl, missing);
  const locations = Math.ceil(wanted / 2);
  await context.db.query(
    `with organizations as (
       select id, row_number() over (order by id) - 1 as position
         from (select id from organizations order by id limit $2::int) o),
     spread as (select count(*)::int as count from organizations)
     insert into locations (organization_id, account_number, name, address1, city, state, zip)
     select o.id, 'AC-' || lpad(n::text, 8, '0'), '',
            (1 + n % 9973) || ' ' || (array['Main','Oak','Pine','Maple','Cedar','Elm','Lake','Hill'])[1 + n % 8] || ' Street',
            'Springfield', 'IL', '62701'
       from generate_series(1, $1::int) n, spread
       join organizations o on true
      where o.position = n % spread.count`,
    [locations, organizations],
  );
  await context.db.query(
    `insert into assemblies (organization_id, location_id, assembly_id, serial, type, make, model,
            size_inches, hazard, service, installed_on, status, last_tested_on, last_result,
            last_test_due_on, next_due_on)
     select l.organization_id, l.id, 'BF-' || lpad((l.id * 2 + k)::text, 9, '0'),
            upper(substr(md5((l.id * 2 + k)::text), 1, 10)),
            ($2::text[])[1 + floor(random() * 7)::int], 'Watts', '009', 0.75,
            case when random() < 0.3 then 'high' else 'low' end,
            (array['domestic','fire','irrigation'])[1 + floor(random() * 3)::int],
            date '2015-01-01' + ${spread(1, 3000)},
            case when ${spread(2, 50)} = 0 then 'removed' else 'active' end,
            date '2025-01-01' + ${spread(0, 365)}, 'pass', null,
            date '2026-01-01' + ${spread(0, 365)}
       from (select id, organization_id from locations order by id desc limit $1::int) l
       cross join generate_series(0, 1) k`,
    [locations, TYPES],
  );
  await context.db.query('vacuum analyze locations');
  await context.db.query('vacuum analyze assemblies');
}

/** The organization with the most assemblies, with a sample of its own to search for. */
async function sampleOrganization(context: BenchContext) {
  const { rows } = await context.db.query<{
    organization_id: number;
    assembly_id: string;
    serial: string;
    address1: string;
    account_number: string;
  }>(
    `select a.organization_id, a.assembly_id, a.serial, l.address1, l.account_number
       from assemblies a join locations l on l.id = a.location_id
      where a.organization_id = (select organization_id from assemblies
                                  group by organization_id order by count(*) desc limit 1)
      order by a.id limit 8`,
  );
  const first = rows[0];
  if (!first) throw new Error('no assemblies seeded');
  return { organizationId: first.organization_id, samples: rows };
}

export async function inventoryListsCase(
  context: BenchContext,
  databaseUrl: string,
  assemblies: number,
  organizations: number,
) {
  await seedInventory(context, databaseUrl, assemblies, organizations);
  const { rows } = await context.db.query<{ assemblies: number; organizations: number }>(
    `select count(*)::int as assemblies, count(distinct organization_id)::int as organizations
       from assemblies`,
  );
  const scale = `${rows[0]?.assemblies ?? 0} assemblies, ${rows[0]?.organizations ?? 0} organizations`;
  const { organizationId, samples } = await sampleOrganization(context);
  const person = {
    ...context,
    token: await programManagerToken(context, { id: organizationId }),
  };
  const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
  // What people type: the start of an assembly ID, a serial, an account number or an address.
  const queries = samples.flatMap((sample) => [
    sample.assembly_id.slice(0, 10).toLowerCase(),
    sample.serial.slice(0, 4).toLowerCase(),
    sample.account_number.slice(0, 9).toLowerCase(),
    sample.address1.split(' ').slice(0, 2).join(' ').toLowerCase(),
  ]);
  const lists: [string, (i: number) => string][] = [
    ['assemblies getList', () => listPath('assemblies', {}, ['assemblyId', 'ASC'])],
    [
      'assemblies search',
      (i) => listPath('assemblies', { q: pick(queries, i) }, ['assemblyId', 'ASC']),
    ],
    [
      'assemblies filters',
      (i) =>
        listPath(
          'assemblies',
          { type: pick(TYPES, i), hazard: i % 2 ? 'high' : 'low', status: 'active' },
          ['nextDueOn', 'ASC'],
        ),
    ],
    [
      'assemblies due month',
      (i) =>
        listPath('assemblies', { dueMonth: `2026-${String(1 + (i % 12)).padStart(2, '0')}` }, [
          'nextDueOn',
          'ASC',
        ]),
    ],
    ['locations getList', () => listPath('locations', {}, ['accountNumber', 'ASC'])],
    [
      'locations search',
      (i) => listPath('locations', { q: pick(queries, i * 4 + 3) }, ['accountNumber', 'ASC']),
    ],
  ];
  for (const [name, path] of lists) {
    const first = await get(person, path(0));
    if (Array.isArray(first) && first.length === 0) {
      context.recorder.fail(CASE, `${name} listed nothing for the organization`);
    }
    await measure(person, `${name} (organization)`, scale, path, CASE);
  }
  // The provider's staff over every organization, and naming one.
  const staffLists: [string, (i: number) => string][] = [
    ['assemblies getList', () => listPath('assemblies', {}, ['assemblyId', 'ASC'])],
    [
      'assemblies search',
      (i) => listPath('assemblies', { q: pick(queries, i) }, ['assemblyId', 'ASC']),
    ],
    [
      'assemblies of one organization',
      () => listPath('assemblies', { organization: organizationId }, ['nextDueOn', 'ASC']),
    ],
    [
      'locations search',
      (i) => listPath('locations', { q: pick(queries, i * 4 + 3) }, ['accountNumber', 'ASC']),
    ],
  ];
  for (const [name, path] of staffLists) {
    await measure(context, `${name} (all organizations)`, scale, path, CASE);
  }
}
