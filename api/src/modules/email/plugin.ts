import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from './mailer.js';
import { type AttachmentRenderer, type DeliveryResult, deliverDueEmails } from './outbox.js';

const OUTBOX_JOB = 'email-outbox';

export interface EmailOutbox {
  /** Reports and others register how their attachment descriptions become files. */
  registerRenderer(type: string, renderer: AttachmentRenderer): void;
  /** Asks the worker to send now (call after the staging transaction has committed). */
  nudge(): Promise<void>;
  /** Sends what is due, in this process (the worker's job; tests call it directly). */
  deliver(): Promise<DeliveryResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    outbox: EmailOutbox;
  }
}

/**
 * Outgoing mail: messages are staged in email_outbox by whatever causes them and sent after
 * commit by a pg-boss job, nudged right after commit and swept every minute so a crash between
 * commit and send still delivers.
 */
const emailPlugin: FastifyPluginAsync = async (app) => {
  const mailer = createMailer({
    smtpUrl: app.config.mail.smtpUrl,
    from: app.config.mail.from,
    mailDir: app.config.mailDir,
    log: app.log,
  });
  const renderers: Record<string, AttachmentRenderer> = {};
  const deliver = () => deliverDueEmails(app.orm.em.fork(), { mailer, renderers });

  app.decorate('mailer', mailer);
  app.decorate('outbox', {
    registerRenderer(type, renderer) {
      renderers[type] = renderer;
    },
    async nudge() {
      await app.jobs.send(OUTBOX_JOB, {});
    },
    deliver,
  } satisfies EmailOutbox);

  app.jobs.define({
    name: OUTBOX_JOB,
    cron: '* * * * *',
    handler: async () => {
      const result = await deliver();
      if (result.sent || result.failed) app.log.info(result, 'email outbox delivered');
    },
  });
  app.addHook('onClose', async () => mailer.close());
};

export default fp(emailPlugin, { name: 'email', dependencies: ['db', 'jobs'] });
