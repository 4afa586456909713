import type { EntityManager } from '@mikro-orm/postgresql';
import type { EndpointPolicy } from './addresses.js';
import {
  connectEndpoint,
  DELIVERY_TIMEOUT_MS,
  type DeliveryAttempt,
  type EndpointConnection,
  failedBeforeSending,
  MAX_RESPONSE_BYTES,
  postEvent,
} from './deliver.js';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  recordOutcomes,
} from './dispatch-queries.js';
import { disableFailingEndpoint } from './endpoint-disabling.js';
import { nextAttemptAt, shouldDisableEndpoint } from './schedule.js';
import { decryptSecret } from './secret-box.js';
import type { SigningSecrets } from './signing.js';

/** Deliveries claimed at once; they are attempted side by side. */
export const DISPATCH_BATCH = 32;
/** How long a claim holds: well past an attempt's 10 s, so only a dead process lets one lapse. */
export const LEASE_SECONDS = 60;

export interface DispatchOptions {
  secretKey: Buffer;
  policy: EndpointPolicy;
  publicUrl: string;
  /** PEM certificates trusted besides the system's (local https receivers in tests). */
  trustedCertificates?: string[];
  /**
   * The pass's clock: what is due, and when a retry is (tests move it to reach one). Signatures
   * always carry the real time, which receivers check.
   */
  now?: () => Date;
  batchSize?: number;
}

export interface DispatchResult {
  /** Named as the email sender counts: attempts that succeeded and attempts that failed. */
  sent: number;
  failed: number;
}

/**
 * One pass: claims up to a batch of due deliveries, attempts them side by side outside any
 * transaction, and records their outcomes in one transaction (the attempts, the deliveries'
 * states and the endpoints' failure clocks together). Several instances run passes
 * at once without sharing a delivery: the claim skips what another holds.
 */
export async function dispatchDueWebhooks(
  em: EntityManager,
  options: DispatchOptions,
): Promise<DispatchResult> {
  const now = options.now ?? (() => new Date());
  const claimed = await claimDueDeliveries(em.fork(), {
    now: now(),
    leaseSeconds: LEASE_SECONDS,
    limit: options.batchSize ?? DISPATCH_BATCH,
  });
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  const byEndpoint = new Map<number, ClaimedDelivery[]>();
  for (const delivery of claimed) {
    const group = byEndpoint.get(delivery.endpointId);
    if (group) group.push(delivery);
    else byEndpoint.set(delivery.endpointId, [delivery]);
  }
  const attempts = (
    await Promise.all([...byEndpoint.values()].map((group) => attemptAll(group, options, now)))
  ).flat();
  await recordBatch(em, attempts, options);
  const sent = attempts.filter(({ attempt }) => attempt.ok).length;
  return { sent, failed: attempts.length - sent };
}

/**
 * One endpoint's claimed deliveries: its addresses checked once for the pass, its secrets
 * opened once, then every event posted side by side through the one checked connection.
 */
async function attemptAll(
  group: ClaimedDelivery[],
  options: DispatchOptions,
  now: () => Date,
): Promise<Attempted[]> {
  const [first] = group;
  if (!first) return [];
  const attemptedAt = now();
  const started = performance.now();
  const secrets = signingSecrets(first, options.secretKey);
  if (secrets instanceof Error) {
    return group.map((delivery) => ({ delivery, attempt: unsignable(secrets), attemptedAt }));
  }
  const deadline = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  let connection: EndpointConnection;
  try {
    connection = await connectEndpoint(first.url, options.policy, {
      trustedCertificates: options.trustedCertificates,
      signal: deadline,
    });
  } catch (error) {
    const elapsed = performance.now() - started;
    const attempt = failedBeforeSending(error, deadline, DELIVERY_TIMEOUT_MS, elapsed);
    return group.map((delivery) => ({ delivery, attempt, attemptedAt }));
  }
  try {
    const remainingMs = Math.max(
      1,
      Math.round(DELIVERY_TIMEOUT_MS - (performance.now() - started)),
    );
    return await Promise.all(
      group.map(async (delivery) => {
        const event = {
          type: delivery.type,
          timestamp: new Date(delivery.occurredAt),
          data: delivery.data,
        };
        const sentAt = performance.now();
        const attempt = await postEvent(connection, {
          webhookId: delivery.webhookId,
          event,
          secrets,
          timeoutMs: remainingMs,
        });
        // The attempt's time counts its share of the address check.
        const durationMs = Math.round(attempt.durationMs + (sentAt - started));
        return { delivery, attempt: { ...attempt, durationMs }, attemptedAt };
      }),
    );
  } finally {
    await connection.agent.close().catch(() => undefined);
  }
}

interface Attempted {
  delivery: ClaimedDelivery;
  attempt: DeliveryAttempt;
  attemptedAt: Date;
}

/**
 * The batch's outcomes in one transaction: the log, the deliveries, the endpoints' failure
 * clocks, and the disabling of an endpoint whose clock has run three days.
 */
async function recordBatch(
  em: EntityManager,
  attempts: Attempted[],
  options: DispatchOptions,
): Promise<void> {
  const outcomes: AttemptOutcome[] = attempts.map(({ delivery, attempt, attemptedAt }) => {
    const finishedAt = new Date(attemptedAt.getTime() + attempt.durationMs);
    return {
      deliveryId: delivery.id,
      attempt: delivery.attempt,
      attemptedAt: attemptedAt.toISOString(),
      durationMs: attempt.durationMs,
      ok: attempt.ok,
      responseStatus: attempt.status,
      errorCode: attempt.error?.code ?? null,
      errorMessage: attempt.error?.message.slice(0, 1000) ?? null,
      responseBody: attempt.responseBody?.slice(0, MAX_RESPONSE_BYTES) || null,
      nextAttemptAt: attempt.ok
        ? null
        : (nextAttemptAt(delivery.attempt, finishedAt)?.toISOString() ?? null),
    };
  });
  await em.fork().transactional(async (tx) => {
    const endpoints = await recordOutcomes(tx, outcomes);
    for (const { endpointId, failingSince } of endpoints) {
      const last = attempts.findLast(({ delivery }) => delivery.endpointId === endpointId);
      if (!failingSince || !last) continue;
      const at = new Date(last.attemptedAt.getTime() + last.attempt.durationMs);
      if (shouldDisableEndpoint(new Date(failingSince), at)) {
        await disableFailingEndpoint(tx, {
          endpointId,
          at,
          lastFailure: describeFailure(last.attempt),
          publicUrl: options.publicUrl,
        });
      }
    }
  });
}

/** The endpoint's secrets opened; an Error when WEBHOOK_SECRET_KEY is not the one that sealed them. */
function signingSecrets(delivery: ClaimedDelivery, key: Buffer): SigningSecrets | Error {
  const { previousSecretSealed, previousSecretUntil } = delivery;
  try {
    return {
      current: decryptSecret(delivery.secretSealed, key),
      previous:
        previousSecretSealed && previousSecretUntil
          ? {
              secret: decryptSecret(previousSecretSealed, key),
              until: new Date(previousSecretUntil),
            }
          : undefined,
    };
  } catch (error) {
    return error as Error;
  }
}

/** An attempt that could not be signed: failed like any other, so it is retried and logged. */
function unsignable(error: Error): DeliveryAttempt {
  return {
    ok: false,
    status: null,
    durationMs: 0,
    error: { code: 'signing_secret', message: `not sent: ${error.message}` },
  };
}

function describeFailure(attempt: DeliveryAttempt): string {
  if (attempt.error) return attempt.error.message;
  return `the receiver answered ${attempt.status}`;
}
