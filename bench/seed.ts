import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { companyKeys } from '../api/src/modules/companies/normalize.js';
import { seedCredentials } from './seed-credentials.js';
import {
  companyName,
  FIRST_NAMES,
  KIT_MAKERS,
  LAST_NAMES,
  ORGANIZATION_KINDS,
  PLACES,
  streetAddress,
} from './words.js';

// Fills a migrated database with realistic data at scale, fast: rows are generated in the
// process and streamed with COPY … FROM STDIN; certifications and links are derived in SQL.

export interface SeedOptions {
  users: number;
  /** Same seed, same data. */
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedCounts {
  organizations: number;
  companies: number;
  users: number;
  registrations: number;
  certifications: number;
  testKits: number;
  seconds: number;
}

/** A small, fast, seedable PRNG (mulberry32). */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

/** Streams rows into a table; a null in one of the `nullable` columns is written as NULL. */
async function copyRows(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: Iterable<unknown[]>,
  nullable: string[] = [],
) {
  const quoted = (names: string[]) => names.map((c) => `"${c}"`).join(', ');
  const forceNull = nullable.length ? `, force_null (${quoted(nullable)})` : '';
  const target = client.query(
    copyFrom(`copy ${table} (${quoted(columns)}) from stdin with (format csv${forceNull})`),
  ) as Writable;
  // Quoted empty strings stay empty strings; an unquoted empty field would be NULL.
  const csv = stringify({ quoted_empty: true, cast: { boolean: (value) => (value ? 't' : 'f') } });
  csv.pipe(target);
  for (const row of rows) {
    if (!csv.write(row)) await once(csv, 'drain');
  }
  csv.end();
  await once(target, 'finish');
}

const DAY = 86_400_000;

type Random = ReturnType<typeof random>;

/** Registrations of the last month wait for review; older ones were decided within days. */
const WAITING_DAYS = 30;

/** A registration's review state, when it entered the queue and when it was decided. */
function reviewOf(rand: Random, enrolled: boolean, registeredAt: number, now: number) {
  const queuedAt = new Date(registeredAt).toISOString();
  if (now - registeredAt < WAITING_DAYS * DAY) return ['pending', queuedAt, null];
  const pick = rand.next();
  const state = enrolled || pick < 0.7 ? 'approved' : pick < 0.9 ? 'changes_requested' : 'rejected';
  return [state, queuedAt, new Date(registeredAt + (1 + rand.int(5)) * DAY).toISOString()];
}

/** Organizations (about 15 % expired) with every certification agency enabled. */
async function copyOrganizations(
  client: pg.Client,
  rand: Random,
  count: number,
  baseId: number,
  runTag: string,
) {
  const now = Date.now();
  await copyRows(
    client,
    'organizations',
    [
      'name',
      'form_hash',
      'primary_email',
      'extra_emails',
      'report_frequency',
      'allowed_until',
      'required_certifications',
      'form_banner',
    ],
    (function* () {
      for (let i = 0; i < count; i++) {
        const [city, state] = rand.pick(PLACES);
        const expired = rand.next() < 0.15;
        const until = new Date(now + (expired ? -rand.int(365) - 1 : rand.int(3000) + 1) * DAY);
        yield [
          `${city} ${rand.pick(ORGANIZATION_KINDS)} ${state}-${runTag}-${i + 1}`,
          randomBytes(32).toString('base64url'),
          `backflow-${runTag}-${i + 1}@${city.toLowerCase().replace(/[^a-z]/g, '')}.example.gov`,
          '{}',
          rand.pick(['daily', 'weekly', 'twiceWeekly', 'monthly']),
          until.toISOString().slice(0, 10),
          1 + rand.int(2),
          '',
        ];
      }
    })(),
  );
  await client.query(
    `insert into organization_agencies (organization_id, agency_id)
     select o.id, a.id from organizations o cross join certification_agencies a where o.id > $1`,
    [baseId],
  );
}

/** Adds organizations only (no people): the organization searches at a larger scale. */
export async function seedOrganizations(
  databaseUrl: string,
  count: number,
  seed = 20261123,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const { rows } = await client.query<{ max: number }>(
      'select coalesce(max(id), 0)::int as max from organizations',
    );
    await copyOrganizations(
      client,
      random(seed),
      count,
      rows[0]?.max ?? 0,
      randomBytes(3).toString('hex'),
    );
    await client.query('analyze organizations');
    await client.query('analyze organization_agencies');
  } finally {
    await client.end();
  }
}

export async function seedBenchData(
  databaseUrl: string,
  options: SeedOptions,
): Promise<SeedCounts> {
  const started = Date.now();
  let stageStarted = started;
  const report = options.log ?? (() => {});
  const log = (line: string) => {
    const now = Date.now();
    report(`${line} (previous step ${((now - stageStarted) / 1000).toFixed(1)} s)`);
    stageStarted = now;
  };
  const rand = random(options.seed ?? 20261122);
  const userCount = options.users;
  const organizationCount = Math.max(5, Math.round(userCount / 50));
  const companyCount = Math.max(10, Math.round(userCount / 5));
  const kitCount = Math.round(userCount * 0.15);
  const now = Date.now();
  const twoYears = 730 * DAY;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set synchronous_commit = off');
    const [{ rows: idRows }] = [
      await client.query<{
        organizations: number;
        companies: number;
        users: number;
        submissions: number;
      }>(
        `select coalesce((select max(id) from organizations), 0) as organizations,
              coalesce((select max(id) from companies), 0) as companies,
              coalesce((select max(id) from users), 0) as users,
              coalesce((select max(id) from submissions), 0) as submissions`,
      ),
    ];
    const base = idRows[0] ?? { organizations: 0, companies: 0, users: 0, submissions: 0 };
    const runTag = randomBytes(3).toString('hex');

    log(`organizations: ${organizationCount}`);
    await copyOrganizations(client, rand, organizationCount, base.organizations, runTag);

    log(`companies: ${companyCount}`);
    await copyRows(
      client,
      'companies',
      [
        'name',
        'phone',
        'address1',
        'address2',
        'city',
        'state',
        'zip',
        'name_key',
        'address_key',
        'city_key',
        'zip5',
        'phone_key',
      ],
      (function* () {
        for (let i = 0; i < companyCount; i++) {
          const [city, state, zip] = rand.pick(PLACES);
          const name = companyName(rand);
          const address1 = streetAddress(rand);
          const phone = `(${200 + rand.int(700)}) ${100 + rand.int(900)}-${1000 + rand.int(9000)}`;
          const keys = companyKeys({
            companyName: name,
            companyAddress1: address1,
            companyCity: city,
            companyState: state,
            companyZip: zip,
            companyPhone: phone,
          });
          yield [
            name,
            phone,
            address1,
            rand.next() < 0.2 ? `Suite ${100 + rand.int(400)}` : '',
            city,
            state,
            zip,
            keys.nameKey,
            keys.addressKey,
            keys.cityKey,
            keys.zip5,
            keys.phoneKey,
          ];
        }
      })(),
    );

    log(`users: ${userCount}`);
    await copyRows(
      client,
      'users',
      ['type', 'first_name', 'last_name', 'email', 'phone', 'created_at'],
      (function* () {
        for (let i = 0; i < userCount; i++) {
          const first = rand.pick(FIRST_NAMES);
          const last = rand.pick(LAST_NAMES);
          const local = `${first}.${last}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^a-z.]/g, '');
          yield [
            i % 3 === 0 ? 'tester' : 'admin',
            first,
            last,
            `${local}.${runTag}${i + 1}@example.com`,
            rand.next() < 0.8
              ? `${200 + rand.int(700)}-${100 + rand.int(900)}-${1000 + rand.int(9000)}`
              : '',
            new Date(now - rand.int(twoYears)).toISOString(),
          ];
        }
      })(),
    );

    // Each user works for one company and registers with one organization; a fifth of them
    // register again with a second one (the spec's "register again per organization").
    log('registrations');
    const userCompanies: unknown[][] = [];
    const registrations: unknown[][] = [];
    for (let i = 0; i < userCount; i++) {
      const user = base.users + i + 1;
      const company = base.companies + 1 + rand.int(companyCount);
      userCompanies.push([user, company]);
      const first = base.organizations + 1 + rand.int(organizationCount);
      const when = now - rand.int(twoYears);
      registrations.push([user, first, company, rand.next() < 0.6, new Date(when).toISOString()]);
      if (rand.next() < 0.2) {
        const second =
          base.organizations +
          1 +
          ((first - base.organizations + rand.int(organizationCount - 1)) % organizationCount);
        registrations.push([
          user,
          second,
          company,
          rand.next() < 0.4,
          new Date(Math.min(now, when + rand.int(90) * DAY)).toISOString(),
        ]);
      }
    }
    await copyRows(client, 'user_companies', ['user_id', 'company_id'], userCompanies);
    // Every registration came from a final submit; each is given its own submission here.
    await copyRows(
      client,
      'submissions',
      ['organization_id', 'company_id', 'request_hash', 'payload', 'response', 'received_at'],
      registrations.map(([, organization, company, , when], n) => [
        organization,
        company,
        createHash('sha256').update(`${runTag}:${n}`).digest('hex'),
        '{}',
        JSON.stringify({ code: 'SUCCESS', message: { submissionId: base.submissions + n + 1 } }),
        when,
      ]),
    );
    await copyRows(
      client,
      'registrations',
      [
        'user_id',
        'organization_id',
        'company_id',
        'enrolled',
        'registered_at',
        'submission_id',
        'review_state',
        'queued_at',
        'reviewed_at',
      ],
      registrations.map((row, n) => [
        ...row,
        base.submissions + n + 1,
        ...reviewOf(rand, row[3] as boolean, Date.parse(row[4] as string), now),
      ]),
      ['reviewed_at'],
    );

    log('certifications');
    await client.query(
      `insert into certifications (user_id, registration_id, number, expires_on, agency_id, agency_name, type_id, type_name)
       select r.user_id, r.id, 'BF-' || r.id || '-' || n, (r.registered_at + interval '1 year' + n * interval '30 days')::date,
              l.agency_id, a.name, l.type_id, t.name
       from registrations r
       join users u on u.id = r.user_id and u.type = 'tester'
       cross join lateral generate_series(1, 1 + (r.id % 3)) n
       join lateral (select agency_id, type_id from agency_types order by agency_id, type_id offset (r.id + n) % (select count(*) from agency_types) limit 1) l on true
       join certification_agencies a on a.id = l.agency_id
       join certification_types t on t.id = l.type_id
       where u.id > $1`,
      [base.users],
    );

    log('credentials');
    await seedCredentials(client, base.users);

    log(`test kits: ${kitCount}`);
    await copyRows(
      client,
      'test_kits',
      [
        'company_id',
        'organization_id',
        'serial',
        'manufacturer',
        'model',
        'calibrated_on',
        'created_at',
      ],
      (function* () {
        for (let i = 0; i < kitCount; i++) {
          const [maker, models] = rand.pick(KIT_MAKERS);
          const created = now - rand.int(twoYears);
          yield [
            base.companies + 1 + rand.int(companyCount),
            base.organizations + 1 + rand.int(organizationCount),
            `SN-${runTag}-${100000 + i}`,
            maker,
            rand.pick(models),
            new Date(created - rand.int(300) * DAY).toISOString().slice(0, 10),
            new Date(created).toISOString(),
          ];
        }
      })(),
    );

    log('analyze');
    await client.query('analyze');
    const counts = await client.query<Record<string, string>>(
      `select (select count(*) from organizations) organizations, (select count(*) from companies) companies,
              (select count(*) from users) users, (select count(*) from registrations) registrations,
              (select count(*) from certifications) certifications, (select count(*) from test_kits) test_kits`,
    );
    const row = counts.rows[0] ?? {};
    return {
      organizations: Number(row.organizations),
      companies: Number(row.companies),
      users: Number(row.users),
      registrations: Number(row.registrations),
      certifications: Number(row.certifications),
      testKits: Number(row.test_kits),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}
