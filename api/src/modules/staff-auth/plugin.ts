import fastifyJwt from '@fastify/jwt';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { AppError } from '../../errors.js';
import { type GoogleKeyProvider, googlePublishedKeys } from './google.js';
import {
  type AuthenticatedStaff,
  type Authentication,
  authenticate,
  type TokenCodec,
} from './service.js';

/** The console token's only algorithm: HMAC-SHA256 with config.auth.jwtSecret. */
const STAFF_TOKEN_ALGORITHM = 'HS256';

interface StaffAuth {
  tokens: TokenCodec;
  /** Where Google's signing keys come from; tests swap in a local key. */
  googleKeys: GoogleKeyProvider;
  /** Checks a request's bearer token without answering. */
  authenticate(request: FastifyRequest): Promise<Authentication>;
}

declare module 'fastify' {
  interface FastifyInstance {
    staffAuth: StaffAuth;
  }
  interface FastifyRequest {
    /** Set by requireStaff; only meaningful on staff routes. */
    staff: AuthenticatedStaff;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Staff authentication for every /api/sc, /api/admin and /api/documents route: signed JWTs
 * (algorithm pinned) whose jti is a staff session, so logout and disabling an account take
 * effect on the next request. Decorates `staffAuth` and `requireStaff` (plugins/auth.ts).
 */
const staffAuthPlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifyJwt, {
    secret: app.config.auth.jwtSecret,
    sign: { algorithm: STAFF_TOKEN_ALGORITHM, expiresIn: app.config.auth.tokenTtlSeconds },
    verify: { algorithms: [STAFF_TOKEN_ALGORITHM] },
  });

  const tokens: TokenCodec = {
    sign: ({ jti, ...claims }) => app.jwt.sign(claims, { jti }),
    verify: (token) => app.jwt.verify(token),
    isExpiredError: (error) => (error as { code?: string })?.code === 'FAST_JWT_EXPIRED',
  };

  const staffAuth: StaffAuth = {
    tokens,
    googleKeys: googlePublishedKeys(),
    authenticate: (request) => authenticate(request.em, tokens, bearerToken(request)),
  };
  app.decorate('staffAuth', staffAuth);
  app.decorateRequest('staff', null as unknown as AuthenticatedStaff);

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const result = await staffAuth.authenticate(request);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new AppError(401, CODES.expired, STAFF_MESSAGES.sessionExpired)
        : new AppError(401, CODES.invalid, MESSAGES.unauthorized);
    }
    request.staff = result.staff;
  });
};

export default fp(staffAuthPlugin, { name: 'staff-auth', dependencies: ['db'] });
