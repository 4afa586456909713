import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrganizationRole } from '../../../../shared/organization-roles.js';
import type { TStaffRole } from '../../../../shared/staff-roles.js';
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

// An organization's person's role comes from their membership of the session's organization
// (organization_memberships_staff_organization_unique): none once they were removed from it.
const SESSION = sql<{ sessionId: string }>(
  'staff-session',
  `select a.id as staff_id, a.email, a.role, a.active, a.totp_enabled_at,
          s.expires_at, s.revoked_at, s.last_seen_at,
          m.organization_id, m.role as organization_role,
          coalesce(o.require_two_factor, false) as organization_requires_two_factor
     from staff_sessions s join staff_accounts a on a.id = s.staff_id
     left join organization_memberships m
       on m.staff_id = a.id and m.organization_id = s.organization_id and a.role is null
     left join organizations o on o.id = m.organization_id
    where s.id = :sessionId`,
);
/** A session (a token's jti) with its account's id, email, role, organization and state. */
export const sessionWithAccount = async (em: EntityManager, params: { sessionId: string }) =>
  (
    await query<
      {
        staff_id: number;
        email: string;
        role: TStaffRole | null;
        active: boolean;
        totp_enabled_at: Date | null;
        expires_at: Date;
        revoked_at: Date | null;
        last_seen_at: Date;
        organization_id: number | null;
        organization_role: TOrganizationRole | null;
        organization_requires_two_factor: boolean;
      },
      typeof params
    >(em, SESSION, params)
  )[0];

const TOUCH_SESSION = sql<{ sessionId: string }>(
  'staff-session-touch',
  `update staff_sessions set last_seen_at = now()
    where id = :sessionId and last_seen_at < now() - interval '1 minute'`,
);
/** Moves a session's last sighting to now, unless another request did within the minute. */
export const touchSession = async (em: EntityManager, params: { sessionId: string }) => {
  await query(em, TOUCH_SESSION, params);
};

// Takes the rows of every active Administrator who can sign in, so two changes that would each
// leave one Administrator wait for each other instead of leaving none.
const ACTIVE_ADMINISTRATORS = sql(
  'staff-active-administrators',
  `select id from staff_accounts
    where role = 'administrator' and active
      and (password_hash is not null or google_subject is not null)
    order by id for update`,
);
/** Ids of the active Administrators who can sign in, locked until the transaction ends. */
export const lockActiveAdministrators = async (em: EntityManager) =>
  (await query<{ id: number }, Record<string, never>>(em, ACTIVE_ADMINISTRATORS, {})).map(
    (row) => row.id,
  );

// staff_recovery_codes_staff_idx; a code is spent by the statement that finds it.
const SPEND_RECOVERY_CODE = sql<{ staffId: number; codeHash: string }>(
  'staff-recovery-code-spend',
  `update staff_recovery_codes set used_at = now()
    where staff_id = :staffId and code_hash = :codeHash and used_at is null
    returning id`,
);
/** Spends an unused recovery code of the account; answers whether there was one. */
export const spendRecoveryCode = async (
  em: EntityManager,
  params: { staffId: number; codeHash: string },
) => (await query<{ id: number }, typeof params>(em, SPEND_RECOVERY_CODE, params)).length > 0;

// A code's 30-second step is taken by the statement that accepts it: never twice, even by two
// processes at once.
const TAKE_TOTP_STEP = sql<{ staffId: number; step: number }>(
  'staff-totp-step-take',
  `update staff_accounts set totp_last_step = :step
    where id = :staffId and (totp_last_step is null or totp_last_step < :step)
    returning id`,
);
/** Records the step of an accepted code; answers false when it (or a later one) was used. */
export const takeTotpStep = async (em: EntityManager, params: { staffId: number; step: number }) =>
  (await query<{ id: number }, typeof params>(em, TAKE_TOTP_STEP, params)).length > 0;
