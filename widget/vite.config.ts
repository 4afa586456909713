import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fieldWorker } from './field-worker.config.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(root, '../dist/widget');

// The public site: landing page, organization home and the registration wizard, served at /.
// embed.js is built separately by embed.vite.config.ts (npm run build:widget runs both).
export default defineConfig({
  root,
  base: '/',
  // The test form's service worker, /field-sw.js (field-worker.config.ts).
  plugins: [react(), fieldWorker(outDir)],
  // The public site is written against React's API and runs on Preact's (preact/compat): the same
  // components in about a tenth of React's bytes, for phones on slow connections
  // (docs/decisions.md). Its unit tests run them on React; the browser tests on this build.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to name each first screen's files in its page's head
    // (api/src/plugins/first-screen.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports in one file with it: on HTTP/1.1 a browser opens six
        // connections to a host, and the entry's pieces split into several files (they are
        // shared with lazy screens) made the organization's info wait for a free connection.
        codeSplitting: {
          groups: [
            { name: 'site', test: /widget\/src\/main\.tsx$/, includeDependenciesRecursively: true },
            // The wizard's fields, error summary and upload control in one file, fetched whole by
            // the wizard, the status page and My registrations (which uploads nothing): left to
            // the bundler, their three sets of users split them, an extra request for each page.
            {
              name: 'fields',
              test: /widget\/src\/app\/wizard\/(fields\/|ErrorSummary|labels|wizard-context|certification-options|upload)/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
