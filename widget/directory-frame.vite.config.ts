import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// directory-frame.js: the directory's one script, in its page only when embed.js frames it
// (src/directory/frame.ts); a tiny classic script like embed.js, built on its own.
export default defineConfig({
  root,
  publicDir: false,
  build: {
    outDir: path.resolve(root, '../dist/widget'),
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: path.resolve(root, 'src/directory/frame.ts'),
      formats: ['iife'],
      name: 'BackflowDirectoryFrame',
      fileName: () => 'directory-frame.js',
    },
  },
});
