import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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

interface DbPluginOptions {
  databaseUrl: string;
  poolMax: number;
}

/**
 * Connects MikroORM, gives each request its own EntityManager fork (made on first use: a
 * registration link answered from the cache needs none), closes on shutdown.
 */
const dbPlugin: FastifyPluginAsync<DbPluginOptions> = async (app, options) => {
  const orm = await createOrm({ databaseUrl: options.databaseUrl, poolMax: options.poolMax });
  app.decorate('orm', orm);
  const forks = new WeakMap<FastifyRequest, EntityManager>();
  app.decorateRequest('em', {
    getter(this: FastifyRequest) {
      let em = forks.get(this);
      if (!em) {
        em = orm.em.fork();
        forks.set(this, em);
      }
      return em;
    },
  });
  app.addHook('onClose', async () => {
    await orm.close(true);
  });
};

export default fp(dbPlugin, { name: 'db' });
