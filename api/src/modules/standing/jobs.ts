import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { programTimeZone } from '../../../../shared/program-zone.js';
import { runStandings } from './run.js';

export const STANDINGS_JOB = 'registration-standings';

/**
 * The daily standing run five minutes after midnight in the program's time zone, so a
 * registration lapses or is suspended on the first day it is due (pg-boss runs each tick once).
 */
const standingJobsPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: STANDINGS_JOB,
    cron: '5 0 * * *',
    timeZone: programTimeZone(),
    handler: async () => {
      const result = await runStandings(app.orm.em.fork(), { now: new Date() });
      app.log.info(result, 'registration standings');
    },
  });
};

export const standingJobs = fp(standingJobsPlugin, {
  name: 'standing-jobs',
  dependencies: ['jobs'],
});
