import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import site from './vite.config.js';

const root = path.dirname(fileURLToPath(import.meta.url));

// The server's renderer of the organization home (src/entry-server.tsx): the site's components,
// on Preact as in the browser, in one file the server imports (dependencies bundled in, so the
// aliases that put Preact in React's place hold on the server too).
export default mergeConfig(
  site,
  defineConfig({
    build: {
      ssr: path.resolve(root, 'src/entry-server.tsx'),
      outDir: path.resolve(root, '../dist/widget-server'),
      emptyOutDir: true,
      manifest: false,
      sourcemap: true,
      rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.js' } },
    },
    ssr: { noExternal: true },
  }),
);
