import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordWebhookEvent } from '../../../api/src/modules/webhooks/events.js';
import { ATTEMPT_DELAYS_MS, DISABLE_AFTER_MS } from '../../../api/src/modules/webhooks/schedule.js';
import type { TWebhookEventType } from '../../../shared/integrations.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization, unique } from '../../helpers/fixtures.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { bearer, signIn } from '../staff/helpers.js';

let t: TestApp;
let token: string;
let receiver: WebhookReceiver;
let organizationId: number;

/** Every instance of one deployment seals and opens secrets with the same key. */
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_LOCAL: 'true',
  WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
};

beforeAll(async () => {
  t = await createTestApp({ env: WEBHOOK_ENV });
  token = (await signIn(t)).token;
  receiver = await startWebhookReceiver('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
  organizationId = (await makeOrganization(t.app.orm.em.fork())).id;
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

/** An endpoint made through the console's call, its receiver verifying with its secret. */
async function addEndpoint(types: TWebhookEventType[] = ['registration.approved']) {
  const response = await api('POST', '/api/admin/webhook-endpoints', {
    url: receiver.url,
    description: `test ${unique()}`,
    event_types: types,
    organization_id: organizationId,
  });
  expect(response.statusCode, response.body).toBe(201);
  const endpoint = response.json();
  receiver.verifyWith(endpoint.secret);
  return endpoint as { id: number; secret: string };
}

/** One event committed as a change would record it. */
async function commitEvent(type: TWebhookEventType = 'registration.approved') {
  const summary = `event ${unique()}`;
  await t.app.orm.em.fork().transactional(async (tx) => {
    recordWebhookEvent(tx, {
      type,
      organizationIds: [organizationId],
      data: { registration_id: 1, summary },
    });
  });
  return summary;
}

const deliveriesOf = async (endpointId: number) =>
  (
    await api(
      'GET',
      `/api/admin/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ endpoint_id: endpointId }))}`,
    )
  ).json() as {
    id: number;
    status: string;
    attempts: number;
    webhook_id: string;
  }[];

/** A pass whose clock stands `ms` after now. */
const dispatchAt = (ms: number) =>
  t.app.webhooks.dispatch({ now: () => new Date(Date.now() + ms) });

describe('webhook deliveries', () => {
  it('delivers a committed event signed per Standard Webhooks and logs the attempt', async () => {
    const endpoint = await addEndpoint();
    const before = receiver.deliveries.length;
    const summary = await commitEvent();
    const result = await t.app.webhooks.dispatch();
    expect(result).toEqual({ sent: 1, failed: 0 });
    const received = receiver.deliveries.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]?.verified).toBe(true);
    const body = JSON.parse(received[0]?.body ?? '{}');
    expect(body).toMatchObject({ type: 'registration.approved', data: { summary } });
    expect(new Date(body.timestamp).toString()).not.toBe('Invalid Date');

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(received[0]?.headers['webhook-id']).toBe(delivery?.webhook_id);
    const log = (await api('GET', `/api/admin/webhook-deliveries/${delivery?.id}`)).json();
    expect(log.attempt_log).toEqual([
      expect.objectContaining({ attempt: 1, response_status: 200, error_code: null }),
    ]);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('retries a failing receiver on the schedule and delivers on the 4th attempt with the same id', async () => {
    const endpoint = await addEndpoint();
    const before = receiver.deliveries.length;
    receiver.answer({ status: 500 }, { status: 503 }, { status: 502 });
    await commitEvent();
    let elapsed = 0;
    for (const delay of ATTEMPT_DELAYS_MS.slice(0, 4)) {
      elapsed += delay + 1000;
      // Nothing is due before the delay has passed.
      if (delay > 0) expect(await dispatchAt(elapsed - 2000)).toEqual({ sent: 0, failed: 0 });
      await dispatchAt(elapsed);
    }
    const received = receiver.deliveries.slice(before);
    expect(received).toHaveLength(4);
    expect(received.every((delivery) => delivery.verified)).toBe(true);
    expect(new Set(received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4 });
    const log = (await api('GET', `/api/admin/webhook-deliveries/${delivery?.id}`)).json();
    expect(
      log.attempt_log.map((attempt: { response_status: number }) => attempt.response_status),
    ).toEqual([500, 503, 502, 200]);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('disables an endpoint failing for three days and emails the Administrators once', async () => {
    const endpoint = await addEndpoint();
    const failures = Array.from({ length: 20 }, () => ({ status: 500 }));
    receiver.answer(...failures);
    await commitEvent();
    await dispatchAt(0);
    // A second event keeps failing until the third day: each attempt is due by then.
    await commitEvent();
    await dispatchAt(0);
    await dispatchAt(DISABLE_AFTER_MS + 60_000);
    const record = (await api('GET', `/api/admin/webhook-endpoints/${endpoint.id}`)).json();
    expect(record).toMatchObject({ enabled: false });
    expect(record.disabled_reason).toMatch(/No delivery succeeded for 3 days/);
    const emails = await t.app.orm.em
      .fork()
      .getConnection()
      .execute(
        `select recipients, subject, text_body from email_outbox where kind = 'webhook-endpoint-disabled' and text_body like ?`,
        [`%${receiver.url}%`],
      );
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('A webhook endpoint was disabled');
    // Disabled: nothing more is attempted, events wait for it.
    const attempted = receiver.deliveries.length;
    await commitEvent();
    expect(await dispatchAt(DISABLE_AFTER_MS * 2)).toEqual({ sent: 0, failed: 0 });
    expect(receiver.deliveries.length).toBe(attempted);
    // Enabled again, what waited goes (the receiver answers 200 from now on).
    receiver.clearAnswers();
    const enabled = await api('PUT', `/api/admin/webhook-endpoints/${endpoint.id}`, {
      url: receiver.url,
      event_types: ['registration.approved'],
      organization_id: organizationId,
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, failing_since: null });
    await dispatchAt(DISABLE_AFTER_MS * 2);
    const statuses = (await deliveriesOf(endpoint.id)).map((delivery) => delivery.status);
    expect(statuses[0]).toBe('delivered');
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('sends to an endpoint only the types and the organization it asked for', async () => {
    const endpoint = await addEndpoint(['registration.lapsed']);
    await commitEvent('registration.approved');
    await t.app.orm.em.fork().transactional(async (tx) => {
      recordWebhookEvent(tx, {
        type: 'registration.lapsed',
        organizationIds: [organizationId + 100_000],
        data: { summary: 'another organization' },
      });
    });
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    await commitEvent('registration.lapsed');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('signs with both secrets while a rotation lasts, and sends test events and resends', async () => {
    const endpoint = await addEndpoint();
    const rotated = await api('POST', `/api/admin/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: newSecret } = rotated.json();
    expect(newSecret).toMatch(/^whsec_/);
    const before = receiver.deliveries.length;
    const test = await api('POST', `/api/admin/webhook-endpoints/${endpoint.id}/test`);
    expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    await t.app.webhooks.dispatch();
    // Verified with the old secret (the receiver's), and the header carries two signatures.
    const [received] = receiver.deliveries.slice(before);
    expect(received?.verified).toBe(true);
    expect(received?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    receiver.verifyWith(newSecret);
    const resent = await api('POST', `/api/admin/webhook-deliveries/${test.json().id}/resend`);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await t.app.webhooks.dispatch();
    const again = receiver.deliveries.slice(before + 1);
    expect(again).toHaveLength(1);
    expect(again[0]?.verified).toBe(true);
    expect(again[0]?.headers['webhook-id']).toBe(received?.headers['webhook-id']);
    const log = (await api('GET', `/api/admin/webhook-deliveries/${test.json().id}`)).json();
    expect(log.attempt_log.map((attempt: { attempt: number }) => attempt.attempt)).toEqual([1, 2]);
    const shown = await api('POST', `/api/admin/webhook-endpoints/${endpoint.id}/reveal-secret`);
    expect(shown.json().secret).toBe(newSecret);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('forgets events past 90 days once nothing waits to send them, with their log', async () => {
    const endpoint = await addEndpoint();
    await commitEvent();
    await t.app.webhooks.dispatch();
    await commitEvent();
    const em = t.app.orm.em.fork();
    await em
      .getConnection()
      .execute(
        `update webhook_events set occurred_at = now() - interval '91 days' where id in (select event_id from webhook_deliveries where endpoint_id = ?)`,
        [endpoint.id],
      );
    // Both are old; only the delivered one goes, the waiting one stays until it is sent.
    expect(await t.app.webhooks.forgetOld()).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.status)).toEqual([
      'pending',
    ]);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });

  it('refuses addresses a request may not go to, in the form’s words', async () => {
    for (const [url, message] of [
      ['http://169.254.169.254/latest/meta-data', /public internet/],
      ['ftp://example.org/hooks', /https:\/\//],
      ['https://user:pw@example.org/hooks', /user name and password/],
      ['not a url', /full address/],
    ] as const) {
      const response = await api('POST', '/api/admin/webhook-endpoints', {
        url,
        event_types: ['registration.approved'],
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.url, url).toMatch(message);
    }
    const noTypes = await api('POST', '/api/admin/webhook-endpoints', {
      url: receiver.url,
      event_types: [],
    });
    expect(noTypes.json().errors.event_types).toBe('Choose at least one event.');
  });

  it('lets only Administrators reach endpoints and deliveries', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const other = await signIn(t, role);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: bearer(other.token),
      });
      expect(list.statusCode).toBe(403);
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: bearer(other.token),
        payload: { url: receiver.url, event_types: ['registration.approved'] },
      });
      expect(create.statusCode).toBe(403);
    }
  });

  it('keeps the signing secret sealed in the database and out of lists', async () => {
    const endpoint = await addEndpoint();
    const [row] = await t.app.orm.em
      .fork()
      .getConnection()
      .execute('select secret_sealed from webhook_endpoints where id = ?', [endpoint.id]);
    expect(row?.secret_sealed).toMatch(/^v1\./);
    expect(row?.secret_sealed).not.toContain(endpoint.secret.slice(6));
    const list = await api('GET', '/api/admin/webhook-endpoints');
    expect(list.body).not.toContain(endpoint.secret);
    await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
  });
});

describe('webhook deliveries with the worker on', () => {
  it('leave on their commit’s notification, with no pass asked for and no sweep', async () => {
    const listening = await createTestApp({
      database: t.database,
      env: { ...WEBHOOK_ENV, JOBS: 'true' },
    });
    try {
      const endpoint = await addEndpoint();
      const before = receiver.deliveries.length;
      const summary = await commitEvent();
      const [received] = (await receiver.waitForDeliveries(before + 1)).slice(before);
      expect(received?.verified).toBe(true);
      expect(JSON.parse(received?.body ?? '{}').data.summary).toBe(summary);
      await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
    } finally {
      await listening.close();
    }
  });

  it('queue a wake-up in the job queue for a failed attempt’s retry', async () => {
    const listening = await createTestApp({
      database: t.database,
      env: { ...WEBHOOK_ENV, JOBS: 'true' },
    });
    try {
      const endpoint = await addEndpoint();
      const before = receiver.deliveries.length;
      receiver.answer({ status: 503 });
      await commitEvent();
      await receiver.waitForDeliveries(before + 1);
      const connection = t.app.orm.em.fork().getConnection();
      const retryDue = async () =>
        (
          await connection.execute(
            `select start_after from pgboss.job where name = 'webhook-retry' and state = 'created'`,
          )
        ).length;
      for (let tries = 0; (await retryDue()) === 0 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [delivery] = await deliveriesOf(endpoint.id);
      const [job] = await connection.execute(
        `select start_after from pgboss.job where name = 'webhook-retry' and state = 'created'`,
      );
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
      // The wake-up is for the retry's time, 5 seconds after the failure.
      const record = (await api('GET', `/api/admin/webhook-deliveries/${delivery?.id}`)).json();
      const failedAt = new Date(record.attempt_log[0].attempted_at).getTime();
      expect(new Date(job?.start_after).getTime()).toBe(new Date(record.next_attempt_at).getTime());
      expect(new Date(record.next_attempt_at).getTime() - failedAt).toBeGreaterThanOrEqual(5_000);
      expect(listening.logs.filter((line) => (line.level as number) >= 50)).toEqual([]);
      await api('DELETE', `/api/admin/webhook-endpoints/${endpoint.id}`);
    } finally {
      await listening.close();
    }
  });
});
