import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import {
  type EndpointPolicy,
  EndpointRefusedError,
  pinnedLookup,
  resolveEndpoint,
  type TEndpointRefusal,
} from './addresses.js';
import { type SigningSecrets, signDelivery } from './signing.js';

/** The issue's limit for one attempt, from the address check to the response read. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer for the delivery log; the rest is never read. */
export const MAX_RESPONSE_BYTES = 4096;

/** What a receiver gets: `{type, timestamp, data}`. */
export interface WebhookEvent {
  type: string;
  /** When the change happened (not when this attempt is made). */
  timestamp: Date;
  data: unknown;
}

/** Why an attempt failed, beyond a receiver's status (`endpoint_…`: refused before sending). */
export type TDeliveryError =
  | 'timeout'
  | 'redirect'
  | 'connection'
  | 'signing_secret'
  | `endpoint_${TEndpointRefusal}`;

export interface DeliveryAttempt {
  /** Any 2xx. */
  ok: boolean;
  /** The receiver's HTTP status; null when no answer came. */
  status: number | null;
  durationMs: number;
  /** At most MAX_RESPONSE_BYTES of the answer, as UTF-8 text. */
  responseBody?: string;
  error?: { code: TDeliveryError; message: string };
}

export interface DeliveryRequest {
  url: string;
  /** The same on every attempt of one event. */
  webhookId: string;
  event: WebhookEvent;
  secrets: SigningSecrets;
  policy: EndpointPolicy;
  timeoutMs?: number;
  /** PEM certificates trusted besides the system's: local https receivers (development, tests). */
  trustedCertificates?: string[];
  /** The attempt's clock (signature timestamps and the rotation period). */
  now?: () => Date;
}

/** The body a receiver gets for an event; the same text on every attempt. */
export function eventBody(event: WebhookEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.timestamp.toISOString(),
    data: event.data,
  });
}

/** An endpoint whose addresses were just checked, and connections that go only to them. */
export interface EndpointConnection {
  url: URL;
  agent: Agent;
}

/**
 * Resolves and checks the endpoint's addresses (EndpointRefusedError when refused) and opens a
 * dispatcher that connects only to them: what a pass sends to one endpoint goes through it, and
 * nothing outlives the pass (close it), so the check is never older than one pass.
 */
export async function connectEndpoint(
  url: string,
  policy: EndpointPolicy,
  options: { trustedCertificates?: string[]; signal?: AbortSignal } = {},
): Promise<EndpointConnection> {
  const resolving = resolveEndpoint(url, policy);
  const endpoint = options.signal ? await untilAborted(resolving, options.signal) : await resolving;
  const lookup = pinnedLookup(endpoint.addresses);
  const extra = options.trustedCertificates;
  const agent = new Agent({
    connect: extra ? { lookup, ca: [...rootCertificates, ...extra] } : { lookup },
  });
  return { url: endpoint.url, agent };
}

/**
 * One delivery attempt on its own: checks the endpoint's addresses again, connects only to
 * them, POSTs the event signed afresh, follows no redirect and answers what happened. Never
 * throws: every failure is an answer the caller records and schedules a retry from.
 */
export async function deliverWebhook(delivery: DeliveryRequest): Promise<DeliveryAttempt> {
  const timeoutMs = delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  let connection: EndpointConnection;
  try {
    connection = await connectEndpoint(delivery.url, delivery.policy, {
      trustedCertificates: delivery.trustedCertificates,
      signal: deadline,
    });
  } catch (error) {
    return failedBeforeSending(error, deadline, timeoutMs, performance.now() - started);
  }
  try {
    const remainingMs = Math.max(1, Math.round(timeoutMs - (performance.now() - started)));
    const attempt = await postEvent(connection, { ...delivery, timeoutMs: remainingMs });
    return { ...attempt, durationMs: Math.round(performance.now() - started) };
  } finally {
    await connection.agent.close().catch(() => undefined);
  }
}

/** An attempt that ended before anything was sent: the endpoint refused, or no time was left. */
export function failedBeforeSending(
  error: unknown,
  deadline: AbortSignal,
  timeoutMs: number,
  durationMs: number,
): DeliveryAttempt {
  return {
    ok: false,
    status: null,
    durationMs: Math.round(durationMs),
    error: describeFailure(error, deadline, timeoutMs),
  };
}

/** POSTs one event, signed afresh, through an endpoint's checked connection; never throws. */
export async function postEvent(
  connection: EndpointConnection,
  delivery: Pick<DeliveryRequest, 'webhookId' | 'event' | 'secrets' | 'timeoutMs' | 'now'>,
): Promise<DeliveryAttempt> {
  const timeoutMs = delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(timeoutMs);
  let status: number | null = null;
  try {
    const body = eventBody(delivery.event);
    const signed = signDelivery({
      webhookId: delivery.webhookId,
      timestamp: delivery.now?.() ?? new Date(),
      body,
      secrets: delivery.secrets,
    });
    const response = await request(connection.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed },
      body,
      dispatcher: connection.agent,
      signal: deadline,
    });
    status = response.statusCode;
    const responseBody = await readAtMost(response.body, MAX_RESPONSE_BYTES);
    const attempt = {
      ok: status >= 200 && status < 300,
      status,
      durationMs: elapsed(),
      responseBody,
    };
    if (status >= 300 && status < 400) {
      const location = response.headers.location;
      const message = `redirects are not followed${location ? ` (Location: ${location})` : ''}`;
      return { ...attempt, error: { code: 'redirect', message } };
    }
    return attempt;
  } catch (error) {
    return {
      ok: false,
      status,
      durationMs: elapsed(),
      error: describeFailure(error, deadline, timeoutMs),
    };
  }
}

function describeFailure(
  error: unknown,
  deadline: AbortSignal,
  timeoutMs: number,
): { code: TDeliveryError; message: string } {
  if (deadline.aborted)
    return { code: 'timeout', message: `no complete answer within ${timeoutMs} ms` };
  if (error instanceof EndpointRefusedError) {
    return { code: `endpoint_${error.reason}`, message: error.message };
  }
  const { code, message } = error as NodeJS.ErrnoException;
  return { code: 'connection', message: code ? `${code}: ${message}` : String(message ?? error) };
}

/** Reads up to `limit` bytes of a response and drops the rest (the socket goes with the agent). */
async function readAtMost(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(bytes.subarray(0, limit - size));
    size += Math.min(bytes.length, limit - size);
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** DNS lookups cannot be aborted: stop waiting for one when the attempt's time is up. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
