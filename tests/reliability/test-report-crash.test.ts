import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, migrate, type Orm } from '../../api/src/db/orm.js';
import { todayInProgramZone } from '../../shared/program-zone.js';
import {
  cleanDcReport,
  type FilingTester,
  makeDcAssembly,
  makeFilingTester,
} from '../helpers/field-fixtures.js';
import { makeOrganization } from '../helpers/fixtures.js';
import { type Cluster, query, startCluster } from './helpers/cluster.js';
import { call } from './helpers/http.js';
import {
  killStartedServers,
  removeEnvironment,
  type ServerEnvironment,
  type ServerProcess,
  serverEnvironment,
  startServerProcess,
} from './helpers/server-process.js';

// A test report's filing killed with SIGKILL after its commit and before its answer (the phone
// sees a lost connection and sends it again): the next process answers the resend with the one
// report filed, and nothing of it (the report, its audit entry, its webhook events, the
// assembly's test) is written twice.

let cluster: Cluster;
let orm: Orm;
let environment: ServerEnvironment;
let tester: FilingTester;
let assemblyId: number;

beforeAll(async () => {
  cluster = await startCluster();
  orm = await createOrm({ databaseUrl: cluster.url, poolMax: 2 });
  await migrate(orm);
  const organization = await makeOrganization(orm.em.fork());
  tester = await makeFilingTester(orm.em.fork(), organization);
  assemblyId = await makeDcAssembly(orm.em.fork(), organization.id);
  environment = await serverEnvironment(cluster.url);
});

afterAll(async () => {
  await killStartedServers();
  await orm?.close(true);
  await cluster?.remove();
  if (environment) await removeEnvironment(environment);
});

/** Signs the tester in through the emailed link, as the site does; answers the cookie. */
async function signIn(server: ServerProcess): Promise<Record<string, string>> {
  const headers = { origin: server.url };
  const asked = await call(server.url, 'POST', '/api/account/sign-in-link', {
    body: { email: tester.email },
    headers,
  });
  expect(asked.status, asked.body).toBe(200);
  const [email] = await query<{ text_body: string }>(
    cluster.url,
    `select text_body from email_outbox
      where kind = 'account_sign_in' and $1 = any(recipients) order by id desc limit 1`,
    [tester.email],
  );
  const token = /#([A-Za-z0-9_-]{43})/.exec(email?.text_body ?? '')?.[1];
  const started = await call(server.url, 'POST', '/api/account/session', {
    body: { token },
    headers,
  });
  expect(started.status, started.body).toBe(200);
  const cookie = [started.headers['set-cookie']].flat().find((c) => c?.startsWith('bf_account='));
  return { ...headers, cookie: cookie?.split(';')[0] ?? '' };
}

const written = async (key: string) =>
  (
    await query<{ reports: number; audit: number; events: number; tested: string | null }>(
      cluster.url,
      `select (select count(*)::int from test_reports where key = $1) as reports,
              (select count(*)::int from audit_log a join test_reports r
                  on a.entity_type = 'test_report' and a.entity_id = r.id::text where r.key = $1) as audit,
              (select count(*)::int from webhook_events e join test_reports r
                  on e.data->>'test_report_id' = r.id::text where r.key = $1) as events,
              (select to_char(last_tested_on, 'YYYY-MM-DD') from assemblies where id = $2) as tested`,
      [key, assemblyId],
    )
  )[0];

describe('SIGKILL of the API between a filing commit and its answer', () => {
  it('files the report once: the resend to the next process answers the committed report', async () => {
    const today = todayInProgramZone();
    const body = cleanDcReport(tester, assemblyId, today);
    const crashing = await startServerProcess(environment, {
      FAULT_POINT: 'test-report-after-commit',
    });
    const headers = await signIn(crashing);
    const outcome = await call(crashing.url, 'POST', '/api/account/test-reports', {
      body,
      headers,
    }).then(
      (answer) => `answered ${answer.status} ${answer.body}`,
      () => 'connection lost',
    );
    expect(outcome).toBe('connection lost');
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // Committed whole: the report, its audit entry, filed and accepted events, the assembly's test.
    expect(await written(body.key)).toEqual({ reports: 1, audit: 1, events: 2, tested: today });

    const live = await startServerProcess(environment);
    const again = await signIn(live);
    const resent = await Promise.all(
      [1, 2, 3].map(() =>
        call(live.url, 'POST', '/api/account/test-reports', { body, headers: again }),
      ),
    );
    for (const answer of resent) {
      expect(answer.status, answer.body).toBe(200);
      expect(answer.json().message).toMatchObject({ key: body.key, state: 'accepted' });
    }
    expect(await written(body.key)).toEqual({ reports: 1, audit: 1, events: 2, tested: today });
  });
});
