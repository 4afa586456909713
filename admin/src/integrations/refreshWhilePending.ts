import type { TWebhookDeliveryRecord } from '../../../shared/webhook-endpoints';

/** How often a screen showing a delivery about to be attempted reads it again. */
const PENDING_REFRESH_MS = 3_000;
/** A retry due later than this is not waited for on screen. */
const SOON_MS = 60_000;

type TShown = Pick<TWebhookDeliveryRecord, 'status' | 'next_attempt_at'>;

const dueSoon = (delivery: TShown, now: number) =>
  delivery.status === 'pending' &&
  (delivery.next_attempt_at === null || Date.parse(delivery.next_attempt_at) - now < SOON_MS);

/** react-query's refetchInterval: again soon while a delivery shown is about to go, else never. */
export function refreshWhilePending(deliveries: readonly TShown[] | undefined): number | false {
  const now = Date.now();
  return deliveries?.some((delivery) => dueSoon(delivery, now)) ? PENDING_REFRESH_MS : false;
}
