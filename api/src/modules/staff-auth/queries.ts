import type { EntityManager } from '@mikro-orm/postgresql';
import { query, sql } from '../../db/sql.js';

// The staff sign-in statements that are not plain entity reads.

// staff_accounts_email_lower_unique
const ACCOUNT_ID_BY_EMAIL = sql<{ email: string }>(
  'staff-account-id-by-email',
  'select id from staff_accounts where lower(email) = lower(:email)',
);
/** The staff account with this email (case-insensitive). */
export const staffAccountIdByEmail = async (em: EntityManager, params: { email: string }) =>
  (await query<{ id: number }, typeof params>(em, ACCOUNT_ID_BY_EMAIL, params))[0];

const SESSION = sql<{ sessionId: string }>(
  'staff-session',
  `select a.id as staff_id, a.email, a.active, s.expires_at, s.revoked_at
     from staff_sessions s join staff_accounts a on a.id = s.staff_id
    where s.id = :sessionId`,
);
/** A session (a token's jti) with its account's id, email and whether it is active. */
export const sessionWithAccount = async (em: EntityManager, params: { sessionId: string }) =>
  (
    await query<
      {
        staff_id: number;
        email: string;
        active: boolean;
        expires_at: Date;
        revoked_at: Date | null;
      },
      typeof params
    >(em, SESSION, params)
  )[0];
