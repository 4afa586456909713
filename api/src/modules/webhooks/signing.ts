import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Standard Webhooks (https://www.standardwebhooks.com/): the signature is the base64 HMAC-SHA256
// of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the bytes after `whsec_`.

const SECRET_PREFIX = 'whsec_';
/** The specification asks for 24 to 64 random bytes; Svix and Stripe use 32. */
const SECRET_BYTES = 32;
/** How long the replaced secret keeps signing after a rotation (Svix's choice). */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A new endpoint signing secret: `whsec_` and the base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** An endpoint's secrets: the current one and, during a rotation, the one it replaced. */
export interface SigningSecrets {
  current: string;
  previous?: { secret: string; until: Date } | undefined;
}

/**
 * Replaces the current secret with a new one; the old one keeps signing beside it until
 * `now + overlapMs` so receivers can switch at any moment in that period. Rotating again during
 * the period ends the earlier overlap: only the last replaced secret is kept.
 */
export function rotateSigningSecret(
  secrets: SigningSecrets,
  now: Date,
  overlapMs: number = ROTATION_OVERLAP_MS,
): SigningSecrets {
  return {
    current: generateSigningSecret(),
    previous: { secret: secrets.current, until: new Date(now.getTime() + overlapMs) },
  };
}

/** The secrets that sign at `at`: the current one first, then the replaced one until its end. */
export function activeSigningSecrets(secrets: SigningSecrets, at: Date): string[] {
  const { previous } = secrets;
  return previous && at < previous.until ? [secrets.current, previous.secret] : [secrets.current];
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three Standard Webhooks headers for one attempt. `timestamp` is the attempt's own time
 * (receivers refuse one older than five minutes), so a retry signs again with the same id.
 * During a rotation the signature header carries one `v1,…` per active secret, space-separated.
 */
export function signDelivery(delivery: {
  webhookId: string;
  timestamp: Date;
  body: string;
  secrets: SigningSecrets;
}): SignedHeaders {
  const { webhookId, timestamp, body } = delivery;
  const signatures = activeSigningSecrets(delivery.secrets, timestamp).map((secret) =>
    new Webhook(secret).sign(webhookId, timestamp, body),
  );
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
