import { randomBytes } from 'node:crypto';

/** Hashes are 43 characters; anything that could not be one is unknown without a query. */
export const FORM_HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A registration link's secret: 256 random bits, URL-safe (43 characters). */
export function newFormHash(): string {
  return randomBytes(32).toString('base64url');
}

export function formUrl(publicUrl: string, formHash: string): string {
  return `${publicUrl}/form/${formHash}`;
}
