import type { EntityManager } from '@mikro-orm/postgresql';
import { json, query, type SqlPart, type StatementRunner, sql } from '../../db/sql.js';
import type { RecordedEvent } from './events.js';

/** The insert of a jsonb list of RecordedEvent (`e`) with `data` as its data, `e` joined by `join`. */
function eventsInsertText(data: string, join = ''): string {
  return `insert into webhook_events (type, organization_ids, data, dedupe_key)
   select e.type, array(select distinct jsonb_array_elements_text(e."organizationIds")::int),
     ${data}, e."dedupeKey"
     from jsonb_to_recordset(:webhookEvents::jsonb)
       as e(type text, "organizationIds" jsonb, data jsonb, "dedupeKey" text)
     ${join}
   on conflict (dedupe_key) do nothing`;
}

/**
 * Many events as one insert (a jsonb list of RecordedEvent), for statements in plain SQL and
 * work that records hundreds at once (the night's run, reminders); an event whose dedupeKey is
 * already recorded is skipped. Run it in the transaction of the changes it tells; it can stand
 * as a WITH part.
 */
export const webhookEventsInsert: SqlPart<RecordedEvent[], { webhookEvents: string }> = {
  text: eventsInsertText('e.data'),
  values: (events) => ({ webhookEvents: json(events) }),
};

const RECORD_WEBHOOK_EVENTS = sql<{ webhookEvents: string }>(
  'record-webhook-events',
  webhookEventsInsert.text,
);

/** Records many events in one statement, in the caller's transaction (a keyed one once). */
export async function recordWebhookEvents(
  db: EntityManager | StatementRunner,
  events: RecordedEvent[],
): Promise<void> {
  if (events.length > 0) await query(db, RECORD_WEBHOOK_EVENTS, webhookEventsInsert.values(events));
}

/**
 * The events of registrations the same statement inserts, as a WITH part after one named
 * `registered` (columns id, user_id): each event's data gains the registration_id of the
 * registration of its person_id (an event whose person has none is not recorded).
 */
export const registeredEventsInsert: SqlPart<RecordedEvent[], { webhookEvents: string }> = {
  text: eventsInsertText(
    `e.data || jsonb_build_object('registration_id', r.id)`,
    `join registered r on r.user_id = (e.data->>'person_id')::int`,
  ),
  values: webhookEventsInsert.values,
};

/**
 * The events of changes an UPDATE of the same statement made, as a WITH part after one named
 * `changed` (column id): each event whose data's `:eventKey` is the id of a changed row is
 * recorded, the others (a row another writer changed first) are not.
 */
export const changedEventsInsert = (
  eventKey: string,
): SqlPart<RecordedEvent[], { webhookEvents: string }> => ({
  text: eventsInsertText('e.data', `join changed c on c.id = (e.data->>'${eventKey}')::int`),
  values: webhookEventsInsert.values,
});

/** A person as person.updated names them, with the organizations they are registered with. */
export const PERSON_EVENT_FACTS = sql<{ userId: number }>(
  'webhook-person-facts',
  `select u.id, u.first_name, u.last_name,
          array(select distinct r.organization_id from registrations r where r.user_id = u.id
                 order by 1) as organization_ids
     from users u where u.id = :userId`,
);
