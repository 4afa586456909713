import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, migrate, type Orm } from '../../api/src/db/orm.js';
import { hashPassword } from '../../api/src/modules/staff-auth/passwords.js';
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
import { waitFor } from './helpers/wait.js';

// An inventory import's apply is one transaction: the API killed with SIGKILL while the apply
// runs leaves none of the plan written and the import still applicable; applied again on the
// next process, every record is written once, each with one audit entry and one webhook event.

const ROWS = 3_000;
let cluster: Cluster;
let orm: Orm;
let environment: ServerEnvironment;
let organizationId: number;
const email = `import-crash-${randomBytes(4).toString('hex')}@example.org`;
const password = `crash-${randomBytes(12).toString('hex')}`;
const tag = randomBytes(3).toString('hex');
const accountOf = (i: number) => `KC-${tag}-${i}`;

beforeAll(async () => {
  cluster = await startCluster();
  orm = await createOrm({ databaseUrl: cluster.url, poolMax: 2 });
  await migrate(orm);
  organizationId = (await makeOrganization(orm.em.fork(), { name: `Crash Water ${tag}` })).id;
  await query(
    cluster.url,
    `insert into staff_accounts (email, password_hash, active, role)
     values ($1, $2, true, 'administrator')`,
    [email, await hashPassword(password)],
  );
  environment = await serverEnvironment(cluster.url);
});

afterAll(async () => {
  await killStartedServers();
  await orm?.close(true);
  await cluster?.remove();
  if (environment) await removeEnvironment(environment);
});

async function signIn(server: ServerProcess): Promise<Record<string, string>> {
  const answer = await call(server.url, 'POST', '/api/sc/session/login', {
    body: { email, password },
  });
  expect(answer.status, answer.body).toBe(200);
  return { authorization: `Bearer ${answer.json().verified}` };
}

/** A billing export: each row its own account and assembly. */
function exportFile(): Buffer {
  const lines = ['Account #,Service Address,City,Device ID,Device Type,Size,Hazard'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`${accountOf(i)},${i} Main St,Springfield,${accountOf(i)}-D,RP,1,high`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** What the organization's inventory, audit log and webhook events (statuses apart) hold. */
async function written() {
  const [row] = await query<{
    locations: number;
    assemblies: number;
    audit: number;
    audited: number;
    events: number;
    statuses: number;
  }>(
    cluster.url,
    `select (select count(*)::int from locations where organization_id = $1) as locations,
            (select count(*)::int from assemblies where organization_id = $1) as assemblies,
            (select count(*)::int from audit_log where organization_id = $1) as audit,
            (select count(distinct (entity_type, entity_id))::int from audit_log
              where organization_id = $1) as audited,
            (select count(*)::int from webhook_events where $1 = any(organization_ids)
                and type <> 'assembly.compliance_changed') as events,
            (select count(*)::int from webhook_events where $1 = any(organization_ids)
                and type = 'assembly.compliance_changed') as statuses`,
    [organizationId],
  );
  return row;
}

const importState = async (id: number) =>
  (
    await query<{ state: string; applied_at: Date | null }>(
      cluster.url,
      'select state, applied_at from inventory_imports where id = $1',
      [id],
    )
  )[0];

describe('SIGKILL of the API while an import is applied', () => {
  it('writes none of the plan, and all of it exactly once when applied again', async () => {
    const first = await startServerProcess(environment);
    const headers = await signIn(first);
    const created = await call(first.url, 'POST', '/api/admin/inventory-imports', {
      body: { organizationId },
      headers,
    });
    expect(created.status, created.body).toBe(201);
    const id = created.json().id as number;
    const planned = await call(first.url, 'PUT', `/api/admin/inventory-imports/${id}/file`, {
      raw: exportFile(),
      headers: { ...headers, 'content-type': 'text/csv' },
      timeoutMs: 60_000,
    });
    expect(planned.json()).toMatchObject({
      state: 'planned',
      summary: { newLocations: ROWS, newAssemblies: ROWS, refused: 0 },
    });

    // Another transaction holds the assemblies table against writes: the apply writes every
    // location (with its audit entries and events), then waits at its first assemblies, mid-way.
    const blocker = new pg.Client({ connectionString: cluster.url });
    await blocker.connect();
    let applyBackend = 0;
    try {
      await blocker.query('begin');
      await blocker.query('lock table assemblies in share mode');
      const [{ pid: blockerPid } = { pid: 0 }] = (
        await blocker.query<{ pid: number }>('select pg_backend_pid() as pid')
      ).rows;
      const applying = call(first.url, 'POST', `/api/admin/inventory-imports/${id}/apply`, {
        headers,
        timeoutMs: 60_000,
      }).then(
        (answer) => `answered ${answer.status} ${answer.body}`,
        () => 'connection lost',
      );
      await waitFor(
        'the apply to be waiting inside its transaction',
        async () => {
          const [waiting] = await query<{ pid: number }>(
            cluster.url,
            `select pid from pg_stat_activity
              where $1 = any(pg_blocking_pids(pid)) and backend_xid is not null
                and query like 'insert into assemblies%'`,
            [blockerPid],
          );
          applyBackend = waiting?.pid ?? 0;
          return applyBackend !== 0;
        },
        30_000,
        10,
      );
      first.signal('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await applying).toBe('connection lost');
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }
    // The killed process's backend goes once it meets its closed connection.
    await waitFor(
      "the killed apply's database session to end",
      async () =>
        (await query(cluster.url, 'select 1 from pg_stat_activity where pid = $1', [applyBackend]))
          .length === 0,
      30_000,
      20,
    );

    expect(await written()).toEqual({
      locations: 0,
      assemblies: 0,
      audit: 0,
      audited: 0,
      events: 0,
      statuses: 0,
    });
    expect(await importState(id)).toEqual({ state: 'planned', applied_at: null });

    const second = await startServerProcess(environment);
    const again = await signIn(second);
    const applied = await call(second.url, 'POST', `/api/admin/inventory-imports/${id}/apply`, {
      headers: again,
      timeoutMs: 60_000,
    });
    expect(applied.status, applied.body).toBe(200);
    expect(applied.json().state).toBe('applied');
    const once = {
      locations: ROWS,
      assemblies: ROWS,
      audit: 2 * ROWS,
      audited: 2 * ROWS,
      events: 2 * ROWS,
      // Each assembly's compliance status decided, told once.
      statuses: ROWS,
    };
    expect(await written()).toEqual(once);
    const repeated = await call(second.url, 'POST', `/api/admin/inventory-imports/${id}/apply`, {
      headers: again,
    });
    expect(repeated.status).toBe(409);
    expect(await written()).toEqual(once);
    expect(await second.stop()).toEqual({ code: 0, signal: null });
  });
});
