import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { INVENTORY_IMPORT_LIMITS } from '../../shared/inventory-import.js';
import { DEFAULT_PROGRAM_TIME_ZONE, isTimeZone } from '../../shared/program-zone.js';
import { STAFF_ROLES, type TStaffRole } from '../../shared/staff-roles.js';
import { MIN_STAFF_PASSWORD } from '../../shared/staff-sign-in.js';
import { FAULT_POINTS, type TFaultPoint } from './testing/fault-points.js';

// The only module that reads process.env. Everything else receives an AppConfig.

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Staff roles as a comma-separated list; empty or 'none' is none. */
const roleList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((role) => role.trim().toLowerCase())
      .filter((role) => role !== '' && role !== 'none'),
  )
  .pipe(z.array(z.enum(STAFF_ROLES, { error: `roles are ${STAFF_ROLES.join(', ')} (or none)` })));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  WEB_ROOT: z.string().min(1).default('dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_STAFF_PASSWORD, `ADMIN_PASSWORD must be at least ${MIN_STAFF_PASSWORD} characters`)
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60 * 60),
  GOOGLE_CLIENT_ID: z.string().optional(),
  STAFF_EMAIL_DOMAIN: z.string().default('swiftcomply.com'),
  GOOGLE_AUTO_ROLE: roleList
    .default([])
    .refine((roles) => roles.length <= 1, 'GOOGLE_AUTO_ROLE names one role (or none)'),
  REQUIRE_2FA_FOR: roleList.default([]),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Backflow Registration <no-reply@localhost>'),
  SUPPORT_URL: z.string().default('mailto:support@swiftcomply.com'),
  KNOWLEDGE_BASE_URL: z.string().default('https://support.swiftcomply.com'),
  PROGRAM_TIME_ZONE: z
    .string()
    .default(DEFAULT_PROGRAM_TIME_ZONE)
    .refine(isTimeZone, 'PROGRAM_TIME_ZONE must be an IANA time zone such as America/New_York'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ORGINFO_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_DRAFTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_FIELD_PER_MINUTE: z.coerce.number().int().positive().default(600),
  ORGINFO_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
  STORAGE_URL: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  AWS_REGION: z.string().optional(),
  REDIS_URL: z.url().optional(),
  JOBS: booleanFlag.default(true),
  OUTBOX_SWEEP: booleanFlag.default(true),
  WEBHOOK_SECRET_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'WEBHOOK_SECRET_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  WEBHOOK_ALLOW_LOCAL: booleanFlag.default(false),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  SEED_DEMO: booleanFlag.optional(),
  INVENTORY_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(INVENTORY_IMPORT_LIMITS.maxBytes),
  INVENTORY_IMPORT_MAX_ROWS: z.coerce
    .number()
    .int()
    .positive()
    .default(INVENTORY_IMPORT_LIMITS.maxRows),
  INVENTORY_IMPORT_MAX_UNZIPPED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(INVENTORY_IMPORT_LIMITS.maxUnzippedBytes),
  FAULT_POINT: z.enum(FAULT_POINTS).optional(),
});
export type TEnv = z.input<typeof ZEnv>;

/** Where uploaded documents live: a folder (the default) or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'folder'; dir: string }
  | {
      driver: 's3';
      bucket: string;
      /** Prepended to every object key ('' or ending in '/'). */
      prefix: string;
      /** A non-AWS endpoint (MinIO, a test server); unset means AWS itself. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset means the SDK's own chain (roles). */
      credentials:
        | { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
        | undefined;
    };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Base URL used in printed and emailed links, without a trailing slash. */
  publicUrl: string;
  /** Set when an external PostgreSQL is used; unset means the embedded one. */
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  storage: StorageConfig;
  mailDir: string;
  /** Folder holding the built front ends (widget/ and admin/). */
  webRoot: string;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or a comma-separated list of trusted proxy addresses. */
  trustProxy: boolean | string;
  admin: { email: string; password: string } | undefined;
  auth: {
    jwtSecret: string;
    tokenTtlSeconds: number;
    googleClientId: string | undefined;
    staffEmailDomain: string;
    /** The role of a staff-domain Google account nobody invited; none: no access. */
    googleAutoRole: TStaffRole | undefined;
    /** Roles that must use two-step sign-in. */
    twoFactorRoles: TStaffRole[];
  };
  mail: { smtpUrl: string | undefined; from: string };
  links: { support: string; knowledgeBase: string };
  /** The zone every date decision is made in (a link's last day, expiry, reminders, reports). */
  programTimeZone: string;
  timeouts: { requestMs: number; keepAliveMs: number; headersMs: number };
  db: { poolMax: number };
  /** Public calls an attacker would repeat, per client address and minute. */
  rateLimits: {
    orgInfoPerMinute: number;
    uploadsPerMinute: number;
    draftsPerMinute: number;
    accountPerMinute: number;
    /**
     * The test form's record and each inventory page (GET /api/account/field…), each route
     * counted apart: above a first sync of a million assemblies, paged one after another.
     */
    fieldPerMinute: number;
  };
  /**
   * How long a process keeps what a registration link shows (0: not at all). Staff changes made
   * through this process show at once; through another one, within this time.
   */
  orgInfoCacheSeconds: number;
  /** Counters shared by every instance live in Redis when set, else in PostgreSQL. */
  redisUrl: string | undefined;
  /** Start the background job worker (outbox, sweeps, schedules). */
  jobs: boolean;
  integrations: {
    /** Seals endpoints' signing secrets (AES-256-GCM, 32 bytes). */
    webhookSecretKey: Buffer;
    /** Lets endpoints on loopback and private networks through (development, tests). */
    webhookAllowLocal: boolean;
    /** Integration API calls per key and minute, across instances. */
    apiPerMinute: number;
  };
  /**
   * The outbox's once-a-minute sweep (retries, and what a crash left unsent). Tests turn it off
   * to show that a message leaves without it; refused in production.
   */
  outboxSweep: boolean;
  /** Create the demo organization on start (development default). */
  seedDemo: boolean;
  /** Bounds of an inventory import's file: its bytes, its rows, an xlsx's unzipped bytes. */
  inventoryImport: { maxBytes: number; maxRows: number; maxUnzippedBytes: number };
  /** Tests only: where a final submit kills its process (api/src/testing/fault-points.ts). */
  faultPoint: TFaultPoint | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEV_ADMIN = { email: 'admin@example.com', password: 'change-me-please' } as const;

/** Reads and validates the environment; throws ConfigError with a readable list of problems. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnv.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  - ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && (!e.ADMIN_EMAIL || !e.ADMIN_PASSWORD)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD are required in production');
  }
  if (production && !e.JWT_SECRET) problems.push('JWT_SECRET is required in production');
  if (production && !e.PUBLIC_URL) problems.push('PUBLIC_URL is required in production');
  if (production && !e.SMTP_URL) problems.push('SMTP_URL is required in production');
  if (production && e.FAULT_POINT) problems.push('FAULT_POINT is a test-only setting; unset it');
  if (production && !e.WEBHOOK_SECRET_KEY) {
    problems.push('WEBHOOK_SECRET_KEY is required in production (openssl rand -base64 32)');
  }
  if (production && e.WEBHOOK_ALLOW_LOCAL) {
    problems.push(
      'WEBHOOK_ALLOW_LOCAL is a development setting (receivers on private networks); unset it',
    );
  }
  if (production && !e.OUTBOX_SWEEP) {
    problems.push('OUTBOX_SWEEP=false is a test-only setting (retries need the sweep); unset it');
  }
  const storage = parseStorageUrl(e.STORAGE_URL, path.resolve(e.DATA_DIR), e);
  if (typeof storage === 'string') problems.push(storage);
  if (problems.length > 0 || typeof storage === 'string') {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const admin =
    e.ADMIN_EMAIL && e.ADMIN_PASSWORD
      ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
      : production
        ? undefined
        : { ...DEV_ADMIN };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost(e.HOST)}:${port}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    storage,
    mailDir: path.join(dataDir, 'mail'),
    webRoot: path.resolve(e.WEB_ROOT),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    admin,
    auth: {
      jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir, 'jwt-secret', 48),
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
      googleClientId: e.GOOGLE_CLIENT_ID,
      staffEmailDomain: e.STAFF_EMAIL_DOMAIN.toLowerCase(),
      googleAutoRole: e.GOOGLE_AUTO_ROLE[0],
      twoFactorRoles: e.REQUIRE_2FA_FOR,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    links: { support: e.SUPPORT_URL, knowledgeBase: e.KNOWLEDGE_BASE_URL },
    programTimeZone: e.PROGRAM_TIME_ZONE,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
    },
    db: { poolMax: e.DB_POOL_MAX },
    rateLimits: {
      orgInfoPerMinute: e.RATE_LIMIT_ORGINFO_PER_MINUTE,
      uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      draftsPerMinute: e.RATE_LIMIT_DRAFTS_PER_MINUTE,
      accountPerMinute: e.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      fieldPerMinute: e.RATE_LIMIT_FIELD_PER_MINUTE,
    },
    orgInfoCacheSeconds: e.ORGINFO_CACHE_SECONDS,
    redisUrl: e.REDIS_URL,
    jobs: e.JOBS,
    integrations: {
      webhookSecretKey: Buffer.from(
        e.WEBHOOK_SECRET_KEY ?? developmentSecret(dataDir, 'webhook-secret-key', 32, 'base64'),
        'base64',
      ),
      webhookAllowLocal: e.WEBHOOK_ALLOW_LOCAL,
      apiPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    },
    outboxSweep: e.OUTBOX_SWEEP,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === 'development',
    inventoryImport: {
      maxBytes: e.INVENTORY_IMPORT_MAX_BYTES,
      maxRows: e.INVENTORY_IMPORT_MAX_ROWS,
      maxUnzippedBytes: e.INVENTORY_IMPORT_MAX_UNZIPPED_BYTES,
    },
    faultPoint: e.FAULT_POINT,
  };
}

export const DEV_ADMIN_LOGIN = DEV_ADMIN;

function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') result[key] = value;
  }
  return result;
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

/**
 * STORAGE_URL: unset or `file:///folder` keeps documents in a folder (DATA_DIR/uploads by
 * default); `s3://bucket/optional/prefix?endpoint=…&region=…&forcePathStyle=true` puts them
 * in an S3-compatible bucket. Answers a problem's description when the URL is unusable.
 */
export function parseStorageUrl(
  value: string | undefined,
  dataDir: string,
  aws: Pick<
    TEnv,
    'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY' | 'AWS_SESSION_TOKEN' | 'AWS_REGION'
  > = {},
): StorageConfig | string {
  if (value === undefined) return { driver: 'folder', dir: path.join(dataDir, 'uploads') };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'STORAGE_URL: not a URL (file:///folder or s3://bucket?endpoint=…)';
  }
  if (url.protocol === 'file:') return { driver: 'folder', dir: path.resolve(url.pathname) };
  if (url.protocol !== 's3:' || !url.hostname) {
    return 'STORAGE_URL: use file:///folder or s3://bucket';
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint)) {
    return 'STORAGE_URL: endpoint must be a URL such as http://minio:9000';
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = aws;
  return {
    driver: 's3',
    bucket: url.hostname,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    endpoint,
    region: url.searchParams.get('region') ?? aws.AWS_REGION ?? 'us-east-1',
    forcePathStyle: ['true', '1', 'yes'].includes(url.searchParams.get('forcePathStyle') ?? ''),
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, sessionToken: aws.AWS_SESSION_TOKEN }
        : undefined,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** Development only: a random secret generated once and kept under the data folder. */
function developmentSecret(
  dataDir: string,
  name: string,
  bytes: number,
  encoding: BufferEncoding = 'base64url',
): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(bytes).toString(encoding);
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
