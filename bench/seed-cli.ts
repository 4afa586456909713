import { parseArgs } from 'node:util';
import { loadConfig } from '../api/src/config.js';
import { startDatabase } from '../api/src/db/database.js';
import { createOrm, migrate } from '../api/src/db/orm.js';
import { seedBenchData } from './seed.js';

// npm run bench:seed -- --users 100000
// Seeds DATABASE_URL when set; otherwise a throwaway embedded database, removed afterwards
// (useful to measure seeding). Pass --keep to leave the throwaway one running until Ctrl-C.
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
  },
});
const users = Number(values.users);
if (!Number.isInteger(users) || users < 10) {
  console.error('--users must be a whole number of at least 10');
  process.exit(1);
}
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
  if (values.keep && database.embedded) {
    console.log(`Database: ${database.url} (Ctrl-C to stop and remove it)`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await database.stop();
}
