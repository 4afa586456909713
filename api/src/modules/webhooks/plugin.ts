import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { listen } from '../../db/notifications.js';
import { createSender } from '../email/sender.js';
import { DISPATCH_BATCH, type DispatchResult, dispatchDueWebhooks } from './dispatch.js';
import { forgetOldEvents, LOG_RETENTION_DAYS, nextDueAt } from './dispatch-queries.js';

/** The minute's sweep: retries whose wake-up was lost, and leases a dead process left. */
const SWEEP_JOB = 'webhook-deliveries';
/** A wake-up at the soonest retry's time, on whichever instance's worker takes it. */
const RETRY_JOB = 'webhook-retry';
/** Each night: the delivery log forgets what it no longer needs to show. */
const RETENTION_JOB = 'webhook-log-retention';
const RETENTION_BATCH = 5_000;
/** Notified by webhook_deliveries' triggers when a delivery is written or due again. */
const DUE_CHANNEL = 'webhook_due';
const FIRST_CONNECTION_WAIT_MS = 5_000;

export interface Webhooks {
  /**
   * One pass over the due deliveries in this process (tests call it with the worker off, and
   * with a later clock to reach a retry).
   */
  dispatch(options?: { now?: () => Date; trustedCertificates?: string[] }): Promise<DispatchResult>;
  /**
   * Deletes events older than the log's retention that nothing waits to send (their deliveries
   * and attempts with them); answers how many.
   */
  forgetOld(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

/**
 * Webhook deliveries leave as emails do: an event's commit writes its deliveries and notifies
 * every instance (triggers, migrations), each listening instance claims what is due at once;
 * a failed attempt's retry is a job queued for its time; a sweep every minute catches the rest.
 */
const webhooksPlugin: FastifyPluginAsync<{ databaseUrl: string }> = async (app, options) => {
  const { integrations, publicUrl } = app.config;
  const dispatch: Webhooks['dispatch'] = (pass = {}) =>
    dispatchDueWebhooks(app.orm.em.fork(), {
      secretKey: integrations.webhookSecretKey,
      policy: { allowLocal: integrations.webhookAllowLocal },
      publicUrl,
      ...pass,
    });
  const forgetOld: Webhooks['forgetOld'] = async (now = new Date()) => {
    const before = new Date(now.getTime() - LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    let forgotten = 0;
    for (;;) {
      const deleted = await forgetOldEvents(app.orm.em.fork(), { before, limit: RETENTION_BATCH });
      forgotten += deleted;
      if (deleted < RETENTION_BATCH) return forgotten;
    }
  };
  app.decorate('webhooks', { dispatch, forgetOld } satisfies Webhooks);

  const sender = createSender({
    deliver: async () => {
      const result = await dispatch();
      if (result.failed > 0) await wakeForRetry();
      return result;
    },
    batchSize: DISPATCH_BATCH,
    onDelivered: (result) => app.log.debug(result, 'webhook deliveries attempted'),
    onError: (error) => app.log.error({ err: error }, 'webhook delivery pass failed'),
  });

  /** Queues one wake-up at the soonest retry's time (duplicates only cost an empty pass). */
  async function wakeForRetry() {
    const at = await nextDueAt(app.orm.em.fork());
    if (at && at.getTime() > Date.now()) {
      await app.jobs.send(RETRY_JOB, {}, { startAfter: at, singletonKey: at.toISOString() });
    }
  }

  if (!app.jobs.enabled) return;
  const request = () => sender.request();
  app.jobs.define({ name: SWEEP_JOB, cron: '* * * * *', handler: request });
  app.jobs.define({ name: RETRY_JOB, handler: request });
  app.jobs.define({
    name: RETENTION_JOB,
    cron: '40 3 * * *',
    handler: async () => {
      app.log.info({ forgotten: await forgetOld() }, 'webhook log retention');
    },
  });
  let stopListening = async () => {};
  app.addHook('onReady', async () => {
    const send = () => void sender.request();
    const listener = listen(options.databaseUrl, DUE_CHANNEL, {
      onNotification: send,
      onConnected: send,
      onDisconnected: (error) =>
        app.log.warn({ err: error }, 'not listening for webhook events; the sweep sends them'),
    });
    stopListening = () => listener.close();
    await listener.firstConnection(FIRST_CONNECTION_WAIT_MS);
  });
  app.addHook('onClose', async () => {
    await stopListening();
    await sender.close();
  });
};

export default fp(webhooksPlugin, { name: 'webhooks', dependencies: ['db', 'jobs'] });
