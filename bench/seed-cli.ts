import { loadConfig } from '../api/src/config.js';
import { startDatabase } from '../api/src/db/database.js';
import { createOrm, migrate } from '../api/src/db/orm.js';
import { fromCommandLine, parseSeedOptions } from './options.js';
import { seedBenchData } from './seed.js';

// npm run bench:seed -- --users 100000
// Seeds DATABASE_URL when set; otherwise a throwaway embedded database, removed afterwards
// (useful to measure seeding). Pass --keep to leave the throwaway one running until Ctrl-C.
const { users, keep } = fromCommandLine(parseSeedOptions);
const config = loadConfig();
const database = await startDatabase(config, { ephemeral: !config.databaseUrl });
try {
  const orm = await createOrm({ databaseUrl: database.url });
  await migrate(orm);
  await orm.close(true);
  const counts = await seedBenchData(database.url, {
    users,
    log: (line) => console.log(`  seeding ${line}`),
  });
  console.table(counts);
  if (keep && database.embedded) {
    console.log(`Database: ${database.url} (Ctrl-C to stop and remove it)`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await database.stop();
}
