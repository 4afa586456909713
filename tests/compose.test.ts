import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No Docker engine runs on our machines: check the compose file's structure instead.
const compose = parse(readFileSync('docker-compose.yml', 'utf8'));
const dockerfile = readFileSync('Dockerfile', 'utf8');

describe('docker-compose.yml', () => {
  it('runs PostgreSQL 16, Mailpit and the app', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mailpit', 'postgres']);
    expect(compose.services.postgres.image).toBe('postgres:16');
    expect(compose.services.mailpit.image).toMatch(/^axllent\/mailpit/);
    expect(compose.services.app.build).toBe('.');
  });

  it('wires the app to the database and the mail server', () => {
    const env = compose.services.app.environment;
    const db = compose.services.postgres.environment;
    expect(env.DATABASE_URL).toBe(
      `postgres://${db.POSTGRES_USER}:${db.POSTGRES_PASSWORD}@postgres:5432/${db.POSTGRES_DB}`,
    );
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(env.NODE_ENV).toBe('production');
    for (const required of ['ADMIN_PASSWORD', 'JWT_SECRET']) expect(env[required]).toContain(':?');
    expect(compose.services.app.depends_on.postgres.condition).toBe('service_healthy');
  });

  it('keeps data in named volumes', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['app-data', 'postgres-data']);
    expect(compose.services.app.volumes).toContain('app-data:/data');
  });

  it('builds an image that runs the compiled server directly as a non-root user', () => {
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('USER node');
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "dist/api/src/server.js"]');
  });
});
