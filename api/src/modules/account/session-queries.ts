import { sql } from '../../db/sql.js';

// The statements of signing in to My registrations: sign-in links, sessions and the change of
// email (who the person is).

/**
 * A sign-in link for the person with this email, if there is one, and its message staged in the
 * outbox, in one statement whether or not the email is registered (so the answer takes the same
 * time). A newer link replaces the person's earlier one (one row per person). The message goes
 * to the address on file.
 */
export const STAGE_SIGN_IN_LINK = sql<{
  email: string;
  tokenHash: string;
  expiresAt: Date;
  dedupeKey: string;
  kind: string;
  subject: string;
  textBody: string;
}>(
  'account-stage-sign-in-link',
  `with person as (select id, email from users where lower(email) = lower(:email)),
   link as (
     insert into account_sign_in_links (user_id, token_hash, expires_at)
     select id, :tokenHash, :expiresAt from person
     on conflict (user_id) do update
        set token_hash = excluded.token_hash, expires_at = excluded.expires_at, created_at = now()
     returning user_id),
   message as (
     insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, status, attempts,
       next_attempt_at)
     select :dedupeKey, :kind, array[person.email], :subject, :textBody, 'pending', 0, now()
       from person join link on link.user_id = person.id
     on conflict (dedupe_key) do nothing)
   select count(*)::int as staged from link`,
);

/**
 * Uses a sign-in link (it works once: the row goes) and starts a session for its person, in one
 * statement; answers nothing when the link is unknown, used or expired.
 */
export const START_SESSION = sql<{ linkHash: string; sessionHash: string; longestHours: number }>(
  'account-start-session',
  `with used as (
     delete from account_sign_in_links
      where token_hash = :linkHash and expires_at > now()
     returning user_id)
   insert into account_sessions (user_id, token_hash, last_seen_at, expires_at)
   select user_id, :sessionHash, now(), now() + make_interval(hours => :longestHours) from used
   returning user_id`,
);

/**
 * The person of a live session (not idle past :idleMinutes, not past its end). The session's
 * last call is moved forward at most once a minute, so most calls write nothing.
 */
export const SESSION_PERSON = sql<{ sessionHash: string; idleMinutes: number }>(
  'account-session-person',
  `with live as (
     select id, user_id, last_seen_at from account_sessions
      where token_hash = :sessionHash and expires_at > now()
        and last_seen_at > now() - make_interval(mins => :idleMinutes)),
   touched as (
     update account_sessions s set last_seen_at = now()
       from live where s.id = live.id and live.last_seen_at < now() - interval '1 minute')
   select user_id from live`,
);

export const END_SESSION = sql<{ sessionHash: string }>(
  'account-end-session',
  'delete from account_sessions where token_hash = :sessionHash',
);

/** Sessions that can no longer be used (idle too long or past their end). */
export const DELETE_DEAD_SESSIONS = sql<{ idleMinutes: number }>(
  'account-delete-dead-sessions',
  `delete from account_sessions
    where expires_at <= now() or last_seen_at <= now() - make_interval(mins => :idleMinutes)`,
);

/** The person's change of email, replacing an earlier one; its message to the new address. */
export const STAGE_EMAIL_CHANGE = sql<{
  userId: number;
  newEmail: string;
  tokenHash: string;
  expiresAt: Date;
  dedupeKey: string;
  kind: string;
  subject: string;
  textBody: string;
}>(
  'account-stage-email-change',
  `with change as (
     insert into account_email_changes (user_id, new_email, token_hash, expires_at)
     values (:userId, :newEmail, :tokenHash, :expiresAt)
     on conflict (user_id) do update
        set new_email = excluded.new_email, token_hash = excluded.token_hash,
            expires_at = excluded.expires_at, created_at = now()
     returning id)
   insert into email_outbox (dedupe_key, kind, recipients, subject, text_body, status, attempts,
     next_attempt_at)
   select :dedupeKey, :kind, array[:newEmail::text], :subject, :textBody, 'pending', 0, now()
     from change`,
);

/** Uses a confirmation link (once); answers its person, their email on file and the new one. */
export const TAKE_EMAIL_CHANGE = sql<{ tokenHash: string }>(
  'account-take-email-change',
  `with taken as (
     delete from account_email_changes
      where token_hash = :tokenHash and expires_at > now()
     returning user_id, new_email)
   select t.user_id, t.new_email, u.email as old_email
     from taken t join users u on u.id = t.user_id
      for update of u`,
);

/** Whether another person has this email. */
export const EMAIL_TAKEN = sql<{ userId: number; email: string }>(
  'account-email-taken',
  `select exists (select 1 from users where lower(email) = lower(:email) and id <> :userId)
            as taken`,
);

export const SET_EMAIL = sql<{ userId: number; email: string }>(
  'account-set-email',
  'update users set email = :email, updated_at = now() where id = :userId',
);
