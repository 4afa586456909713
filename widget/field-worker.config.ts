import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VitePWA } from 'vite-plugin-pwa';

// The test form's service worker (src/app/test-form/field-sw.ts), built by vite-plugin-pwa
// (Workbox's injectManifest) beside the site as /field-sw.js. It registers nothing by itself and
// writes no web app manifest: the test form and My registrations register it (scope /account),
// so no other page loads a byte more. Its precache list is what those pages need to open
// without signal, read from the build's manifest: the site's entry, My registrations' and the
// test form's code (with the test form's lazy parts) and the Spanish words; and the page itself
// under the address the worker answers navigations with when the network does not.

/** Vite's build manifest: each module's file, its styles and what it imports. */
type TManifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

/** The modules whose code the pages under the worker need, with every static import. */
const ROOTS = [
  'index.html',
  'src/app/account/AccountRoute.tsx',
  'src/app/test-form/TestFormRoute.tsx',
  '../shared/i18n/es.ts',
  '../shared/i18n/field-es.ts',
];
/** Modules whose lazy imports are kept too (the test form's report pages). */
const WITH_LAZY_PARTS = /^src\/app\/test-form\//;

/** The page the worker answers navigations with offline (its address as field-sw.ts names it). */
const SHELL = 'account/test?offline=1';

/** The files of the modules the worker keeps, from the build's manifest. */
export function keptFiles(manifest: TManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (WITH_LAZY_PARTS.test(key)) for (const lazy of chunk.dynamicImports ?? []) visit(lazy);
  };
  for (const root of ROOTS) visit(root);
  return files;
}

export function fieldWorker(outDir: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/app/test-form',
    filename: 'field-sw.ts',
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html}'],
      manifestTransforms: [
        async (entries) => {
          const manifest = JSON.parse(
            readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
          ) as TManifest;
          const kept = keptFiles(manifest);
          const page = entries.find((entry) => entry.url === 'index.html');
          const files = entries.filter((entry) => kept.has(entry.url));
          const shell = page ? [{ ...page, url: SHELL }] : [];
          return { manifest: [...files, ...shell], warnings: page ? [] : ['no index.html'] };
        },
      ],
    },
  });
}
