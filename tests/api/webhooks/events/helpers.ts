import type { TestApp } from '../../../helpers/app.js';

// The events a change recorded, read straight from webhook_events.

export interface EventRow {
  type: string;
  organization_ids: number[];
  data: Record<string, unknown>;
  dedupe_key: string | null;
}

const sql = <T>(t: TestApp, text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

/** The events whose data names this registration, oldest first. */
export const eventsOfRegistration = (t: TestApp, registrationId: number) =>
  sql<EventRow>(
    t,
    `select type, organization_ids, data, dedupe_key from webhook_events
      where data->>'registration_id' = ? order by id`,
    [String(registrationId)],
  );

/** The events whose data names this person, oldest first. */
export const eventsOfPerson = (t: TestApp, personId: number, type: string) =>
  sql<EventRow>(
    t,
    `select type, organization_ids, data, dedupe_key from webhook_events
      where type = ? and data->>'person_id' = ? order by id`,
    [type, String(personId)],
  );

/** The events whose data's `field` is `id`, of one type, oldest first. */
export const eventsNaming = (t: TestApp, type: string, field: string, id: number) =>
  sql<EventRow>(
    t,
    `select type, organization_ids, data, dedupe_key from webhook_events
      where type = ? and data->>? = ? order by id`,
    [type, field, String(id)],
  );

/** How many events are recorded in all. */
export async function eventCount(t: TestApp): Promise<number> {
  const [row] = await sql<{ n: number }>(t, 'select count(*)::int as n from webhook_events');
  return row?.n ?? 0;
}

/** The types of a registration's events, oldest first. */
export const typesOf = async (t: TestApp, registrationId: number) =>
  (await eventsOfRegistration(t, registrationId)).map((event) => event.type);
