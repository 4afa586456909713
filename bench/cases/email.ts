import { randomBytes } from 'node:crypto';
import { createOrm, type Orm } from '../../api/src/db/orm.js';
import { stageEmail } from '../../api/src/modules/email/outbox.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../tests/helpers/smtp.js';
import type { BenchContext } from '../context.js';
import { percentile, round, startServer } from '../harness.js';

// Case: email. How long a message takes from the commit that stages it to a real SMTP server:
// messages staged by the bench process, each in a transaction of its own as any route or job
// stages one, and sent by an instance of the server whose job worker is on, which hears each
// commit's notification (nothing asks it to send). First one at a time (each committed once
// the one before arrived: the delay alone), then all committed back to back (the delay when
// they queue behind one another). The receiver and the clock are the bench process's.

const CASE = 'email';
const KIND = 'bench-latency';
/** Longest wait for one message before the case is counted as broken. */
const ARRIVAL_LIMIT_MS = 30_000;

export async function emailCase(context: BenchContext, serverEnv: Record<string, string>) {
  const { rows } = await context.db.query<{ waiting: number }>(
    `select count(*)::int as waiting from email_outbox where status <> 'sent'`,
  );
  if (rows[0]?.waiting) {
    throw new Error(`${rows[0].waiting} unsent messages of other cases would be sent first`);
  }
  const arrivals = new Map<string, number>();
  const receiver = await startSmtpReceiver({
    onMessage: (message) => arrivals.set(message.subject ?? '', performance.now()),
  });
  const sender = await startServer({
    ...serverEnv,
    SMTP_URL: receiver.url,
    BENCH_JOB_WORKER: 'true',
  });
  const orm = await createOrm({ databaseUrl: serverEnv.DATABASE_URL as string, poolMax: 2 });
  try {
    const count = context.quick ? 50 : 200;
    const runTag = randomBytes(3).toString('hex');
    const stage = staging(orm, runTag);
    // A few messages first, so neither side pays for connections and JIT in the figures.
    await arrived(receiver, arrivals, await Promise.all([1, 2, 3].map(() => stage())));

    const oneAtATime: number[] = [];
    for (let i = 0; i < count; i++) {
      const message = await stage();
      await arrived(receiver, arrivals, [message]);
      oneAtATime.push((arrivals.get(message.subject) as number) - message.committedAt);
    }
    record(context, `commit to receipt, one at a time (${count})`, oneAtATime);

    const staged = [];
    for (let i = 0; i < count; i++) staged.push(await stage());
    await arrived(receiver, arrivals, staged);
    record(
      context,
      `commit to receipt, ${count} back to back`,
      staged.map((message) => (arrivals.get(message.subject) as number) - message.committedAt),
    );
  } finally {
    await sender.stop();
    await receiver.close();
    await context.db.query('delete from email_outbox where kind = $1', [KIND]);
    await orm.close(true);
  }
}

/** Stages one message in a transaction of its own; answers its subject and commit time. */
function staging(orm: Orm, runTag: string) {
  let sequence = 0;
  return async () => {
    sequence += 1;
    const n = sequence;
    const subject = `Bench ${runTag} ${n}`;
    await orm.em.fork().transactional(async (tx) => {
      stageEmail(tx, {
        dedupeKey: `${KIND}:${runTag}:${n}`,
        kind: KIND,
        recipients: [`bench-${n}@example.org`],
        subject,
        textBody: `Message ${n} of the email case.`,
      });
    });
    return { subject, committedAt: performance.now() };
  };
}

/** Waits until every message has arrived (bounded). */
async function arrived(
  receiver: SmtpReceiver,
  arrivals: Map<string, number>,
  messages: { subject: string }[],
) {
  for (const { subject } of messages) {
    if (arrivals.has(subject)) continue;
    await receiver.waitForMessage((message) => message.subject === subject, ARRIVAL_LIMIT_MS);
  }
}

function record(context: BenchContext, label: string, delays: number[]) {
  const sorted = [...delays].sort((a, b) => a - b);
  const figure = (measure: string, value: number, target?: number) =>
    context.recorder.record({
      case: CASE,
      measure: `${label} ${measure}`,
      value: round(value, 0),
      unit: 'ms',
      ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
    });
  figure('p50', percentile(sorted, 0.5));
  figure('p95', percentile(sorted, 0.95), 2_000);
  figure('max', sorted.at(-1) as number);
}
