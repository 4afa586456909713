// The size budget of a file other sites include as it is, checked on the built files in dist/
// (fails with exit code 1): embed.js, which cities paste into their pages.
//   node scripts/size-budget.mjs
// What a page downloads before its first screen is usable is measured in a real browser, not
// here (tests/e2e/budget.test.ts, and on a throttled phone in `npm run bench`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const KB = 1024;

const BUDGETS = [{ name: 'embed.js', file: 'widget/embed.js', limit: 1 * KB }];

const shown = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
let failed = false;
for (const budget of BUDGETS) {
  const file = path.join(dist, budget.file);
  if (!existsSync(file)) {
    console.error(`✗ ${budget.name}: ${path.relative(root, file)} is missing (build first)`);
    failed = true;
    continue;
  }
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  const ok = size <= budget.limit;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✓' : '✗'} ${budget.name}: ${shown(size)} gzip (budget ${shown(budget.limit)})`,
  );
}
process.exit(failed ? 1 : 0);
