import type { EntityManager } from '@mikro-orm/postgresql';
import type { EndpointPolicy } from './addresses.js';
import { type DeliveryAttempt, deliverWebhook, MAX_RESPONSE_BYTES } from './deliver.js';
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
  const attempts = await Promise.all(
    claimed.map(async (delivery) => {
      const attemptedAt = now();
      const secrets = signingSecrets(delivery, options.secretKey);
      const attempt =
        secrets instanceof Error
          ? unsignable(secrets)
          : await deliverWebhook({
              url: delivery.url,
              webhookId: delivery.webhookId,
              event: {
                type: delivery.type,
                timestamp: new Date(delivery.occurredAt),
                data: delivery.data,
              },
              secrets,
              policy: options.policy,
              trustedCertificates: options.trustedCertificates,
            });
      return { delivery, attempt, attemptedAt };
    }),
  );
  await recordBatch(em, attempts, options);
  const sent = attempts.filter(({ attempt }) => attempt.ok).length;
  return { sent, failed: attempts.length - sent };
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
