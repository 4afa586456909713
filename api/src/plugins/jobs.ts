import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<void>;
  /** Cron expression for recurring jobs; pg-boss makes sure one instance runs each tick. */
  cron?: string;
  timeZone?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** Background work on pg-boss (the same PostgreSQL): define before start, send any time. */
interface Jobs {
  readonly enabled: boolean;
  define<T extends object>(job: JobDefinition<T>): void;
  /** Queues a job; with the worker disabled (some tests) it is dropped and null is returned. */
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

interface JobsOptions {
  databaseUrl: string;
  enabled: boolean;
}

const jobsPlugin: FastifyPluginAsync<JobsOptions> = async (app, options) => {
  const definitions: JobDefinition[] = [];
  const boss = options.enabled
    ? new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4 })
    : undefined;
  boss?.on('error', (error) => app.log.error({ err: error }, 'job queue error'));

  const jobs: Jobs = {
    enabled: options.enabled,
    define(job) {
      definitions.push(job as JobDefinition);
    },
    async send(name, data, sendOptions = {}) {
      if (!boss) return null;
      return boss.send(name, data, sendOptions);
    },
  };
  app.decorate('jobs', jobs);

  if (!boss) return;
  app.addHook('onReady', async () => {
    await boss.start();
    for (const job of definitions) {
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit ?? 5,
        retryDelay: job.retryDelaySeconds ?? 30,
        retryBackoff: true,
      });
      await boss.work<object>(job.name, { batchSize: 1 }, async ([work]) => {
        if (work) await job.handler(work.data);
      });
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: job.timeZone ?? 'UTC' });
    }
  });
  app.addHook('onClose', async () => {
    const stopped = new Promise<void>((resolve) => boss.once('stopped', () => resolve()));
    await boss.stop({ graceful: true, timeout: 10_000 });
    await stopped;
  });
};

export default fp(jobsPlugin, { name: 'jobs' });
