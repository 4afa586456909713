import type { EntityManager } from '@mikro-orm/postgresql';
import type { TWebhookEventType, WebhookEventData } from '../../../../shared/integrations.js';
import { type TWebhookEvent, WebhookEvent } from '../../db/entities/index.js';

// Events are recorded like emails are staged: in the transaction of the change they tell, so a
// rollback leaves none and a commit always has one. The insert itself writes a delivery for each
// endpoint that wants the event and notifies the senders (triggers, migrations), so no caller
// has anything to remember after recording.

export interface RecordedEvent {
  type: TWebhookEventType;
  /** The organizations the change concerns: endpoints scoped to one of them receive it. */
  organizationIds: number[];
  /** Ids of what changed and a sentence for a person; never a document. */
  data: WebhookEventData;
  /**
   * Set when the same change could be recorded again (a rerun night, a repeated reminder):
   * a second event with the key is not recorded.
   */
  dedupeKey?: string;
}

/**
 * Records an event in the caller's unit of work: written by the same flush, in the same
 * transaction, as the change. For work written in plain SQL, see webhookEventsInsert
 * (queries.ts); an event with a dedupeKey already recorded must go through that one.
 */
export function recordWebhookEvent(em: EntityManager, event: RecordedEvent): TWebhookEvent {
  return em.create(WebhookEvent, {
    type: event.type,
    organizationIds: [...new Set(event.organizationIds)],
    data: event.data,
    dedupeKey: event.dedupeKey ?? null,
  });
}
