import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { query, sql } from './sql.js';

// PostgreSQL LISTEN/NOTIFY between app instances. A listener holds one connection of its own
// (LISTEN belongs to a session: behind PgBouncer it needs session pooling) and reconnects by
// itself, backing off from 250 ms to 2 s; anything sent while it was away is lost, which its
// owner learns through onDisconnected/onConnected.

export interface ListenerEvents {
  onNotification(payload: string): void;
  onConnected(): void;
  onDisconnected(error?: Error): void;
}

export interface Listener {
  /** True while the connection is up and listening. */
  readonly connected: boolean;
  /**
   * Resolves once listening for the first time, or after `timeoutMs` without: a database out of
   * reach now only means listening later.
   */
  firstConnection(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2_000;

/** Listens on `channel` (a plain identifier) until closed. */
export function listen(databaseUrl: string, channel: string, events: ListenerEvents): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let current: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | undefined;
  let firstConnected: () => void = () => {};
  const connectedOnce = new Promise<void>((resolve) => {
    firstConnected = resolve;
  });

  const scheduleConnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  };

  const lost = (client: pg.Client, error?: Error) => {
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    if (current === client) {
      current = undefined;
      events.onDisconnected(error);
    }
    scheduleConnect();
  };

  async function connect() {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 3_000,
      // Names the session in pg_stat_activity.
      application_name: `listen:${channel}`,
    });
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) events.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
    firstConnected();
    events.onConnected();
  }

  void connect();
  return {
    get connected() {
      return current !== undefined;
    },
    async firstConnection(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        connectedOnce,
        new Promise((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      client?.removeAllListeners();
      client?.on('error', () => {});
      await client?.end().catch(() => {});
    },
  };
}

type Notification = { channel: string; payload: string };

const NOTIFY = sql<Notification>('notify', 'select pg_notify(:channel, :payload)');

/** Sends a notification to every listener of the channel (delivered when the caller commits). */
export async function notify(em: EntityManager, notification: Notification): Promise<void> {
  await query<never, Notification>(em, NOTIFY, notification);
}
