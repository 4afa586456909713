import { randomUUID } from 'node:crypto';
import { Organization } from '../../api/src/db/entities/index.js';
import { createOrm } from '../../api/src/db/orm.js';
import { todayInProgramZone } from '../../shared/program-zone.js';
import {
  cleanDcReport,
  type FilingTester,
  makeFilingTester,
} from '../../tests/helpers/field-fixtures.js';
import type { BenchContext } from '../context.js';
import { load, round } from '../harness.js';
import { signIn } from './account.js';
import { seedInventory } from './inventory-lists.js';

// Issue 39: testers filing test reports from the field at the inventory's scale (1M assemblies
// over 1,000 organizations, seeded as the inventory lists case does when it has not run). Each report is a clean DC
// test of another assembly of the largest organization, with a new key, by one of a few
// signed-in testers: the as-of checks read the record's periods, the report is accepted at once
// and goes on the assembly's record (its audit entry and webhook events in the same
// transaction).

export const CASE = 'test report filing';
const CONNECTIONS = 16;
const TESTERS = 4;

export async function testReportFilingCase(
  context: BenchContext,
  databaseUrl: string,
  origin: string,
  inventory: { assemblies: number; organizations: number },
) {
  await seedInventory(context, databaseUrl, inventory.assemblies, inventory.organizations);
  const { rows: counts } = await context.db.query<{ assemblies: number }>(
    'select count(*)::int as assemblies from assemblies',
  );
  const scale = `${counts[0]?.assemblies ?? 0} assemblies`;
  const { rows } = await context.db.query<{ id: number; organization_id: number }>(
    `select id, organization_id from assemblies
      where organization_id = (select organization_id from assemblies
                                group by organization_id order by count(*) desc limit 1)
        and status = 'active' and type in ('DC', 'DCDA')
      order by id limit 5000`,
  );
  const organizationId = rows[0]?.organization_id;
  if (!organizationId) {
    context.recorder.fail(CASE, 'no active DC assembly to test');
    return;
  }
  const orm = await createOrm({ databaseUrl, poolMax: 2 });
  const testers: FilingTester[] = [];
  try {
    const organization = await orm.em.fork().findOneOrFail(Organization, { id: organizationId });
    for (let i = 0; i < TESTERS; i++)
      testers.push(await makeFilingTester(orm.em.fork(), organization));
  } finally {
    await orm.close(true);
  }
  const cookies = await Promise.all(testers.map((tester) => signIn(context, origin, tester.email)));
  const today = todayInProgramZone();
  let sent = 0;
  const reports = context.quick ? 400 : 6000;
  const result = await load({
    url: context.server.baseUrl,
    connections: CONNECTIONS,
    amount: reports,
    duration: context.quick ? 15 : 90,
    requests: [
      {
        method: 'POST',
        path: '/api/account/test-reports',
        setupRequest: (request) => {
          const n = sent++;
          const tester = testers[n % TESTERS] as FilingTester;
          const assembly = rows[n % rows.length] as { id: number };
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin,
              cookie: cookies[n % TESTERS] as string,
            },
            body: JSON.stringify({
              ...cleanDcReport(tester, assembly.id, today),
              key: randomUUID(),
            }),
          };
        },
      },
    ],
  });
  if (result.errors || result.non2xx || result.total === 0) {
    context.recorder.fail(
      CASE,
      `${result.errors} errors, ${result.non2xx} non-2xx (${result.serverErrors} 5xx) of ${result.total}`,
    );
  }
  const { rows: filed } = await context.db.query<{ accepted: number }>(
    `select count(*)::int as accepted from test_reports
      where organization_id = $1 and state = 'accepted' and auto_accepted`,
    [organizationId],
  );
  if ((filed[0]?.accepted ?? 0) < result.total) {
    context.recorder.fail(CASE, `${filed[0]?.accepted} reports accepted of ${result.total} filed`);
  }
  const label = `clean reports @${CONNECTIONS}`;
  context.recorder.record({
    case: CASE,
    measure: `${label} reports/s`,
    value: round(result.requestsPerSecond, 0),
    unit: 'reports/s',
    scale,
    target: { op: '>=', value: 200 },
  });
  context.recorder.record({
    case: CASE,
    measure: `${label} p50`,
    value: result.p50,
    unit: 'ms',
    scale,
  });
  context.recorder.record({
    case: CASE,
    measure: `${label} p99`,
    value: result.p99,
    unit: 'ms',
    scale,
    target: { op: '<=', value: 100 },
  });
}
