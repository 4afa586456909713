import { loadConfig } from '../config.js';
import { startDatabase } from '../db/database.js';
import { createOrm, migrate } from '../db/orm.js';
import { withStartupLock } from '../db/startup-lock.js';
import { seed } from '../seed.js';

// npm run db:seed: the start-up seed on its own (staff account, demo organization).
const config = loadConfig();
const database = await startDatabase(config);
const orm = await createOrm({ databaseUrl: database.url });
try {
  const result = await withStartupLock(database.url, async () => {
    await migrate(orm);
    return seed(orm.em.fork(), config);
  });
  console.log(
    `Seed done: staff account ${result.createdStaff ? 'created' : 'already present'}` +
      (result.demoFormUrl ? `; demo form ${result.demoFormUrl}` : ''),
  );
} finally {
  await orm.close(true);
  await database.stop();
}
