import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAccountPhoneRequest } from '../../../../shared/account.js';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { UPDATE_PHONE } from './record-queries.js';

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
