import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { programTimeZone } from '../../../../shared/program-zone.js';
import { runReminders } from './service.js';

export const REMINDERS_JOB = 'compliance-reminders';

/** The daily reminder run at 8:00 in the program's time zone (pg-boss runs each tick once). */
const reminderJobsPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: REMINDERS_JOB,
    cron: '0 8 * * *',
    timeZone: programTimeZone(),
    handler: async () => {
      const result = await runReminders(app.orm.em.fork(), {
        now: new Date(),
        publicUrl: app.config.publicUrl,
        supportUrl: app.config.links.support,
        afterPage: () => app.outbox.nudge(),
      });
      app.log.info(result, 'compliance reminders');
    },
  });
};

export const reminderJobs = fp(reminderJobsPlugin, {
  name: 'reminder-jobs',
  dependencies: ['jobs'],
});
