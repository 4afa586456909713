import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointPolicy } from '../../../api/src/modules/webhooks/addresses.js';
import {
  type DeliveryRequest,
  deliverWebhook,
  MAX_RESPONSE_BYTES,
} from '../../../api/src/modules/webhooks/deliver.js';
import {
  generateSigningSecret,
  rotateSigningSecret,
} from '../../../api/src/modules/webhooks/signing.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

const local: EndpointPolicy = { allowLocal: true };
const receivers: WebhookReceiver[] = [];

async function receiver(secret: string): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(secret);
  receivers.push(started);
  return started;
}

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

function delivery(
  url: string,
  secret: string,
  overrides: Partial<DeliveryRequest> = {},
): DeliveryRequest {
  return {
    url,
    webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
    event: {
      type: 'registration.approved',
      timestamp: new Date('2026-11-27T08:00:00Z'),
      data: { registrationId: randomUUID(), summary: 'Approved' },
    },
    secrets: { current: secret },
    policy: local,
    ...overrides,
  };
}

describe('delivering a webhook', () => {
  it('POSTs {type, timestamp, data} that the receiver verifies with the standardwebhooks package', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    const request = delivery(hooks.url, secret);

    const attempt = await deliverWebhook(request);

    expect(attempt).toMatchObject({ ok: true, status: 200 });
    expect(attempt.error).toBeUndefined();
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    const [received] = hooks.deliveries;
    expect(received?.verified).toBe(true);
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.headers['webhook-id']).toBe(request.webhookId);
    expect(received?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(received?.body ?? '')).toEqual({
      type: 'registration.approved',
      timestamp: '2026-11-27T08:00:00.000Z',
      data: request.event.data,
    });
  });

  it('counts any 2xx as delivered and keeps at most 4 KB of the answer', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    hooks.answer({ status: 204 }, { status: 202, body: 'x'.repeat(MAX_RESPONSE_BYTES * 50) });

    const noContent = await deliverWebhook(delivery(hooks.url, secret));
    const accepted = await deliverWebhook(delivery(hooks.url, secret));

    expect(noContent).toMatchObject({ ok: true, status: 204, responseBody: '' });
    expect(accepted).toMatchObject({ ok: true, status: 202 });
    expect(accepted.responseBody).toBe('x'.repeat(MAX_RESPONSE_BYTES));
  });

  it('sends the same webhook-id on every attempt, each with its own timestamp and signature', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    hooks.answer({ status: 500, body: 'down for maintenance' });
    const request = delivery(hooks.url, secret);
    const base = Date.now();
    const clock = [new Date(base), new Date(base + 5_000)];

    const first = await deliverWebhook({ ...request, now: () => clock[0] as Date });
    const second = await deliverWebhook({ ...request, now: () => clock[1] as Date });

    expect(first).toMatchObject({ ok: false, status: 500, responseBody: 'down for maintenance' });
    expect(first.error).toBeUndefined();
    expect(second).toMatchObject({ ok: true, status: 200 });
    const [a, b] = hooks.deliveries;
    expect(a?.verified && b?.verified).toBe(true);
    expect(a?.headers['webhook-id']).toBe(request.webhookId);
    expect(b?.headers['webhook-id']).toBe(request.webhookId);
    expect(Number(b?.headers['webhook-timestamp']) - Number(a?.headers['webhook-timestamp'])).toBe(
      5,
    );
    expect(a?.headers['webhook-signature']).not.toBe(b?.headers['webhook-signature']);
    expect(a?.body).toBe(b?.body);
  });

  it('signs with both secrets during a rotation, so receivers holding either verify', async () => {
    const oldSecret = generateSigningSecret();
    const rotated = rotateSigningSecret({ current: oldSecret }, new Date());
    const oldReceiver = await receiver(oldSecret);
    const newReceiver = await receiver(rotated.current);

    const toOld = await deliverWebhook(delivery(oldReceiver.url, oldSecret, { secrets: rotated }));
    const toNew = await deliverWebhook(delivery(newReceiver.url, oldSecret, { secrets: rotated }));

    expect(toOld).toMatchObject({ ok: true, status: 200 });
    expect(toNew).toMatchObject({ ok: true, status: 200 });
    expect(oldReceiver.deliveries[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(oldReceiver.deliveries[0]?.verified).toBe(true);
    expect(newReceiver.deliveries[0]?.verified).toBe(true);
  });

  it('signs with the new secret alone once the rotation period ends', async () => {
    const oldSecret = generateSigningSecret();
    const rotatedAt = new Date(Date.now() - 60_000);
    const rotated = rotateSigningSecret({ current: oldSecret }, rotatedAt, 30_000);
    const oldReceiver = await receiver(oldSecret);
    const newReceiver = await receiver(rotated.current);

    const toOld = await deliverWebhook(delivery(oldReceiver.url, oldSecret, { secrets: rotated }));
    const toNew = await deliverWebhook(delivery(newReceiver.url, oldSecret, { secrets: rotated }));

    expect(toOld).toMatchObject({ ok: false, status: 401 });
    expect(oldReceiver.deliveries[0]?.refusal).toBe('No matching signature found');
    expect(toNew).toMatchObject({ ok: true, status: 200 });
    expect(newReceiver.deliveries[0]?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });

  it('does not follow a redirect and counts it as a failure', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    const target = await receiver(secret);
    hooks.answer({ status: 307, headers: { location: target.url } });

    const attempt = await deliverWebhook(delivery(hooks.url, secret));

    expect(attempt).toMatchObject({ ok: false, status: 307, error: { code: 'redirect' } });
    expect(attempt.error?.message).toContain(target.url);
    expect(hooks.deliveries).toHaveLength(1);
    expect(target.deliveries).toHaveLength(0);
  });

  it('gives up on a receiver that never answers when the time is up', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    hooks.answer('never');

    const attempt = await deliverWebhook(delivery(hooks.url, secret, { timeoutMs: 300 }));

    expect(attempt).toMatchObject({ ok: false, status: null, error: { code: 'timeout' } });
    expect(hooks.deliveries).toHaveLength(1);
  });

  it('answers a refused connection without throwing', async () => {
    const closed = await startWebhookReceiver(generateSigningSecret());
    await closed.close();

    const attempt = await deliverWebhook(delivery(closed.url, generateSigningSecret()));

    expect(attempt).toMatchObject({ ok: false, status: null, error: { code: 'connection' } });
    expect(attempt.error?.message).toContain('ECONNREFUSED');
  });
});

describe('where a delivery connects', () => {
  it('refuses a local receiver without the local flag, before any request', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);

    const overHttp = await deliverWebhook(
      delivery(hooks.url, secret, { policy: { allowLocal: false } }),
    );
    const overHttps = await deliverWebhook(
      delivery(`https://127.0.0.1:${hooks.port}/hooks`, secret, { policy: { allowLocal: false } }),
    );

    expect(overHttp).toMatchObject({ ok: false, status: null, error: { code: 'endpoint_scheme' } });
    expect(overHttps).toMatchObject({
      ok: false,
      status: null,
      error: { code: 'endpoint_address' },
    });
    expect(hooks.deliveries).toHaveLength(0);
  });

  it('connects to the address it checked, not to what the host name resolves to later', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    let lookups = 0;
    // .invalid never resolves (RFC 6761): only the checked address can be reached.
    const policy: EndpointPolicy = {
      allowLocal: true,
      resolve: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    };

    const attempt = await deliverWebhook(
      delivery(`http://hooks.example.invalid:${hooks.port}/hooks`, secret, { policy }),
    );

    expect(attempt).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
    expect(hooks.deliveries[0]?.headers.host).toBe(`hooks.example.invalid:${hooks.port}`);
  });

  it('checks the addresses again at every attempt', async () => {
    const secret = generateSigningSecret();
    const hooks = await receiver(secret);
    const answers = [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
    ];
    const policy: EndpointPolicy = { allowLocal: true, resolve: async () => answers.shift() ?? [] };
    const request = delivery(`http://rebinding.example.invalid:${hooks.port}/hooks`, secret, {
      policy,
    });

    const first = await deliverWebhook(request);
    const second = await deliverWebhook(request);

    expect(first).toMatchObject({ ok: true, status: 200 });
    expect(second).toMatchObject({ ok: false, status: null, error: { code: 'endpoint_address' } });
    expect(second.error?.message).toContain('cloud metadata');
    expect(hooks.deliveries).toHaveLength(1);
  });
});

describe('a receiver holding the connection open', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    // Headers at once, then a body that never ends.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is not delivered when its 2xx answer does not finish within the time', async () => {
    const attempt = await deliverWebhook(
      delivery(`http://127.0.0.1:${port}/`, generateSigningSecret(), { timeoutMs: 300 }),
    );

    expect(attempt).toMatchObject({ ok: false, status: 200, error: { code: 'timeout' } });
  });
});

describe('an https receiver', () => {
  let certificate: { private: string; cert: string };
  beforeAll(async () => {
    certificate = await generate([{ name: 'commonName', value: 'hooks.example.test' }], {
      keyType: 'ec',
      extensions: [
        { name: 'subjectAltName', altNames: [{ type: 2, value: 'hooks.example.test' }] },
      ],
    });
  });
  const toLoopback: EndpointPolicy = {
    allowLocal: true,
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
  };

  it('is reached at the checked address with its certificate verified against the URL host', async () => {
    const secret = generateSigningSecret();
    const hooks = await startTlsReceiver(secret);
    const url = `https://hooks.example.test:${hooks.port}/hooks`;

    const trusted = await deliverWebhook(
      delivery(url, secret, { policy: toLoopback, trustedCertificates: [certificate.cert] }),
    );
    const untrusted = await deliverWebhook(delivery(url, secret, { policy: toLoopback }));
    const otherName = await deliverWebhook(
      delivery(`https://other.example.test:${hooks.port}/hooks`, secret, {
        policy: toLoopback,
        trustedCertificates: [certificate.cert],
      }),
    );

    expect(trusted).toMatchObject({ ok: true, status: 200 });
    expect(hooks.deliveries[0]?.verified).toBe(true);
    expect(untrusted).toMatchObject({ ok: false, status: null, error: { code: 'connection' } });
    expect(otherName).toMatchObject({ ok: false, status: null, error: { code: 'connection' } });
    expect(otherName.error?.message).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(hooks.deliveries).toHaveLength(1);
  });

  async function startTlsReceiver(secret: string) {
    const started = await startWebhookReceiver(secret, {
      key: certificate.private,
      cert: certificate.cert,
    });
    receivers.push(started);
    return started;
  }
});
