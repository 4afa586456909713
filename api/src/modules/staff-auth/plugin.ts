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
  type Client,
  type SignInRules,
  type TokenCodec,
} from './service.js';
import { type SignInThrottle, signInThrottle } from './throttle.js';

/** The console token's only algorithm: HMAC-SHA256 with config.auth.jwtSecret. */
const STAFF_TOKEN_ALGORITHM = 'HS256';
/** What a two-step challenge token is for: never a session. */
const CHALLENGE_PURPOSE = 'two-factor';
/** How long the code may take after a right password. */
const CHALLENGE_SECONDS = 5 * 60;

interface StaffAuth {
  tokens: TokenCodec;
  /** The id of the account a live two-step challenge names, or null. */
  challengeAccount(challenge: string): number | null;
  /** Where Google's signing keys come from; tests swap in a local key. */
  googleKeys: GoogleKeyProvider;
  /** Sign-in counters every process shares. */
  throttle: SignInThrottle;
  rules: SignInRules;
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
    signChallenge: (staffId) =>
      app.jwt.sign(
        { sub: String(staffId), purpose: CHALLENGE_PURPOSE },
        { expiresIn: CHALLENGE_SECONDS },
      ),
  };
  const rules: SignInRules = {
    ttlSeconds: app.config.auth.tokenTtlSeconds,
    twoFactorRoles: app.config.auth.twoFactorRoles,
  };

  const staffAuth: StaffAuth = {
    tokens,
    challengeAccount(challenge) {
      try {
        const claims = app.jwt.verify<{ sub?: unknown; purpose?: unknown }>(challenge);
        const id = Number(claims.sub);
        return claims.purpose === CHALLENGE_PURPOSE && Number.isInteger(id) ? id : null;
      } catch {
        return null;
      }
    },
    googleKeys: googlePublishedKeys(),
    throttle: signInThrottle(app.sharedCounters),
    rules,
    authenticate: (request) => authenticate(request.em, tokens, rules, bearerToken(request)),
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
  app.decorate('staffStanding', (request: FastifyRequest) => ({
    access: request.staff.access,
    mustEnrollTwoFactor: request.staff.mustEnrollTwoFactor,
  }));
};

/** Where the request comes from (request.ip follows TRUST_PROXY). */
export function clientOf(request: FastifyRequest): Client {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

export default fp(staffAuthPlugin, { name: 'staff-auth', dependencies: ['db', 'rate-limits'] });
