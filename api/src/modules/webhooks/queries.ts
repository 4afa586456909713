import { json, type SqlPart } from '../../db/sql.js';
import type { RecordedEvent } from './events.js';

/**
 * Many events as one insert (a jsonb list of RecordedEvent), for statements in plain SQL and
 * work that records hundreds at once (the night's run, reminders); an event whose dedupeKey is
 * already recorded is skipped. Run it in the transaction of the changes it tells; it can stand
 * as a WITH part.
 */
export const webhookEventsInsert: SqlPart<RecordedEvent[], { webhookEvents: string }> = {
  text: `insert into webhook_events (type, organization_ids, data, dedupe_key)
   select e.type, array(select distinct jsonb_array_elements_text(e."organizationIds")::int),
     e.data, e."dedupeKey"
     from jsonb_to_recordset(:webhookEvents::jsonb)
       as e(type text, "organizationIds" jsonb, data jsonb, "dedupeKey" text)
   on conflict (dedupe_key) do nothing`,
  values: (events) => ({ webhookEvents: json(events) }),
};
