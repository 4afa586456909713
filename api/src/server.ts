import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { startDatabase } from './db/database.js';
import { unsafeDurabilitySettings } from './db/durability.js';
import { migrate } from './db/orm.js';
import { withStartupLock } from './db/startup-lock.js';
import { isDatabaseUnavailable } from './plugins/errors.js';
import { seed } from './seed.js';

// The process: configuration, database, migrations, seed, listen, and a graceful stop.

const SHUTDOWN_GRACE_MS = 25_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await startDatabase(config, {
    onLog: (line) => {
      if (line.startsWith('embedded PostgreSQL')) process.stdout.write(`${line}\n`);
    },
  });
  const app = await buildApp({ ...config, databaseUrl: database.url });
  // pg-boss 10 completes and fails jobs without awaiting the query, so while the database is
  // down those promises reject unhandled and would end the process. An outage is answered 503
  // and heals; any other unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database unavailable in background work');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      await database.stop();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    // Migrations, the seed and the plugins' own start (pg-boss creates its schema and queues)
    // take turns with other instances starting on the same database.
    const seeded = await withStartupLock(database.url, async () => {
      await migrate(app.orm);
      const result = await seed(app.orm.em.fork(), config);
      await app.ready();
      return result;
    });
    const unsafe = await unsafeDurabilitySettings(app.orm.em.fork());
    if (unsafe.length > 0) {
      const message = `PostgreSQL durability settings are off: ${unsafe.join(', ')}. Answered registrations could be lost in a crash.`;
      if (config.env === 'production')
        throw new Error(`${message} Refusing to start in production.`);
      app.log.warn(message);
    }
    await app.listen({ host: config.host, port: config.port });
    printWelcome(config, seeded.demoFormUrl);
  } catch (error) {
    app.log.fatal({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(1);
  }
}

function printWelcome(config: AppConfig, demoFormUrl: string | undefined) {
  const lines = [
    '',
    'Backflow registration platform is running:',
    `  Public site:    ${config.publicUrl}/`,
    ...(demoFormUrl ? [`  Demo form:      ${demoFormUrl}`] : []),
    `  Admin console:  ${config.publicUrl}/scadmin`,
  ];
  if (config.env !== 'production' && config.admin) {
    lines.push(`  Console login:  ${config.admin.email} / ${config.admin.password}`);
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
