import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const routerDist = path.resolve(root, '../node_modules/react-router/dist/production');

// The public site: landing page, organization home and the registration wizard, served at /.
// embed.js is built separately by embed.vite.config.ts (npm run build:widget runs both).
export default defineConfig(({ mode }) => ({
  root,
  base: '/',
  plugins: [react()],
  // react-router's package exports only name its development build (with its warnings and
  // checks); production builds use the production build it ships next to it.
  resolve:
    mode === 'production'
      ? {
          alias: [{ find: /^react-router$/, replacement: `${routerDist}/index.mjs` }],
        }
      : {},
  build: {
    outDir: path.resolve(root, '../dist/widget'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
}));
