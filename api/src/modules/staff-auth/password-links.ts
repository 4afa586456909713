import type { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_ROLE_LABELS } from '../../../../shared/staff-roles.js';
import {
  StaffPasswordLink,
  type TStaffAccount,
  type TStaffPasswordLink,
} from '../../db/entities/index.js';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.js';
import { stageEmail } from '../email/outbox.js';

// Invitation and password-reset links: 256 random bits, of which only the SHA-256 is kept; valid
// 72 hours, once; a newer link of the account replaces any earlier one. The token travels in the
// address's fragment, which browsers send to no server and no Referer.

export const PASSWORD_LINK_HOURS = 72;
type PasswordLinkPurpose = TStaffPasswordLink['purpose'];

/** The console page that takes the token. */
const passwordLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/scadmin/set-password#token=${token}`;

/**
 * Makes a new link for the account (ending any earlier unused one) and stages its email in the
 * caller's unit of work; the caller flushes. An invitation says what the person is invited as:
 * their staff role, or their role in an organization (`invitedAs`).
 */
export async function stagePasswordLink(
  em: EntityManager,
  account: TStaffAccount,
  purpose: PasswordLinkPurpose,
  publicUrl: string,
  invitedAs: string = account.role ? STAFF_ROLE_LABELS[account.role] : '',
): Promise<void> {
  const now = new Date();
  await em.nativeUpdate(StaffPasswordLink, { staff: account.id, usedAt: null }, { usedAt: now });
  const token = newSecretToken();
  const link = em.create(StaffPasswordLink, {
    staff: account,
    purpose,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + PASSWORD_LINK_HOURS * 3_600_000),
    usedAt: null,
  });
  const url = passwordLinkUrl(publicUrl, token);
  const invite = purpose === 'invite';
  stageEmail(em, {
    dedupeKey: `staff-password-link:${link.tokenHash}`,
    kind: invite ? 'staff-invite' : 'staff-password-reset',
    recipients: [account.email],
    subject: invite
      ? 'You are invited to the Backflow Admin Console'
      : 'Reset your Backflow Admin Console password',
    textBody: [
      invite
        ? `You have been invited to the Backflow Admin Console as ${invitedAs}.`
        : 'A password reset was requested for your Backflow Admin Console account.',
      '',
      `Choose your password here: ${url}`,
      '',
      `The link works once, within ${PASSWORD_LINK_HOURS} hours.` +
        (invite ? '' : ' If you did not expect it, you can ignore this message.'),
    ].join('\n'),
  });
}

/** The unused, unexpired link with this token, with its account; null otherwise. */
export async function findPasswordLink(
  em: EntityManager,
  token: string,
): Promise<(TStaffPasswordLink & { staff: TStaffAccount }) | null> {
  const link = await em.findOne(
    StaffPasswordLink,
    { tokenHash: hashSecretToken(token), usedAt: null, expiresAt: { $gt: new Date() } },
    { populate: ['staff'] },
  );
  if (!link?.staff.active) return null;
  return link as TStaffPasswordLink & { staff: TStaffAccount };
}

/** Marks the link used; answers false when another request used it first. */
export async function spendPasswordLink(em: EntityManager, linkId: number): Promise<boolean> {
  return (
    (await em.nativeUpdate(
      StaffPasswordLink,
      { id: linkId, usedAt: null },
      { usedAt: new Date() },
    )) > 0
  );
}
