import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// embed.js: the loader cities paste into their pages, built on its own as one tiny classic
// script (no modules, no chunks, no hash: its address is part of the published snippet).
export default defineConfig({
  root,
  publicDir: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: path.resolve(root, '../dist/widget'),
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2020',
    lib: {
      entry: path.resolve(root, 'src/embed/loader.ts'),
      formats: ['iife'],
      name: 'BackflowEmbed',
      fileName: () => 'embed.js',
    },
  },
});
