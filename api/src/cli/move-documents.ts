import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { startDatabase } from '../db/database.js';
import { createOrm } from '../db/orm.js';
import { createFolderStorage } from '../modules/uploads/folder-storage.js';
import { moveDocuments } from '../modules/uploads/move-documents.js';
import { createDocumentStorage } from '../modules/uploads/storage.js';

// npm run documents:move [-- --from <folder>]: copies every document from the uploads folder
// (DATA_DIR/uploads unless --from names another) to the bucket STORAGE_URL names, and checks
// each copy against its recorded sha256. Exit 0 when every document was copied and verified.

const USAGE = 'Usage: STORAGE_URL=s3://bucket?… npm run documents:move [-- --from <folder>]';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true });
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    process.stderr.write(`STORAGE_URL must name the target bucket.\n${USAGE}\n`);
    return 2;
  }
  const from = createFolderStorage(values.from ?? config.uploadsDir);
  const to = createDocumentStorage(config.storage);
  const database = await startDatabase(config);
  const orm = await createOrm({ databaseUrl: database.url, poolMax: 2 });
  try {
    process.stdout.write(`Copying documents from ${from.location} to ${to.location}\n`);
    const report = await moveDocuments(orm.em.fork(), from, to, (key, outcome) => {
      if (outcome !== 'copied') process.stdout.write(`  ${outcome}: ${key}\n`);
    });
    process.stdout.write(
      `Copied and verified ${report.copied}; missing in the folder ${report.missing.length}; ` +
        `sha256 differs ${report.mismatched.length}.\n`,
    );
    return report.missing.length + report.mismatched.length === 0 ? 0 : 1;
  } finally {
    to.close();
    await orm.close(true);
    await database.stop();
  }
}

process.exitCode = await main();
