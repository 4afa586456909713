import type { FastifyPluginAsync } from 'fastify';

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

/** GET /api/health: 200 while the database answers, 503 (quickly) while it does not. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (request, reply) => {
    const database = await databaseAnswers(request.em);
    return reply
      .status(database ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: database ? 'ok' : 'unavailable', database: database ? 'up' : 'down' });
  });
};

async function databaseAnswers(
  em: import('@mikro-orm/postgresql').EntityManager,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_QUERY_TIMEOUT_MS);
  });
  const query = em
    .getConnection()
    .execute('select 1')
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
