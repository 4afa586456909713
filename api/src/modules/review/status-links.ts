import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { STATUS_LINK_DAYS } from '../../../../shared/review.js';
import { StatusToken } from '../../db/entities/index.js';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.js';

// A registrant's personal status link: 32 random bytes (base64url) in the address, only their
// sha256 on file, tied to one registration, valid STATUS_LINK_DAYS days.

const DAY_MS = 86_400_000;

export const statusPath = (formHash: string, token: string) =>
  `/form/${encodeURIComponent(formHash)}/status/${token}`;

/** A new link: its address, its last day, and the row that makes it work once stored. */
export function newStatusLink(
  registration: { id: number; formHash: string },
  publicUrl: string,
  now: Date = new Date(),
) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + STATUS_LINK_DAYS * DAY_MS);
  return {
    url: `${publicUrl}${statusPath(registration.formHash, token)}`,
    expiresOn: todayInProgramZone(expiresAt),
    row: { registrationId: registration.id, tokenHash: hashSecretToken(token), expiresAt },
  };
}

/**
 * A new link for the registration, staged in the caller's transaction (it exists only if the
 * decision that sends it commits). Answers the address and the last day it works.
 */
export function issueStatusLink(
  em: EntityManager,
  registration: { id: number; formHash: string },
  publicUrl: string,
  now: Date = new Date(),
): { url: string; expiresOn: string } {
  const { url, expiresOn, row } = newStatusLink(registration, publicUrl, now);
  em.create(StatusToken, {
    registration: row.registrationId,
    tokenHash: row.tokenHash,
    expiresAt: row.expiresAt,
    usedAt: null,
  });
  return { url, expiresOn };
}
