import { type BenchContext, recordLoad } from '../context.js';
import type { OrganizationRef } from '../fixtures.js';
import { type LoadResult, load, round } from '../harness.js';

// Case 1: the registration link lookup (GET /api/tr/get/orginfo/{hash}) against the bare route
// of the same server, at 1 and 32 connections.

const CASE = 'lookup';

export async function lookupCase(context: BenchContext, organization: OrganizationRef) {
  const { baseUrl } = context.server;
  const targets = {
    baseline: `${baseUrl}/api/bench/baseline`,
    lookup: `${baseUrl}/api/tr/get/orginfo/${organization.hash}`,
  };
  const response = await fetch(targets.lookup);
  const answer = (await response.json()) as { code?: string };
  if (answer.code !== 'VALID URL') context.recorder.fail(CASE, `lookup answered ${answer.code}`);

  for (const connections of [1, 32]) {
    const results: Record<string, LoadResult> = {};
    for (const [name, url] of Object.entries(targets)) {
      // A short warm-up so neither side pays for JIT and pool connects inside the measurement.
      await load({ url, connections, duration: 1 });
      const result = await load({ url, connections, duration: context.loadSeconds });
      results[name] = result;
      recordLoad(
        context,
        CASE,
        `${name} @${connections}`,
        result,
        name === 'lookup' && connections === 32 ? { op: '<=', value: 20 } : undefined,
      );
    }
    const ratio =
      results.baseline && results.lookup && results.baseline.requestsPerSecond > 0
        ? results.lookup.requestsPerSecond / results.baseline.requestsPerSecond
        : null;
    context.recorder.record({
      case: CASE,
      measure: `lookup/baseline req/s @${connections}`,
      value: ratio === null ? null : round(ratio * 100, 1),
      unit: '%',
      target: connections === 32 ? { op: '>=', value: 40 } : undefined,
    });
  }
}
