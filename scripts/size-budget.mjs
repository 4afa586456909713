// Size budgets of the front ends, checked on the built files in dist/ (fails with exit code 1).
//   node scripts/size-budget.mjs            every budget
//   node scripts/size-budget.mjs widget     only the public site's budgets
// "Initial JavaScript" is what a page downloads before the first interaction: the module scripts
// and modulepreload links of its index.html, plus every chunk they import statically.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const KB = 1024;

const BUDGETS = [
  { group: 'widget', name: 'embed.js', kind: 'file', file: 'widget/embed.js', limit: 1 * KB },
  {
    group: 'widget',
    name: 'public site initial JS',
    kind: 'initial',
    app: 'widget',
    limit: 100 * KB,
  },
  {
    group: 'admin',
    // The sign-in page alone: the console itself loads once someone signs in.
    name: 'admin console initial JS',
    kind: 'initial',
    app: 'admin',
    limit: 100 * KB,
  },
];

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Static imports of a built chunk: `import"./x.js"`, `from"./x.js"` (not `import("./x.js")`). */
function staticImports(code) {
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function initialFiles(appDir) {
  const html = readFileSync(path.join(appDir, 'index.html'), 'utf8');
  const start = [];
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    start.push(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    start.push(match[1]);
  const base =
    path.basename(appDir) === 'widget'
      ? '/'
      : `/${path.basename(appDir) === 'admin' ? 'scadmin' : ''}/`;
  const toFile = (url) => path.join(appDir, url.startsWith(base) ? url.slice(base.length) : url);
  const seen = new Set();
  const queue = start.map(toFile);
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      queue.push(spec.startsWith('/') ? toFile(spec) : path.resolve(path.dirname(file), spec));
    }
  }
  return [...seen];
}

const groups = process.argv.slice(2);
let failed = false;
for (const budget of BUDGETS) {
  if (groups.length && !groups.includes(budget.group)) continue;
  let size;
  let detail = '';
  if (budget.kind === 'file') {
    const file = path.join(dist, budget.file);
    if (!existsSync(file)) {
      console.error(`✗ ${budget.name}: ${path.relative(root, file)} is missing (build first)`);
      failed = true;
      continue;
    }
    size = gzipSize(file);
  } else {
    const appDir = path.join(dist, budget.app);
    if (!existsSync(path.join(appDir, 'index.html'))) {
      console.error(`✗ ${budget.name}: dist/${budget.app}/index.html is missing (build first)`);
      failed = true;
      continue;
    }
    const files = initialFiles(appDir);
    size = files.reduce((sum, file) => sum + gzipSize(file), 0);
    detail = ` in ${files.length} file(s)`;
  }
  const ok = size <= budget.limit;
  if (!ok) failed = true;
  const shown = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    `${ok ? '✓' : '✗'} ${budget.name}: ${shown(size)} gzip${detail} (budget ${shown(budget.limit)})`,
  );
}
process.exit(failed ? 1 : 0);
