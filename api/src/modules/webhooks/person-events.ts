import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql.js';
import { recordWebhookEvent } from './events.js';
import { type PersonFacts, personUpdated, type TPersonField } from './payloads.js';
import { PERSON_EVENT_FACTS } from './queries.js';

/** A field's value before and after a change. */
export type BeforeAfter = readonly [before: unknown, after: unknown];

/**
 * Records person.updated for the fields whose value changed (none changed: nothing is recorded),
 * in the caller's transaction, after the change: the event names the person as they are now,
 * and goes to every organization they are registered with.
 */
export async function recordPersonChanges(
  tx: EntityManager,
  personId: number,
  fields: Partial<Record<TPersonField, BeforeAfter>>,
): Promise<void> {
  const changed = (Object.keys(fields) as TPersonField[]).filter((field) => {
    const [before, after] = fields[field] ?? [];
    return before !== after;
  });
  if (changed.length === 0) return;
  const [person] = await query<PersonFacts, { userId: number }>(tx, PERSON_EVENT_FACTS, {
    userId: personId,
  });
  if (person) recordWebhookEvent(tx, personUpdated(person, changed));
}
