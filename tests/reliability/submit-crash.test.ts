import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeDurabilitySettings } from '../../api/src/db/durability.js';
import { createOrm, migrate, type Orm } from '../../api/src/db/orm.js';
import { SUBMIT_FAULT_POINTS } from '../../api/src/testing/fault-points.js';
import { createOrganization, type OrganizationFixture } from '../api/registration/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { type Cluster, query, startCluster } from './helpers/cluster.js';
import { call } from './helpers/http.js';
import {
  COMPLETE,
  fullRegistration,
  halfWrittenRegistrations,
  NOTHING,
  registrationState,
  SUBMIT_PATH,
  type TFullRegistration,
} from './helpers/registration.js';
import {
  killStartedServers,
  removeEnvironment,
  type ServerEnvironment,
  type ServerProcess,
  serverEnvironment,
  startServerProcess,
  tail,
} from './helpers/server-process.js';
import { waitFor } from './helpers/wait.js';

// Crashes inside and around a final submit, on a durable PostgreSQL of this file's own: the
// database killed right after a SUCCESS, the API killed with SIGKILL at each step of the submit
// transaction, and the notification of a submit killed between commit and send.

let cluster: Cluster;
let smtp: SmtpReceiver;
let orm: Orm;
let organization: OrganizationFixture;
const environments: ServerEnvironment[] = [];
/** The server left running after the crashes, whose worker must send what they left. */
let live: ServerProcess | undefined;
/** The submission committed by the server killed right after its commit. */
let crashedSubmissionId: number | undefined;

const serverEnv = () => ({ JOBS: 'true', SMTP_URL: smtp.url });
async function environment(): Promise<ServerEnvironment> {
  const created = await serverEnvironment(cluster.url);
  environments.push(created);
  return created;
}

beforeAll(async () => {
  [cluster, smtp] = await Promise.all([startCluster(), startSmtpReceiver()]);
  orm = await createOrm({ databaseUrl: cluster.url, poolMax: 2 });
  await migrate(orm);
  organization = await createOrganization(orm.em.fork());
});

afterAll(async () => {
  await killStartedServers();
  await orm?.close(true);
  await cluster?.remove();
  for (const each of environments) await removeEnvironment(each);
  await smtp?.close();
});

const submit = (server: ServerProcess, body: unknown, key: string) =>
  call(server.url, 'POST', SUBMIT_PATH, { body, headers: { 'idempotency-key': key } });

describe('SIGKILL of PostgreSQL right after a SUCCESS', () => {
  it('keeps the answered registration through the crash, and the API reconnects by itself', async () => {
    const server = await startServerProcess(await environment(), serverEnv());
    const body = await fullRegistration(server.url, organization);
    const key = randomUUID();
    const answer = await submit(server, body, key);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json().code).toBe('SUCCESS');

    await cluster.kill();
    await cluster.start();
    expect(await registrationState(cluster.url, body, key)).toEqual(COMPLETE);
    expect(await halfWrittenRegistrations(cluster.url)).toEqual({});

    await waitFor(
      'the API to reach the restarted database',
      async () => (await call(server.url, 'GET', '/api/health')).status === 200,
      10_000,
    );
    const replay = await submit(server, body, key);
    expect(replay.json()).toEqual(answer.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('SIGKILL of the API inside a final submit', () => {
  // One registration, one Idempotency-Key: after each crash the same submit is retried on a
  // server armed one step later, so each retry must first get past every earlier step again.
  const key = randomUUID();
  let body: TFullRegistration | undefined;
  let sharedEnvironment: ServerEnvironment | undefined;

  it.each(SUBMIT_FAULT_POINTS)(
    'killed %s: the restart finds all of it or none of it',
    async (point) => {
      sharedEnvironment ??= await environment();
      const server = await startServerProcess(sharedEnvironment, {
        ...serverEnv(),
        FAULT_POINT: point,
      });
      body ??= await fullRegistration(server.url, organization);
      const outcome = await submit(server, body, key).then(
        (answer) => `answered ${answer.status} ${answer.body}`,
        () => 'connection lost',
      );
      expect(outcome).toBe('connection lost');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

      const committed = point === 'after-commit';
      expect(await registrationState(cluster.url, body, key)).toEqual(
        committed ? COMPLETE : NOTHING,
      );
      expect(await halfWrittenRegistrations(cluster.url)).toEqual({});
    },
  );

  it('answers the retry after the crashes with the one committed registration', async () => {
    expect(body, 'the crash tests ran').toBeDefined();
    live = await startServerProcess(sharedEnvironment as ServerEnvironment, serverEnv());
    const retry = await submit(live, body, key);
    expect(retry.status, retry.body).toBe(200);
    expect(retry.json().code).toBe('SUCCESS');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const again = await submit(live, body, key);
    expect(again.json()).toEqual(retry.json());
    crashedSubmissionId = retry.json().message.submissionId;
    expect(await registrationState(cluster.url, body as TFullRegistration, key)).toEqual(COMPLETE);
    expect(await halfWrittenRegistrations(cluster.url)).toEqual({});
  });
});

describe('durability settings', () => {
  const settings = ['fsync', 'synchronous_commit', 'full_page_writes'];
  const setAll = async (value: 'on' | 'off' | null, names = settings) => {
    for (const name of names) {
      await query(
        cluster.url,
        value ? `alter system set ${name} = ${value}` : `alter system reset ${name}`,
      );
    }
    await query(cluster.url, 'select pg_reload_conf()');
  };
  const unsafeNow = async () => {
    const em = orm.em.fork();
    return unsafeDurabilitySettings(em);
  };

  afterAll(async () => {
    await setAll(null);
  });

  it.each(settings)('are detected one by one: %s off', async (name) => {
    await setAll('off', [name]);
    try {
      await waitFor(
        `PostgreSQL to report ${name} off`,
        async () => (await unsafeNow()).includes(name),
        5_000,
      );
      expect(await unsafeNow()).toEqual([name]);
    } finally {
      await setAll(null, [name]);
    }
    await waitFor('the setting to be back on', async () => (await unsafeNow()).length === 0, 5_000);
  });

  const productionEnv = () => ({
    NODE_ENV: 'production',
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    ADMIN_EMAIL: `ops-${randomBytes(4).toString('hex')}@example.org`,
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    SMTP_URL: smtp.url,
    JOBS: 'false',
  });

  it('make a production start refuse, naming each one that is off', async () => {
    await setAll('off');
    try {
      await waitFor(
        'PostgreSQL to report all three off',
        async () => (await unsafeNow()).length === 3,
        5_000,
      );
      const server = await startServerProcess(await environment(), productionEnv(), {
        wait: false,
      });
      const exit = await Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 60_000)),
      ]);
      expect(exit, tail(server.output)).toEqual({ code: 1, signal: null });
      const refusal = server.output.find((line) =>
        line.includes('Refusing to start in production'),
      );
      expect(refusal, tail(server.output)).toBeDefined();
      for (const name of settings) expect(refusal).toContain(name);
    } finally {
      await setAll(null);
    }
  });

  it('let production start once they are on', async () => {
    await waitFor(
      'the settings to be back on',
      async () => (await unsafeNow()).length === 0,
      5_000,
    );
    const server = await startServerProcess(await environment(), productionEnv());
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
    expect(server.output.join('\n')).not.toContain('durability settings are off');
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});

describe('the email outbox across a crash', () => {
  it('delivers the notification of a submit killed between commit and send, once', async () => {
    const server = live as ServerProcess;
    expect(crashedSubmissionId, 'the crash tests ran').toBeDefined();
    const reference = (id: number | undefined) => `Submission reference: ${id}\n`;
    const delivered = () =>
      smtp.messages.filter((message) => message.text?.includes(reference(crashedSubmissionId)));
    // Its commit's notification reached no one (the crash took the only instance, and the
    // replayed retry stages nothing): the restarted server sends it when its listener connects,
    // or else its minute sweep does.
    const outbox = async () =>
      (
        await query<{ status: string; attempts: number }>(
          cluster.url,
          'select status, attempts from email_outbox where dedupe_key = $1',
          [`signup:${crashedSubmissionId}`],
        )
      )[0];
    // The mail server sees the message a moment before the worker commits it as sent.
    await waitFor(
      'the notification staged before the crash, sent and recorded',
      async () => delivered().length > 0 && (await outbox())?.status === 'sent',
      150_000,
      250,
    );
    expect(await outbox()).toEqual({ status: 'sent', attempts: 1 });

    // Another submit notifies the worker again: the earlier message must not go out twice.
    const next = await submit(
      server,
      await fullRegistration(server.url, organization),
      randomUUID(),
    );
    const nextId = next.json().message.submissionId;
    await waitFor(
      'the next notification',
      () => smtp.messages.some((message) => message.text?.includes(reference(nextId))),
      10_000,
    );
    expect(delivered()).toHaveLength(1);
    // Every submission of this file was announced. A message may go out again only when a
    // crash falls between the mail server's acceptance and the commit that marks it sent (the
    // database kill above can land there); it then carries the same Message-ID.
    const announced = new Map<string, Set<string>>();
    for (const message of smtp.messages) {
      const id = /Submission reference: (\d+)/.exec(message.text ?? '')?.[1] ?? '';
      announced.set(id, (announced.get(id) ?? new Set()).add(message.messageId ?? ''));
    }
    const [{ submissions } = { submissions: -1 }] = await query<{ submissions: number }>(
      cluster.url,
      'select count(*)::int as submissions from submissions',
    );
    expect(announced.size).toBe(submissions);
    for (const messageIds of announced.values()) expect(messageIds.size).toBe(1);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
