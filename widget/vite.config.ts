import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

// The public site: landing page, organization home and the registration wizard, served at /.
// embed.js is built separately by embed.vite.config.ts (npm run build:widget runs both).
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.resolve(root, '../dist/widget'),
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to name the wizard's files in form pages' heads (api/src/plugins/web.ts).
    manifest: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
