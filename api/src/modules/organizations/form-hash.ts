import { newSecretToken } from '../../security/secret-tokens.js';

/** A registration link's secret: 256 random bits, URL-safe (43 characters). */
export function newFormHash(): string {
  return newSecretToken();
}

export function formUrl(publicUrl: string, formHash: string): string {
  return `${publicUrl}/form/${formHash}`;
}
