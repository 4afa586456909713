import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { listen, notify } from '../db/notifications.js';

// What each instance keeps for a moment (the registration-link cache, the users list's order
// snapshots) is forgotten everywhere when staff change something through any instance: the
// instance that answered the change sends a PostgreSQL notification, and every instance,
// listening on a connection of its own, forgets at once. While an instance's listener is not
// connected it cannot hear of changes, so it keeps nothing (`listening` is false) until it is
// back, and forgets again then.

const CHANNEL = 'backflow_staff_changes';
const FIRST_CONNECTION_WAIT_MS = 5_000;

export interface Invalidation {
  /** Tells every instance, this one at once, that staff changed something. */
  announce(): Promise<void>;
  /** `forget` runs on every change announced by any instance, and when listening resumes. */
  onChange(forget: () => void): void;
  /** False while this instance cannot hear of changes: nothing kept may be served. */
  readonly listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    invalidation: Invalidation;
  }
}

const invalidationPlugin: FastifyPluginAsync<{ databaseUrl: string }> = async (app, options) => {
  const forgetters: (() => void)[] = [];
  const forgetAll = () => {
    for (const forget of forgetters) forget();
  };
  const listener = listen(options.databaseUrl, CHANNEL, {
    onNotification: forgetAll,
    onConnected: forgetAll,
    onDisconnected: (error) => {
      forgetAll();
      app.log.warn({ err: error }, 'not listening for staff changes; keeping nothing until back');
    },
  });
  const invalidation: Invalidation = {
    async announce() {
      forgetAll();
      await notify(app.orm.em.fork(), { channel: CHANNEL, payload: '' });
    },
    onChange(forget) {
      forgetters.push(forget);
    },
    get listening() {
      return listener.connected;
    },
  };
  app.decorate('invalidation', invalidation);
  // Start listening before the first request; a database that cannot be reached now only
  // means keeping nothing until it can.
  app.addHook('onReady', () => listener.firstConnection(FIRST_CONNECTION_WAIT_MS));
  app.addHook('onClose', () => listener.close());
};

export default fp(invalidationPlugin, { name: 'invalidation', dependencies: ['db'] });
