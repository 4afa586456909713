import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// The public site: landing page, organization home and the registration wizard, served at /.
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.resolve(root, '../dist/widget'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
