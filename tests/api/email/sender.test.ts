import { describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../../../api/src/modules/email/outbox.js';
import { createSender } from '../../../api/src/modules/email/sender.js';

// The sender's scheduling alone, over a stand-in delivery pass that finishes when the test says
// so; the real passes, over PostgreSQL and SMTP, are in outbox.test.ts.

const BATCH = 3;

/** A delivery pass per call, each waiting until the test finishes it with a result. */
function passes() {
  const started: ((result: DeliveryResult) => void)[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const deliver = () =>
    new Promise<DeliveryResult>((resolve) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      started.push((result) => {
        running -= 1;
        resolve(result);
      });
    });
  return {
    deliver,
    started,
    get mostAtOnce() {
      return mostAtOnce;
    },
    /** Lets queued callbacks run (a pass's end, the next one's start). */
    settle: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

const sent = (count: number): DeliveryResult => ({ sent: count, failed: 0 });

function senderOver(pass: ReturnType<typeof passes>, errors: unknown[] = []) {
  return createSender({
    deliver: pass.deliver,
    batchSize: BATCH,
    onDelivered: () => {},
    onError: (error) => errors.push(error),
  });
}

describe('the outbox sender of one process', () => {
  it('runs one delivery at a time and folds every request during it into one more run', async () => {
    const pass = passes();
    const sender = senderOver(pass);
    const first = sender.request();
    const during = [sender.request(), sender.request(), sender.request()];
    expect(pass.started).toHaveLength(1);
    pass.started[0]?.(sent(1));
    await pass.settle();
    expect(pass.started).toHaveLength(2);
    pass.started[1]?.(sent(0));
    await Promise.all([first, ...during]);
    await pass.settle();
    expect(pass.started).toHaveLength(2);
    expect(pass.mostAtOnce).toBe(1);
  });

  it('answers a request only after a run that started after it', async () => {
    const pass = passes();
    const sender = senderOver(pass);
    void sender.request();
    let answered = false;
    void sender.request().then(() => {
      answered = true;
    });
    pass.started[0]?.(sent(1));
    await pass.settle();
    expect(answered).toBe(false);
    pass.started[1]?.(sent(1));
    await pass.settle();
    expect(answered).toBe(true);
  });

  it('goes on while a pass sends or fails a full batch', async () => {
    const pass = passes();
    const sender = senderOver(pass);
    const done = sender.request();
    pass.started[0]?.(sent(BATCH));
    await pass.settle();
    pass.started[1]?.({ sent: 1, failed: BATCH - 1 });
    await pass.settle();
    pass.started[2]?.(sent(BATCH - 1));
    await done;
    expect(pass.started).toHaveLength(3);
  });

  it('reports a failed pass and still runs the next request', async () => {
    const errors: unknown[] = [];
    const sender = createSender({
      deliver: () => Promise.reject(new Error('the database went away')),
      batchSize: BATCH,
      onDelivered: () => {},
      onError: (error) => errors.push(error),
    });
    await sender.request();
    await sender.request();
    expect(errors.map(String)).toEqual([
      'Error: the database went away',
      'Error: the database went away',
    ]);
  });

  it('on close, waits for the running delivery and takes no more requests', async () => {
    const pass = passes();
    const sender = senderOver(pass);
    void sender.request();
    void sender.request();
    let closed = false;
    const closing = sender.close().then(() => {
      closed = true;
    });
    await pass.settle();
    expect(closed).toBe(false);
    pass.started[0]?.(sent(0));
    await closing;
    await sender.request();
    expect(pass.started).toHaveLength(1);
  });
});
