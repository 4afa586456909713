import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with one request: answer with a status, or never answer. */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string }
  | 'never';

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  /** Whether `new Webhook(secret).verify(body, headers)` accepted it. */
  verified: boolean;
  /** verify()'s complaint when it refused. */
  refusal?: string;
  /** performance.now() when the request's body had arrived. */
  at: number;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  deliveries: ReceivedDelivery[];
  /** Answers for the next requests, in order; then 200 to a verified delivery, else 401. */
  answer(...answers: ReceiverAnswer[]): void;
  /** Drops answers not yet used: 200 to a verified delivery from now on. */
  clearAnswers(): void;
  /** Verifies from now on with this secret (an endpoint's, once the server made it). */
  verifyWith(secret: string): void;
  /** Resolves once `count` deliveries have arrived. */
  waitForDeliveries(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (HTTPS when given a certificate) holding one signing secret,
 * as an integrator's would: it verifies every delivery with the standardwebhooks package and
 * refuses (401) what fails.
 */
export async function startWebhookReceiver(
  secret: string,
  tls?: { key: string; cert: string },
): Promise<WebhookReceiver> {
  let verifier = new Webhook(secret);
  const deliveries: ReceivedDelivery[] = [];
  const queued: ReceiverAnswer[] = [];
  const receive: RequestListener = async (req, res) => {
    const body = await readBody(req);
    const headers = flatHeaders(req);
    let refusal: string | undefined;
    try {
      verifier.verify(body, headers);
    } catch (error) {
      refusal = (error as Error).message;
    }
    deliveries.push({
      headers,
      body,
      verified: refusal === undefined,
      refusal,
      at: performance.now(),
    });
    const next = queued.shift() ?? { status: refusal === undefined ? 200 : 401 };
    if (next === 'never') return;
    res.writeHead(next.status, next.headers).end(next.body ?? '');
  };
  const server = tls ? createTlsServer(tls, receive) : createServer(receive);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/hooks`,
    port,
    deliveries,
    answer: (...answers) => queued.push(...answers),
    clearAnswers: () => {
      queued.length = 0;
    },
    verifyWith(next) {
      verifier = new Webhook(next);
    },
    async waitForDeliveries(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${deliveries.length} of ${count} deliveries within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return deliveries.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
