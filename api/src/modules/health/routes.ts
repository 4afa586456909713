import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../../db/orm.js';

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

const ZHealthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
const HEALTH_SCHEMA = {
  summary: 'Whether this instance and its database answer',
  tags: ['health'],
  response: { 200: ZHealthAnswer, 503: ZHealthAnswer },
};

/** GET /api/health: 200 while the database answers, 503 (quickly) while it does not. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { schema: HEALTH_SCHEMA }, async (_request, reply) => {
    const database = await databaseAnswers(app.orm);
    return reply
      .status(database ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: database ? 'ok' : 'unavailable', database: database ? 'up' : 'down' });
  });
};

async function databaseAnswers(orm: Orm): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_QUERY_TIMEOUT_MS);
  });
  try {
    // A trivial query through the pool; a failure is an answer of false, never a throw.
    return await Promise.race([orm.isConnected(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
