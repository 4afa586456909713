import type { EntityManager } from '@mikro-orm/postgresql';
import { json, query, sql } from '../../db/sql.js';

/** A claimed delivery with what its attempt needs: the event and the endpoint's secrets. */
export interface ClaimedDelivery {
  id: number;
  /** This attempt's number, counted from 1 (the claim counts it). */
  attempt: number;
  endpointId: number;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: string | null;
  webhookId: string;
  type: string;
  occurredAt: string;
  data: unknown;
}

// webhook_deliveries_due_idx. A claim is a lease: the attempt runs outside any transaction and
// a process killed during it leaves the lease to run out, after which any instance claims the
// delivery again, with the same event and so the same webhook-id. SKIP LOCKED keeps two
// instances' claims apart; a disabled endpoint's deliveries wait for it to be enabled again.
const CLAIM_DUE = sql<{ now: Date; leaseSeconds: number; limit: number }>(
  'webhook-claim-due',
  `with due as (
     select d.id from webhook_deliveries d
       join webhook_endpoints ep on ep.id = d.endpoint_id and ep.disabled_at is null
      where d.status = 'pending' and d.next_attempt_at <= :now
        and (d.locked_until is null or d.locked_until <= :now)
      order by d.next_attempt_at, d.id
      limit :limit
      for update of d skip locked
   )
   update webhook_deliveries d
      set attempts = d.attempts + 1,
          locked_until = :now::timestamptz + make_interval(secs => :leaseSeconds)
     from due, webhook_events e, webhook_endpoints ep
    where d.id = due.id and e.id = d.event_id and ep.id = d.endpoint_id
   returning d.id::int as "id", d.attempts as "attempt", ep.id as "endpointId", ep.url,
     ep.secret_sealed as "secretSealed", ep.previous_secret_sealed as "previousSecretSealed",
     ep.previous_secret_until as "previousSecretUntil", e.webhook_id as "webhookId", e.type,
     e.occurred_at as "occurredAt", e.data`,
);
export const claimDueDeliveries = (
  em: EntityManager,
  params: { now: Date; leaseSeconds: number; limit: number },
) => query<ClaimedDelivery, typeof params>(em, CLAIM_DUE, params);

/** What one attempt met: the delivery log's row and what follows for the delivery. */
export type AttemptOutcome = {
  deliveryId: number;
  attempt: number;
  attemptedAt: string;
  durationMs: number;
  /** Any 2xx. */
  ok: boolean;
  responseStatus: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  responseBody: string | null;
  /** When a failed delivery is tried again; null once its attempts are spent. */
  nextAttemptAt: string | null;
};

// One statement per batch of attempts: their log rows, each delivery's state (only while the
// claim is still this attempt's: a lease that ran out and was claimed again belongs to the newer
// attempt) and each endpoint's failure clock (cleared by a success, started by a first failure).
const RECORD_OUTCOMES = sql<{ outcomes: string }>(
  'webhook-record-outcomes',
  `with o as (
     select * from jsonb_to_recordset(:outcomes::jsonb) as o("deliveryId" bigint, attempt int,
       "attemptedAt" timestamptz, "durationMs" int, ok boolean, "responseStatus" int,
       "errorCode" text, "errorMessage" text, "responseBody" text, "nextAttemptAt" timestamptz)
   ), logged as (
     insert into webhook_attempts (delivery_id, attempt, attempted_at, duration_ms,
       response_status, error_code, error_message, response_body)
     select "deliveryId", attempt, "attemptedAt", "durationMs", "responseStatus", "errorCode",
       "errorMessage", "responseBody" from o
   ), settled as (
     update webhook_deliveries d
        set status = case when o.ok then 'delivered'
                          when o."nextAttemptAt" is null then 'failed' else 'pending' end,
            delivered_at = case when o.ok
              then o."attemptedAt" + make_interval(secs => o."durationMs" / 1000.0) end,
            next_attempt_at = coalesce(o."nextAttemptAt", d.next_attempt_at),
            locked_until = null, last_response_status = o."responseStatus"
       from o
      where d.id = o."deliveryId" and d.attempts = o.attempt and d.status = 'pending'
     returning d.endpoint_id, o.ok, o."attemptedAt"
   ), by_endpoint as (
     select endpoint_id, bool_or(ok) as succeeded, min("attemptedAt") as first_attempt
       from settled group by endpoint_id
   )
   update webhook_endpoints ep
      set failing_since = case when b.succeeded then null
                               else coalesce(ep.failing_since, b.first_attempt) end
     from by_endpoint b
    where ep.id = b.endpoint_id
   returning ep.id as "endpointId", ep.failing_since as "failingSince"`,
);
/** Records a batch's outcomes; answers each endpoint concerned with its failure clock. */
export const recordOutcomes = (em: EntityManager, outcomes: AttemptOutcome[]) =>
  query<{ endpointId: number; failingSince: string | null }, { outcomes: string }>(
    em,
    RECORD_OUTCOMES,
    { outcomes: json(outcomes) },
  );

const DISABLE = sql<{ id: number; at: Date; reason: string }>(
  'webhook-endpoint-disable',
  `update webhook_endpoints set disabled_at = :at, disabled_reason = :reason, updated_at = :at
    where id = :id and disabled_at is null
   returning id, url, failing_since as "failingSince"`,
);
/** Disables an endpoint still enabled; answers it when this call disabled it. */
export const disableEndpoint = (
  em: EntityManager,
  params: { id: number; at: Date; reason: string },
) => query<{ id: number; url: string; failingSince: string }, typeof params>(em, DISABLE, params);

const ADMINISTRATOR_EMAILS = sql(
  'webhook-administrator-emails',
  `select email from staff_accounts where role = 'administrator' and active order by id`,
);
export const administratorEmails = async (em: EntityManager) =>
  (await query<{ email: string }, Record<string, never>>(em, ADMINISTRATOR_EMAILS, {})).map(
    (row) => row.email,
  );

const NEXT_DUE = sql(
  'webhook-next-due',
  `select min(d.next_attempt_at) as "nextAt" from webhook_deliveries d
     join webhook_endpoints ep on ep.id = d.endpoint_id and ep.disabled_at is null
    where d.status = 'pending'`,
);
/** When the soonest waiting delivery is due (a retry), or null. */
export const nextDueAt = async (em: EntityManager) => {
  const nextAt = (
    await query<{ nextAt: string | null }, Record<string, never>>(em, NEXT_DUE, {})
  )[0]?.nextAt;
  return nextAt ? new Date(nextAt) : null;
};

/** How long the delivery log keeps an event whose deliveries are done (Svix keeps 90 days). */
export const LOG_RETENTION_DAYS = 90;

// webhook_events_occurred_idx; deliveries and attempts go with their event (cascade). A few
// thousand at a time, so no statement holds many rows' locks for long.
const FORGET_OLD_EVENTS = sql<{ before: Date; limit: number }>(
  'webhook-forget-old-events',
  `delete from webhook_events where id in (
     select e.id from webhook_events e
      where e.occurred_at < :before
        and not exists (select 1 from webhook_deliveries d
                         where d.event_id = e.id and d.status = 'pending')
      order by e.occurred_at limit :limit)
   returning id`,
);
/** Deletes up to `limit` events older than `before` that nothing waits to send; answers how many. */
export const forgetOldEvents = async (em: EntityManager, params: { before: Date; limit: number }) =>
  (await query<{ id: number }, typeof params>(em, FORGET_OLD_EVENTS, params)).length;
