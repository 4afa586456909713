import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, migrate, type Orm } from '../../api/src/db/orm.js';
import { encryptSecret } from '../../api/src/modules/webhooks/secret-box.js';
import { generateSigningSecret } from '../../api/src/modules/webhooks/signing.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { type Cluster, query, startCluster } from './helpers/cluster.js';
import {
  killStartedServers,
  removeEnvironment,
  type ServerEnvironment,
  serverEnvironment,
  startServerProcess,
} from './helpers/server-process.js';
import { waitFor } from './helpers/wait.js';

// A webhook delivery's process killed with SIGKILL while the receiver holds the request: the
// event is neither lost nor doubled, and it goes again with the same webhook-id. An event
// committed while no instance runs leaves when one starts.

let cluster: Cluster;
let orm: Orm;
let receiver: WebhookReceiver;
const environments: ServerEnvironment[] = [];
const secretKey = randomBytes(32);
const secret = generateSigningSecret();

const serverEnv = {
  JOBS: 'true',
  WEBHOOK_ALLOW_LOCAL: 'true',
  WEBHOOK_SECRET_KEY: secretKey.toString('base64'),
};

async function environment(): Promise<ServerEnvironment> {
  const created = await serverEnvironment(cluster.url);
  environments.push(created);
  return created;
}

beforeAll(async () => {
  [cluster, receiver] = await Promise.all([startCluster(), startWebhookReceiver(secret)]);
  orm = await createOrm({ databaseUrl: cluster.url, poolMax: 2 });
  await migrate(orm);
  await query(
    cluster.url,
    `insert into webhook_endpoints (url, event_types, secret_sealed)
     values ($1, '{registration.approved}', $2)`,
    [receiver.url, encryptSecret(secret, secretKey)],
  );
});

afterAll(async () => {
  await killStartedServers();
  await orm?.close(true);
  await cluster?.remove();
  for (const each of environments) await removeEnvironment(each);
  await receiver?.close();
});

/** One event committed as a change records it (its deliveries come with its insert). */
async function commitEvent(summary: string): Promise<string> {
  const [event] = await query<{ webhook_id: string }>(
    cluster.url,
    `insert into webhook_events (type, data) values ('registration.approved', $1) returning webhook_id`,
    [JSON.stringify({ summary })],
  );
  return event?.webhook_id ?? '';
}

const deliveryOf = async (webhookId: string) =>
  (
    await query<{ status: string; attempts: number; attempt_rows: number; events: number }>(
      cluster.url,
      `select d.status, d.attempts,
         (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempt_rows,
         (select count(*)::int from webhook_events e where e.data = ev.data) as events
         from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
        where ev.webhook_id = $1`,
      [webhookId],
    )
  )[0];

describe('SIGKILL during a webhook delivery', () => {
  it('sends the event again with the same webhook-id once the claim runs out, once', async () => {
    receiver.answer('never');
    const first = await startServerProcess(await environment(), serverEnv);
    const webhookId = await commitEvent(`killed ${randomBytes(4).toString('hex')}`);
    const [held] = await receiver.waitForDeliveries(1, 30_000);
    expect(held?.headers['webhook-id']).toBe(webhookId);
    first.signal('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    // The killed attempt left its claim and no outcome.
    expect(await deliveryOf(webhookId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      attempt_rows: 0,
    });

    // Its lease runs out (a minute, moved here rather than waited for): the next instance
    // takes the delivery on starting.
    await query(
      cluster.url,
      `update webhook_deliveries set locked_until = now() - interval '1 second'
        where event_id = (select id from webhook_events where webhook_id = $1)`,
      [webhookId],
    );
    const second = await startServerProcess(await environment(), serverEnv);
    const [, again] = await receiver.waitForDeliveries(2, 30_000);
    expect(again?.verified).toBe(true);
    expect(again?.headers['webhook-id']).toBe(webhookId);
    expect(again?.body).toBe(held?.body);
    await waitFor(
      'the delivery to be recorded as delivered',
      async () => (await deliveryOf(webhookId))?.status === 'delivered',
      10_000,
    );
    expect(await deliveryOf(webhookId)).toEqual({
      status: 'delivered',
      attempts: 2,
      attempt_rows: 1,
      events: 1,
    });
    await second.stop();
    expect(receiver.deliveries).toHaveLength(2);
  });

  it('sends an event committed while no instance ran as soon as one starts', async () => {
    const before = receiver.deliveries.length;
    const webhookId = await commitEvent(`while down ${randomBytes(4).toString('hex')}`);
    const server = await startServerProcess(await environment(), serverEnv);
    const received = (await receiver.waitForDeliveries(before + 1, 30_000)).at(-1);
    expect(received?.headers['webhook-id']).toBe(webhookId);
    expect(received?.verified).toBe(true);
    await server.stop();
  });
});
