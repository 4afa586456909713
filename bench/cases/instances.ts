import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { type BenchContext, recordLoad } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { type LoadResult, load, round, type ServerProcess } from '../harness.js';
import { submitBodies, submitRequest } from './submit.js';

// Case: scale-out. The lookup (32 connections, 1,000 client addresses) and the final submit
// (16 connections) against one instance, then against two instances of the same server on
// the same database, each given half the connections at once; the two loads' rates add up.
// One machine holds both instances, PostgreSQL and the load generator: on 2 cores the ratio
// says what a second process buys on the same cores, not what a second machine would.

const CASE = 'scale-out';
const WARM_UP_SUBMITS = 50;

/** Runs one load per instance at once, `connections` split between them; rates add up. */
async function together(
  instances: ServerProcess[],
  connections: number,
  options: (instance: ServerProcess) => autocannon.Options,
): Promise<LoadResult> {
  const share = Math.max(1, Math.round(connections / instances.length));
  const results = await Promise.all(
    instances.map((instance) => load({ ...options(instance), connections: share })),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    p50: Math.max(...results.map((result) => result.p50)),
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    serverErrors: results.reduce((sum, result) => sum + result.serverErrors, 0),
    total: results.reduce((sum, result) => sum + result.total, 0),
  };
}

export async function instancesCase(context: BenchContext, organization: OrganizationRef) {
  const second = await context.startInstance();
  try {
    const submitsPerRun = context.quick ? 100 : 1500;
    const body = await submitBodies(context, organization, submitsPerRun * 2 + 2 * WARM_UP_SUBMITS);
    const runTag = randomBytes(3).toString('hex');
    let sent = 0;
    // Lookups from 1,000 client addresses (as a city's testers are), so the shared rate-limit
    // counters are 1,000 rows rather than one (the lookup case measures a single address).
    let client = 0;
    const lookup = (instance: ServerProcess): autocannon.Options => ({
      url: instance.baseUrl,
      duration: context.loadSeconds,
      requests: [
        {
          method: 'GET',
          path: `/api/tr/get/orginfo/${organization.hash}`,
          setupRequest: (request) => {
            const n = client++ % 1000;
            const address = `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
            return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
          },
        },
      ],
    });
    const submit = (instance: ServerProcess, count: number): autocannon.Options => ({
      url: instance.baseUrl,
      amount: count,
      duration: context.quick ? 10 : 60,
      requests: [
        submitRequest(() => {
          const n = sent++;
          return body(n, `scale.${runTag}.${n}@example.com`);
        }),
      ],
    });

    // Both instances warm (JIT, pools, the link cache) before anything is measured: a fresh
    // process answers a small fraction of its rate for its first seconds.
    for (const instance of [context.server, second]) {
      await load({ ...lookup(instance), connections: 16, duration: context.quick ? 1 : 3 });
      await load({ ...submit(instance, WARM_UP_SUBMITS), connections: 8 });
    }

    const figures = {
      lookup: {} as Record<number, LoadResult>,
      submit: {} as Record<number, LoadResult>,
    };
    for (const count of [1, 2]) {
      const instances = [context.server, second].slice(0, count);
      await together(instances, 32, (instance) => ({ ...lookup(instance), duration: 1 }));
      figures.lookup[count] = await together(instances, 32, lookup);
      figures.submit[count] = await together(instances, 16, (instance) =>
        submit(instance, Math.round(submitsPerRun / count)),
      );
    }
    for (const [call, byCount] of Object.entries(figures)) {
      for (const [count, result] of Object.entries(byCount)) {
        recordLoad(
          context,
          CASE,
          `${call} on ${count} instance${count === '1' ? '' : 's'}`,
          result,
        );
      }
      const one = byCount[1]?.requestsPerSecond ?? 0;
      const two = byCount[2]?.requestsPerSecond ?? 0;
      context.recorder.record({
        case: CASE,
        measure: `${call} 2 instances / 1`,
        value: one > 0 ? round(two / one, 2) : null,
        unit: '×',
      });
    }
  } finally {
    await second.stop();
  }
}
