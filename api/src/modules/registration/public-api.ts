import type { FastifyCorsOptions } from '@fastify/cors';

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

export const RATE_LIMITS = {
  orgInfo: { max: 60, timeWindow: 60_000 },
  upload: { max: 60, timeWindow: 60_000 },
} as const;
