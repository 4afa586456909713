import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAccountDirectoryRequest, TAccountPhoneRequest } from '../../../../shared/account.js';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import type { TUserType } from '../../../../shared/constants.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { recordPersonChanges } from '../webhooks/person-events.js';
import { UPDATE_DIRECTORY_HIDDEN, UPDATE_PHONE } from './record-queries.js';

// Changes a registrant makes to their own person. Each is audited as made by the registrant
// (their email, no staff id) in the same transaction as the change.

export async function changePhone(
  em: EntityManager,
  userId: number,
  request: TAccountPhoneRequest,
): Promise<TApiAnswer<string>> {
  await em.transactional(async (tx) => {
    const [changed] = await query<
      { before_phone: string; email: string },
      { userId: number; phone: string }
    >(tx, UPDATE_PHONE, { userId, phone: request.phone });
    if (!changed) throw AppError.unauthorized();
    await recordPersonChanges(tx, userId, { phone: [changed.before_phone, request.phone] });
    recordAudit(
      tx,
      { id: null, email: changed.email },
      {
        action: 'account_update',
        entityType: 'user',
        entityId: userId,
        before: { phone: changed.before_phone },
        after: { phone: request.phone },
      },
    );
  });
  return { code: CODES.success, message: MESSAGES.accountPhoneSaved };
}

/**
 * A tester's choice not to be listed in any organization's public directory, or to be listed
 * again: one setting of the person across all their organizations. Admins are never listed.
 */
export async function changeDirectoryListing(
  em: EntityManager,
  userId: number,
  request: TAccountDirectoryRequest,
): Promise<TApiAnswer<string>> {
  await em.transactional(async (tx) => {
    const [changed] = await query<
      { before_hidden: boolean; type: TUserType; email: string },
      { userId: number; hidden: boolean }
    >(tx, UPDATE_DIRECTORY_HIDDEN, { userId, hidden: request.hidden });
    if (!changed) throw AppError.unauthorized();
    // Thrown inside the transaction: nothing is kept.
    if (changed.type !== 'tester') throw AppError.badRequest(MESSAGES.accountDirectoryTestersOnly);
    await recordPersonChanges(tx, userId, {
      directory_hidden: [changed.before_hidden, request.hidden],
    });
    recordAudit(
      tx,
      { id: null, email: changed.email },
      {
        action: 'account_update',
        entityType: 'user',
        entityId: userId,
        before: { directoryHidden: changed.before_hidden },
        after: { directoryHidden: request.hidden },
      },
    );
  });
  return {
    code: CODES.success,
    message: request.hidden ? MESSAGES.accountDirectoryHidden : MESSAGES.accountDirectoryListed,
  };
}
