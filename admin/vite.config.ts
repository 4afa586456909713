import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// The staff console (react-admin), served under /scadmin.
export default defineConfig({
  root,
  base: '/scadmin/',
  plugins: [react()],
  build: {
    outDir: path.resolve(root, '../dist/admin'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
