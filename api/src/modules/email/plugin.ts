import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { listen } from '../../db/notifications.js';
import { createMailer, type Mailer } from './mailer.js';
import {
  type AttachmentRenderer,
  BATCH_SIZE,
  type DeliveryResult,
  deliverDueEmails,
} from './outbox.js';
import { createSender } from './sender.js';

const OUTBOX_JOB = 'email-outbox';
/** Notified by email_outbox's triggers when a message is staged or due again (migrations). */
const OUTBOX_CHANNEL = 'email_outbox_due';
const FIRST_CONNECTION_WAIT_MS = 5_000;

export interface EmailOutbox {
  /** Reports and others register how their attachment descriptions become files. */
  registerRenderer(type: string, renderer: AttachmentRenderer): void;
  /** One pass over what is due, in this process (tests call it when the job worker is off). */
  deliver(): Promise<DeliveryResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    outbox: EmailOutbox;
  }
}

interface EmailOptions {
  databaseUrl: string;
  /** The once-a-minute sweep (retries, and what a crash left); off only in tests. */
  sweep: boolean;
}

/**
 * Outgoing mail: messages are staged in email_outbox by whatever causes them, in its
 * transaction, and their commit notifies every instance (a trigger on the table). With the job
 * worker on, each instance listens and sends at once, on every notification and whenever its
 * listener (re)connects; a sweep every minute sends retries and whatever a crash left.
 */
const emailPlugin: FastifyPluginAsync<EmailOptions> = async (app, options) => {
  const mailer = createMailer({
    smtpUrl: app.config.mail.smtpUrl,
    from: app.config.mail.from,
    mailDir: app.config.mailDir,
    log: app.log,
  });
  const renderers: Record<string, AttachmentRenderer> = {};
  const deliver = () =>
    deliverDueEmails(app.orm.em.fork(), { mailer, renderers, batchSize: BATCH_SIZE });
  const sender = createSender({
    deliver,
    batchSize: BATCH_SIZE,
    onDelivered: (result) => app.log.info(result, 'email outbox delivered'),
    onError: (error) => app.log.error({ err: error }, 'email outbox delivery failed'),
  });

  app.decorate('mailer', mailer);
  app.decorate('outbox', {
    registerRenderer(type, renderer) {
      renderers[type] = renderer;
    },
    deliver,
  } satisfies EmailOutbox);

  let stopListening = async () => {};
  if (app.jobs.enabled) {
    // Started once every renderer is registered; a message staged while no instance listened
    // was announced to no one, so each (re)connection delivers too.
    app.addHook('onReady', async () => {
      const send = () => void sender.request();
      const listener = listen(options.databaseUrl, OUTBOX_CHANNEL, {
        onNotification: send,
        onConnected: send,
        onDisconnected: (error) =>
          app.log.warn({ err: error }, 'not listening for staged emails; the sweep sends them'),
      });
      stopListening = () => listener.close();
      await listener.firstConnection(FIRST_CONNECTION_WAIT_MS);
    });
  }
  if (options.sweep) {
    app.jobs.define({ name: OUTBOX_JOB, cron: '* * * * *', handler: () => sender.request() });
  }
  app.addHook('onClose', async () => {
    await stopListening();
    await sender.close();
    mailer.close();
  });
};

export default fp(emailPlugin, { name: 'email', dependencies: ['db', 'jobs'] });
