import { loadConfig } from '../config.js';
import { startDatabase } from '../db/database.js';
import { createOrm, migrate } from '../db/orm.js';
import { withStartupLock } from '../db/startup-lock.js';

// npm run db:migrate: applies pending migrations to DATABASE_URL or the embedded database.
const config = loadConfig();
const database = await startDatabase(config);
const orm = await createOrm({ databaseUrl: database.url });
try {
  await withStartupLock(database.url, () => migrate(orm));
  console.log('Migrations applied.');
} finally {
  await orm.close(true);
  await database.stop();
}
