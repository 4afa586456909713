import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm } from '../../api/src/db/orm.js';
import { normalizeEmail } from '../../shared/registration.js';
import {
  acceptedCertification,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  unique,
} from '../api/registration/fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { query } from './helpers/cluster.js';
import { type Answer, call, keepAliveAgent, percentile } from './helpers/http.js';
import {
  CALL_KINDS,
  devAdminToken,
  mixCalls,
  plausibleCompany,
  startLoad,
  type TCallKind,
  weighted,
} from './helpers/load.js';
import { SUBMIT_PATH, uploadedLink } from './helpers/registration.js';
import {
  killStartedServers,
  majorCollections,
  removeEnvironment,
  rssMiB,
  type ServerEnvironment,
  type ServerProcess,
  serverEnvironment,
  startServerProcess,
} from './helpers/server-process.js';

// Load against the real server process: a burst of 500 simultaneous final submits, then a
// sustained mix of everything the form and the console do, with latency and memory measured.

let database: TestDatabase;
let environment: ServerEnvironment;
let server: ServerProcess;
let organization: OrganizationFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  environment = await serverEnvironment(database.url);
  const orm = await createOrm({ databaseUrl: database.url, poolMax: 1 });
  try {
    organization = await createOrganization(orm.em.fork());
  } finally {
    await orm.close(true);
  }
  // --trace-gc: the live heap after each full collection is what says memory stays flat.
  server = await startServerProcess(environment, {}, { traceGc: true });
});

afterAll(async () => {
  if (server) await server.stop();
  await killStartedServers();
  await database?.drop();
  if (environment) await removeEnvironment(environment);
});

describe('the test-mode server on a database without durability', () => {
  it('warns loudly at start-up, naming the settings that are off', () => {
    const warning = server
      .logs()
      .find((line) => String(line.msg).includes('PostgreSQL durability settings are off'));
    expect(warning?.level).toBe(40);
    expect(String(warning?.msg)).toContain('fsync');
    expect(String(warning?.msg)).toContain('synchronous_commit');
  });
});

describe('500 simultaneous final submits', () => {
  it('one user per email, FINAL ERRORS for every duplicate, no 5xx, counts equal to the answers', async () => {
    const TOTAL = 500;
    const DUPLICATES = 50;
    const originals = Array.from({ length: TOTAL - DUPLICATES }, (_, i) => email(`burst${i}`));
    // A tenth reuse an earlier email, in another case or with spaces around it.
    const variants = (address: string, i: number) =>
      i % 2 === 0 ? address.toUpperCase() : `  ${address.replace('burst', 'Burst')}  `;
    const addresses = [
      ...originals,
      ...originals.slice(0, DUPLICATES).map((address, i) => variants(address, i)),
    ];
    // Every fifth person is a tester with a certificate; a duplicate keeps its original's type,
    // so its refusal is about the email alone.
    const testerEvery = 5;
    const isTester = (i: number) =>
      (i < TOTAL - DUPLICATES ? i : i - (TOTAL - DUPLICATES)) % testerEvery === 0;
    const bodies = await Promise.all(
      addresses.map(async (address, i) => ({
        hashValue: organization.hash,
        companyInfo: [plausibleCompany()],
        userInfo: [
          isTester(i)
            ? {
                ...person({ userEmail: address }),
                userType: 'tester',
                userCerts: [
                  {
                    certNum: `C-${unique()}`,
                    certExp: '2030-06-30',
                    ...acceptedCertification(organization),
                    certDocLink: await uploadedLink(server.url, organization.hash),
                  },
                ],
              }
            : { ...person({ userEmail: address }), userType: 'admin' },
        ],
        testKitInfo: [],
      })),
    );

    const started = performance.now();
    const settled = await Promise.allSettled(
      bodies.map((body, i) =>
        call(server.url, 'POST', SUBMIT_PATH, {
          body,
          headers: { 'idempotency-key': `burst-${i}-${unique()}` },
          timeoutMs: 120_000,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const failures = settled.filter((result) => result.status === 'rejected');
    expect(failures.map((failure) => String(failure.reason))).toEqual([]);
    const answers = settled.map((result) => (result as PromiseFulfilledResult<Answer>).value);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const succeeded = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(succeeded).toHaveLength(TOTAL - DUPLICATES);
    expect(refused).toHaveLength(DUPLICATES);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.json().code).toBe('FINAL ERRORS');
      expect(answer.json().message.userErrors[0]?.userEmail).toEqual(expect.any(String));
    }
    // Of each pair sharing an email, exactly one went through.
    for (let i = 0; i < DUPLICATES; i++) {
      const pair = [answers[i]?.status, answers[TOTAL - DUPLICATES + i]?.status].sort();
      expect(pair).toEqual([200, 422]);
    }

    const [counts] = await query<Record<string, number>>(
      database.url,
      `select
         (select count(*) from submissions where organization_id = $1)::int as submissions,
         (select count(*) from registrations where organization_id = $1)::int as registrations,
         (select count(*) from users where lower(email) = any($2))::int as users,
         (select count(*) from (select lower(email) from users group by lower(email)
            having count(*) > 1) twice)::int as "sharedEmails",
         (select count(*) from certifications c join registrations r on r.id = c.registration_id
            where r.organization_id = $1)::int as certifications`,
      [organization.id, originals.map(normalizeEmail)],
    );
    const successfulTesters = originals.filter((_, i) => isTester(i)).length;
    expect(counts).toEqual({
      submissions: succeeded.length,
      registrations: succeeded.length,
      users: originals.length,
      sharedEmails: 0,
      certifications: successfulTesters,
    });
    const ids = succeeded.map((answer) => answer.json().message.submissionId);
    const stored = await query<{ id: number }>(
      database.url,
      'select id from submissions where id = any($1)',
      [ids],
    );
    expect(stored).toHaveLength(ids.length);
    const latencies = answers.map((answer) => answer.ms);
    console.info(
      `burst: ${TOTAL} submits in ${seconds.toFixed(1)} s, p50 ${Math.round(percentile(latencies, 50))} ms, max ${Math.round(Math.max(...latencies))} ms`,
    );
  });
});

/** The p99 targets of the benchmarks (docs/BENCHMARKS.md) for this 2-core machine. */
const P99_TARGET_MS: Partial<Record<TCallKind, number>> = {
  lookup: 20,
  submit: 100,
  adminList: 50,
};
/**
 * Like the benchmarks, a missed latency target is reported (here and in docs/RELIABILITY.md),
 * not failed: timings on a shared 2-core machine belong to npm run bench. Set
 * RELIABILITY_ENFORCE_LATENCY=1 to make a missed target fail the run (a quiet machine).
 */
const ENFORCE_LATENCY = process.env.RELIABILITY_ENFORCE_LATENCY === '1';
const CONCURRENCY = 8;

describe('a sustained mix for 60 seconds', () => {
  it(`answers every call at ${CONCURRENCY} connections, with memory flat at the end (p99 against the targets)`, async () => {
    const agent = keepAliveAgent(CONCURRENCY);
    const staffToken = await devAdminToken(server.url);
    const calls = mixCalls({ base: server.url, organization, staffToken, agent });
    const pick = weighted({ lookup: 4, validate: 3, upload: 1, submit: 1, adminList: 2 });

    const warmUp = startLoad({
      concurrency: CONCURRENCY,
      maxMs: 5_000,
      maxRequests: 100_000,
      pick,
      calls,
    });
    await warmUp.finished;
    const outputBefore = server.output.length;
    const rssSamples: number[] = [rssMiB(server.pid)];
    const sampler = setInterval(() => rssSamples.push(rssMiB(server.pid)), 1_000);
    const run = startLoad({
      concurrency: CONCURRENCY,
      maxMs: 60_000,
      maxRequests: 1_000_000,
      pick,
      calls,
    });
    const outcomes = await run.finished;
    clearInterval(sampler);
    rssSamples.push(rssMiB(server.pid));
    agent.destroy();

    const report: Record<string, { count: number; p50: number; p99: number; max: number }> = {};
    for (const kind of CALL_KINDS) {
      const latencies = outcomes.filter((outcome) => outcome.kind === kind).map((o) => o.ms);
      report[kind] = {
        count: latencies.length,
        p50: Math.round(percentile(latencies, 50) * 10) / 10,
        p99: Math.round(percentile(latencies, 99) * 10) / 10,
        max: Math.round(Math.max(...latencies)),
      };
    }
    const verdicts = Object.entries(P99_TARGET_MS).map(([kind, target]) => {
      const p99 = report[kind]?.p99 ?? Number.POSITIVE_INFINITY;
      return `${kind} p99 ${p99} ms (target <= ${target} ms: ${p99 <= (target as number) ? 'met' : 'MISSED'})`;
    });
    // Memory: the live heap after each full collection of the run, first against last. RSS also
    // counts what V8 keeps committed for the next allocations, which swings by tens of MiB
    // between collections at this allocation rate; its lowest in the first and last 15 s is
    // reported, and bounded loosely against growth outside the heap (buffers, sockets).
    const collections = majorCollections(server.output.slice(outputBefore));
    const liveFirst = collections[0]?.liveMiB ?? Number.NaN;
    const liveLast = collections.at(-1)?.liveMiB ?? Number.NaN;
    const low = (samples: number[]) => Math.min(...samples);
    const startLow = low(rssSamples.slice(0, 15));
    const endLow = low(rssSamples.slice(-15));
    console.info(
      `sustained mix at ${CONCURRENCY} connections, ${outcomes.length} requests in 60 s: ${JSON.stringify(report)}; ${verdicts.join('; ')}; live heap after the ${collections.length} full collections ${collections.map((c) => c.liveMiB.toFixed(1)).join(', ')} MiB; RSS low ${startLow.toFixed(0)} MiB in the first 15 s, ${endLow.toFixed(0)} MiB in the last 15 s, peak ${Math.max(...rssSamples).toFixed(0)} MiB`,
    );

    const errors = outcomes.filter((outcome) => outcome.status !== 200);
    expect(errors.slice(0, 5)).toEqual([]);
    for (const kind of CALL_KINDS) expect(report[kind]?.count).toBeGreaterThan(50);
    expect(collections.length, 'full collections during the run').toBeGreaterThanOrEqual(2);
    expect(liveLast - liveFirst, 'live heap growth over the run, MiB').toBeLessThan(16);
    expect(endLow - startLow, 'RSS growth over the run, MiB').toBeLessThan(128);
    if (ENFORCE_LATENCY) {
      for (const [kind, target] of Object.entries(P99_TARGET_MS)) {
        expect.soft(report[kind]?.p99, `${kind} p99 in ms`).toBeLessThanOrEqual(target as number);
      }
    }
  });
});
