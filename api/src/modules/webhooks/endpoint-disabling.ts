import type { EntityManager } from '@mikro-orm/postgresql';
import { stageEmail } from '../email/outbox.js';
import { administratorEmails, disableEndpoint } from './dispatch-queries.js';
import { DISABLE_AFTER_MS } from './schedule.js';

const DAYS = Math.round(DISABLE_AFTER_MS / (24 * 60 * 60 * 1000));

/**
 * Disables an endpoint that has failed without a success for three days and tells every active
 * Administrator, in the transaction that recorded the failure: the email leaves once, with the
 * endpoint's disabling, whichever instance saw the failure.
 */
export async function disableFailingEndpoint(
  tx: EntityManager,
  failure: { endpointId: number; at: Date; lastFailure: string; publicUrl: string },
): Promise<void> {
  const reason = `No delivery succeeded for ${DAYS} days; the last attempt: ${failure.lastFailure}`;
  const [disabled] = await disableEndpoint(tx, {
    id: failure.endpointId,
    at: failure.at,
    reason,
  });
  if (!disabled) return;
  const recipients = await administratorEmails(tx);
  if (recipients.length === 0) return;
  const since = new Date(disabled.failingSince).toISOString();
  stageEmail(tx, {
    dedupeKey: `webhook-endpoint-disabled:${disabled.id}:${since}`,
    kind: 'webhook-endpoint-disabled',
    recipients,
    subject: 'A webhook endpoint was disabled',
    textBody: [
      `The webhook endpoint ${disabled.url} was disabled: every delivery to it has failed since ${since}.`,
      '',
      `Last attempt: ${failure.lastFailure}`,
      '',
      'Events still waiting for it are kept and sent once it is enabled again; those whose',
      'attempts ran out can be sent again from its delivery log. Check the receiver, then enable',
      `the endpoint on the Integrations screen: ${failure.publicUrl}/scadmin/integrations`,
    ].join('\n'),
  });
}
