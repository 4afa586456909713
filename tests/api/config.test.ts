import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseStorageUrl } from '../../api/src/config.js';

const base = { DATA_DIR: '/tmp/backflow-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ ...base });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.env).toBe('development');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin).toEqual({ email: 'admin@example.com', password: 'change-me-please' });
    expect(config.auth.tokenTtlSeconds).toBe(8 * 3600);
    expect(config.trustProxy).toBe(false);
    expect(config.auth.googleAutoRole).toBeUndefined();
    expect(config.auth.twoFactorRoles).toEqual([]);
  });

  it('reads GOOGLE_AUTO_ROLE and REQUIRE_2FA_FOR as staff roles', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_AUTO_ROLE: 'Viewer',
      REQUIRE_2FA_FOR: 'editor, administrator',
    });
    expect(config.auth.googleAutoRole).toBe('viewer');
    expect(config.auth.twoFactorRoles).toEqual(['editor', 'administrator']);
    expect(loadConfig({ ...base, GOOGLE_AUTO_ROLE: 'none' }).auth.googleAutoRole).toBeUndefined();
    expect(() => loadConfig({ ...base, REQUIRE_2FA_FOR: 'admins' })).toThrow(/REQUIRE_2FA_FOR/);
    expect(() => loadConfig({ ...base, GOOGLE_AUTO_ROLE: 'viewer,editor' })).toThrow(
      /GOOGLE_AUTO_ROLE/,
    );
  });

  it('fails fast with a readable list of every problem', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrowError(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: /,
    );
  });

  /** Everything production requires, set. */
  const production = () => ({
    NODE_ENV: 'production',
    DATA_DIR: base.DATA_DIR,
    ADMIN_EMAIL: 'ops@example.org',
    ADMIN_PASSWORD: 'a-long-enough-password',
    JWT_SECRET: 'y'.repeat(40),
    WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
    PUBLIC_URL: 'https://backflow.example.org/',
    SMTP_URL: 'smtp://mail.example.org:587',
  });

  it('requires the admin login, the signing secret and the public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR });
    } catch (error) {
      expect(String(error)).toContain('ADMIN_EMAIL and ADMIN_PASSWORD are required in production');
      expect(String(error)).toContain('JWT_SECRET is required in production');
      expect(String(error)).toContain('PUBLIC_URL is required in production');
      expect(String(error)).toContain('SMTP_URL is required in production');
      expect(String(error)).toContain('WEBHOOK_SECRET_KEY is required in production');
    }
    const config = loadConfig(production());
    expect(config.publicUrl).toBe('https://backflow.example.org');
    expect(config.seedDemo).toBe(false);
  });

  it('keeps the outbox sweep on unless a test turns it off, which production refuses', () => {
    expect(loadConfig({ ...base }).outboxSweep).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test', OUTBOX_SWEEP: 'false' }).outboxSweep).toBe(
      false,
    );
    expect(loadConfig(production()).outboxSweep).toBe(true);
    expect(() => loadConfig({ ...production(), OUTBOX_SWEEP: 'false' })).toThrow(
      /OUTBOX_SWEEP=false is a test-only setting/,
    );
  });

  it('seals webhook secrets with a 32-byte key, kept in development and required in production', () => {
    const development = loadConfig({ ...base, NODE_ENV: 'development' });
    expect(development.integrations.webhookSecretKey).toHaveLength(32);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).integrations.webhookSecretKey).toEqual(
      development.integrations.webhookSecretKey,
    );
    expect(() => loadConfig({ ...base, WEBHOOK_SECRET_KEY: 'too-short' })).toThrow(
      /WEBHOOK_SECRET_KEY must be 32 random bytes in base64/,
    );
    expect(development.integrations.webhookAllowLocal).toBe(false);
    expect(loadConfig(production()).integrations.webhookSecretKey).toEqual(Buffer.alloc(32, 1));
    expect(() => loadConfig({ ...production(), WEBHOOK_ALLOW_LOCAL: 'true' })).toThrow(
      /WEBHOOK_ALLOW_LOCAL is a development setting/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('keeps documents in DATA_DIR/uploads unless STORAGE_URL names a folder or a bucket', () => {
    expect(loadConfig({ ...base }).storage).toEqual({
      driver: 'folder',
      dir: '/tmp/backflow-config-test/uploads',
    });
    expect(parseStorageUrl('file:///srv/documents', '/data')).toEqual({
      driver: 'folder',
      dir: '/srv/documents',
    });
    const bucket = loadConfig({
      ...base,
      STORAGE_URL:
        's3://city-documents/backflow?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'key-id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    }).storage;
    expect(bucket).toEqual({
      driver: 's3',
      bucket: 'city-documents',
      prefix: 'backflow/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret', sessionToken: undefined },
    });
    // Without keys in the environment the SDK's own chain (instance roles, profiles) applies.
    expect(parseStorageUrl('s3://bucket', '/data')).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses a STORAGE_URL it cannot use', () => {
    expect(() => loadConfig({ ...base, STORAGE_URL: 'ftp://files' })).toThrow(
      /STORAGE_URL: use file:\/\/\/folder or s3:\/\/bucket/,
    );
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://bucket?endpoint=minio' })).toThrow(
      /STORAGE_URL: endpoint must be a URL/,
    );
  });
});
