import { createHash } from 'node:crypto';
import { MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { AppError } from '../../errors.js';
import type { StoredSubmission } from './queries.js';

// A retried final submit (same Idempotency-Key, same body) gets the first answer back and
// creates nothing; the same key with another body is refused. Only accepted submits are kept:
// a refused one created nothing, so its retry (often with corrections) simply runs again.

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The header's value, checked; undefined when the client sent none. */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw AppError.badRequest(
      'The Idempotency-Key header must be 8 to 100 letters, digits, dots, colons or dashes.',
    );
  }
  return key;
}

/** Far deeper than any registration; a deeper body is refused instead of walked. */
const MAX_BODY_DEPTH = 32;

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_BODY_DEPTH) throw AppError.badRequest('The request body is nested too deeply.');
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The stored answer for this body; the same key with another body is refused. */
export function replayOf(stored: StoredSubmission, hash: string): TApiAnswer {
  if (stored.requestHash !== hash) throw AppError.conflict(MESSAGES.submissionKeyReused);
  return stored.response as TApiAnswer;
}
