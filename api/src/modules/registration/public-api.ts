import type { FastifyCorsOptions } from '@fastify/cors';
import type { AppConfig } from '../../config.js';

// What the public calls (/api/tr, /api/uploads) share: any site may call them from a browser,
// without cookies (the public API uses none), and the lookups an attacker would repeat are
// rate-limited per client address (X-Forwarded-For only counts behind a configured proxy).

export const PUBLIC_CORS: FastifyCorsOptions = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Content-Type', 'Idempotency-Key'],
  maxAge: 600,
};

/** Per client address and minute; configured (RATE_LIMIT_* variables), 60 each by default. */
export function publicRateLimits(config: Pick<AppConfig, 'rateLimits'>) {
  return {
    orgInfo: { max: config.rateLimits.orgInfoPerMinute, timeWindow: 60_000 },
    upload: { max: config.rateLimits.uploadsPerMinute, timeWindow: 60_000 },
    draft: { max: config.rateLimits.draftsPerMinute, timeWindow: 60_000 },
  };
}
