import { randomBytes } from 'node:crypto';
import { encryptSecret } from '../../api/src/modules/webhooks/secret-box.js';
import { generateSigningSecret } from '../../api/src/modules/webhooks/signing.js';
import { startWebhookReceiver } from '../../tests/helpers/webhook-receiver.js';
import type { BenchContext } from '../context.js';
import { percentile, round, startServer } from '../harness.js';

// Case: webhooks. Events committed by the bench process (each insert writes its delivery, as a
// change's does) are sent by an instance of the server whose job worker is on, to a real
// receiver on this machine that verifies every signature with the standardwebhooks package.
// First one at a time (commit to receipt, the delay alone), then a burst committed in one
// transaction (deliveries per second while they queue).

const CASE = 'webhooks';
const ARRIVAL_LIMIT_MS = 60_000;

export async function webhooksCase(context: BenchContext, serverEnv: Record<string, string>) {
  const secret = generateSigningSecret();
  const receiver = await startWebhookReceiver(secret);
  const key = Buffer.from(serverEnv.WEBHOOK_SECRET_KEY as string, 'base64');
  const { rows } = await context.db.query<{ id: number }>(
    `insert into webhook_endpoints (url, description, event_types, secret_sealed)
     values ($1, 'bench', '{registration.approved}', $2) returning id`,
    [receiver.url, encryptSecret(secret, key)],
  );
  const endpointId = rows[0]?.id as number;
  // The receiver is on this machine, which only development settings let through.
  const sender = await startServer({
    ...serverEnv,
    BENCH_JOB_WORKER: 'true',
    WEBHOOK_ALLOW_LOCAL: 'true',
  });
  const runTag = randomBytes(3).toString('hex');
  const arrivals = () => {
    const seen = new Map<string, number>();
    for (const delivery of receiver.deliveries) {
      if (delivery.verified) seen.set(JSON.parse(delivery.body).data.summary, delivery.at);
    }
    return seen;
  };
  const commit = async (summaries: string[]) => {
    await context.db.query(
      `insert into webhook_events (type, data)
       select 'registration.approved', jsonb_build_object('summary', s) from unnest($1::text[]) s`,
      [summaries],
    );
    return performance.now();
  };
  try {
    await commit([`${runTag} warm-up`]);
    await receiver.waitForDeliveries(1, ARRIVAL_LIMIT_MS);

    const count = context.quick ? 50 : 200;
    const delays: number[] = [];
    for (let i = 0; i < count; i++) {
      const committedAt = await commit([`${runTag} one ${i}`]);
      await receiver.waitForDeliveries(receiver.deliveries.length + 1, ARRIVAL_LIMIT_MS);
      delays.push((arrivals().get(`${runTag} one ${i}`) as number) - committedAt);
    }
    const sorted = delays.sort((a, b) => a - b);
    for (const [measure, value] of [
      ['p50', percentile(sorted, 0.5)],
      ['p99', percentile(sorted, 0.99)],
    ] as const) {
      context.recorder.record({
        case: CASE,
        measure: `commit to receipt, one at a time (${count}) ${measure}`,
        value: round(value, 0),
        unit: 'ms',
      });
    }

    const burst = context.quick ? 300 : 2_000;
    const before = receiver.deliveries.length;
    const started = await commit(Array.from({ length: burst }, (_, i) => `${runTag} burst ${i}`));
    await receiver.waitForDeliveries(before + burst, ARRIVAL_LIMIT_MS * 5);
    const last = Math.max(...receiver.deliveries.slice(before).map((delivery) => delivery.at));
    context.recorder.record({
      case: CASE,
      measure: `deliveries per second, ${burst} committed at once`,
      value: round((burst / (last - started)) * 1000, 0),
      unit: '/s',
      target: { op: '>=', value: 200 },
    });
    const unverified = receiver.deliveries.filter((delivery) => !delivery.verified).length;
    if (unverified > 0) throw new Error(`${unverified} deliveries failed verification`);
  } finally {
    await sender.stop();
    await receiver.close();
    await context.db.query('delete from webhook_endpoints where id = $1', [endpointId]);
    await context.db.query(`delete from webhook_events where data->>'summary' like $1`, [
      `${runTag} %`,
    ]);
  }
}
