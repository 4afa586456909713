import { loadConfig } from '../config.js';
import { startDatabase } from '../db/database.js';
import { createOrm } from '../db/orm.js';

// Generates a migration from the difference between the entities and the committed snapshot.
// Runs against a throwaway embedded database that has every existing migration applied.
const name = process.argv[2];
const initial = process.argv.includes('--initial');
const config = loadConfig({ ...process.env, DATABASE_URL: undefined, NODE_ENV: 'development' });
const database = await startDatabase({ ...config, databaseUrl: undefined }, { ephemeral: true });
const orm = await createOrm({ databaseUrl: database.url });
try {
  const migrator = orm.getMigrator();
  await migrator.up();
  const result = initial
    ? await migrator.createInitialMigration()
    : await migrator.createMigration(undefined, false, false, name);
  console.log(result.fileName ? `Created ${result.fileName}` : 'No changes: no migration created.');
} finally {
  await orm.close(true);
  await database.stop();
}
