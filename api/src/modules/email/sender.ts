import type { DeliveryResult } from './outbox.js';

// The outbox's sender in one process. Whatever asks it to send (a notification that messages
// were staged, the listener reconnecting, the minute sweep) gets the same thing: one delivery
// at a time that goes on until nothing is due. Other processes' senders are kept off the same
// message by the claim in deliverDueEmails, not here.

export interface Sender {
  /**
   * Delivers what is due. While a delivery runs, requests are folded into exactly one more run
   * after it; resolves once a run that started after the request has finished.
   */
  request(): Promise<void>;
  /** Takes no more requests and waits for the running delivery, if any. */
  close(): Promise<void>;
}

export interface SenderOptions {
  /** One delivery pass: sends at most `batchSize` messages. */
  deliver(): Promise<DeliveryResult>;
  batchSize: number;
  onDelivered(result: DeliveryResult): void;
  onError(error: unknown): void;
}

export function createSender(options: SenderOptions): Sender {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  /** Passes until one sends less than a full batch: a full one may have left more behind it. */
  async function deliverAllDue() {
    for (;;) {
      const result = await options.deliver();
      if (result.sent || result.failed) options.onDelivered(result);
      if (result.sent + result.failed < options.batchSize) return;
    }
  }

  async function run() {
    do {
      again = false;
      await deliverAllDue().catch(options.onError);
    } while (again && !closed);
    running = undefined;
  }

  return {
    request() {
      if (closed) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = run();
      return running;
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
