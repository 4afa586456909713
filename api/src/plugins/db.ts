import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createOrm, type Orm } from '../db/orm.js';

declare module 'fastify' {
  interface FastifyInstance {
    orm: Orm;
  }
  interface FastifyRequest {
    /** This request's own fork of the EntityManager. */
    em: EntityManager;
  }
}

export interface DbPluginOptions {
  databaseUrl: string;
  poolMax: number;
}

/** Connects MikroORM, gives each request its own EntityManager fork, closes on shutdown. */
const dbPlugin: FastifyPluginAsync<DbPluginOptions> = async (app, options) => {
  const orm = await createOrm({ databaseUrl: options.databaseUrl, poolMax: options.poolMax });
  app.decorate('orm', orm);
  app.decorateRequest('em', null as unknown as EntityManager);
  app.addHook('onRequest', async (request) => {
    request.em = orm.em.fork();
  });
  app.addHook('onClose', async () => {
    await orm.close(true);
  });
};

export default fp(dbPlugin, { name: 'db' });
