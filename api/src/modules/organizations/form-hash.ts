import { randomBytes } from 'node:crypto';

/** A registration link's secret: 256 random bits, URL-safe (43 characters). */
export function newFormHash(): string {
  return randomBytes(32).toString('base64url');
}

export function formUrl(publicUrl: string, formHash: string): string {
  return `${publicUrl}/form/${formHash}`;
}
