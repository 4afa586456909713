import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseStorageUrl } from '../api/src/config.js';

// No Docker engine runs on our machines: check the compose file's structure instead.
const compose = parse(readFileSync('docker-compose.yml', 'utf8'));
const dockerfile = readFileSync('Dockerfile', 'utf8');
const nginx = readFileSync('deploy/nginx.conf', 'utf8');
const { app, minio, postgres, proxy } = compose.services;
const bucketService = compose.services['minio-bucket'];

describe('docker-compose.yml', () => {
  it('runs PostgreSQL 16, MinIO and its bucket, Mailpit, the app and nginx', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'app',
      'mailpit',
      'minio',
      'minio-bucket',
      'postgres',
      'proxy',
    ]);
    expect(postgres.image).toBe('postgres:16');
    expect(minio.image).toMatch(/^minio\/minio/);
    expect(bucketService.image).toMatch(/^minio\/mc/);
    expect(compose.services.mailpit.image).toMatch(/^axllent\/mailpit/);
    expect(proxy.image).toMatch(/^nginx:1\.(2[89]|[3-9]\d)/);
    expect(app.build).toBe('.');
  });

  it('wires the app to the database and the mail server', () => {
    const env = app.environment;
    const db = postgres.environment;
    expect(env.DATABASE_URL).toBe(
      `postgres://${db.POSTGRES_USER}:${db.POSTGRES_PASSWORD}@postgres:5432/${db.POSTGRES_DB}`,
    );
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(env.NODE_ENV).toBe('production');
    for (const required of ['ADMIN_PASSWORD', 'JWT_SECRET']) expect(env[required]).toContain(':?');
    expect(app.depends_on.postgres.condition).toBe('service_healthy');
  });

  it('keeps documents in the MinIO bucket created at start, with MinIO’s own credentials', () => {
    const storage = parseStorageUrl(app.environment.STORAGE_URL, '/data', app.environment);
    if (typeof storage === 'string' || storage.driver !== 's3') throw new Error(String(storage));
    expect(storage).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    const { bucket } = storage;
    const script = bucketService.entrypoint.join(' ');
    expect(script).toContain(`mc mb --ignore-existing backflow/${bucket}`);
    expect(script).toContain(`mc version enable backflow/${bucket}`);
    expect(script).toContain('http://minio:9000');
    expect(app.environment.AWS_ACCESS_KEY_ID).toBe(minio.environment.MINIO_ROOT_USER);
    expect(app.environment.AWS_SECRET_ACCESS_KEY).toBe(minio.environment.MINIO_ROOT_PASSWORD);
    expect(bucketService.environment).toEqual(minio.environment);
    expect(bucketService.depends_on.minio.condition).toBe('service_healthy');
    expect(app.depends_on['minio-bucket'].condition).toBe('service_completed_successfully');
    expect(minio.healthcheck.test).toEqual(['CMD', 'mc', 'ready', 'local']);
  });

  it('lets the app scale (docker compose up --scale app=3): no port, name or volume of its own', () => {
    expect(app.ports).toBeUndefined();
    expect(app.container_name).toBeUndefined();
    expect(app.volumes).toBeUndefined();
    expect(Object.keys(compose.volumes).sort()).toEqual(['minio-data', 'postgres-data']);
  });

  it('puts nginx in front, the only way in, trusted for X-Forwarded-For', () => {
    expect(proxy.ports).toEqual(['3000:80']);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
    expect(proxy.depends_on.app.condition).toBe('service_healthy');
    // TRUST_PROXY names the compose network, where only nginx sends requests to the app.
    const subnet = compose.networks.default.ipam.config[0].subnet;
    expect(app.environment.TRUST_PROXY).toBe(subnet);
  });
});

describe('deploy/nginx.conf', () => {
  it('balances over every app instance Docker’s DNS names, re-resolved', () => {
    expect(nginx).toMatch(/resolver 127\.0\.0\.11\b/);
    expect(nginx).toMatch(/upstream app \{[^}]*zone app [^}]*server app:3000 resolve;/s);
    expect(nginx).toMatch(/proxy_pass http:\/\/app;/);
  });

  it('sends the client’s address alone, and lets a 10,000,000-byte upload through, streamed', () => {
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    const limit = /client_max_body_size (\d+)m;/.exec(nginx)?.[1];
    expect(Number(limit) * 1024 * 1024).toBeGreaterThan(10_000_000);
    expect(nginx).toContain('proxy_request_buffering off;');
  });

  it('closes idle connections to the app before the app does', () => {
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(nginx)?.[1]);
    expect(nginxSeconds * 1000).toBeLessThan(5_000);
  });
});

describe('Dockerfile', () => {
  it('builds an image that runs the compiled server directly as a non-root user', () => {
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('USER node');
    expect(dockerfile).toContain('CMD ["node", "--enable-source-maps", "dist/api/src/server.js"]');
  });
});
