import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { STAFF_MESSAGES, ZGoogleLoginRequest, ZLoginRequest } from '../../../../shared/staff.js';
import {
  withErrorResponses,
  ZConsoleConfigResponse,
  ZLoginResponse,
  ZSuccessResponse,
  ZTestingRouteResponse,
  ZVerifyAuthResponse,
} from '../../../../shared/staff-responses.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { GoogleSignInRefused, verifyGoogleIdToken } from './google.js';
import { accountForGoogle, checkPassword, endSession, startSession } from './service.js';

/** Sign-in attempts per client address per minute, on each login call. */
export const LOGIN_ATTEMPTS_PER_IP = 10;
/** Failed sign-ins per account before it is locked for the window. */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

const rateLimited = () => new AppError(429, CODES.rateLimited, STAFF_MESSAGES.loginRateLimited);

// Keyed by request.ip: X-Forwarded-For only counts when TRUST_PROXY names the proxy.
const perIpLimit = {
  max: LOGIN_ATTEMPTS_PER_IP,
  timeWindow: 60_000,
  errorResponseBuilder: rateLimited,
};

/** The two sign-in calls (public) and the session calls (staff token). */
export const staffAuthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  answerWithFieldErrors(app);
  const { config } = app;

  // Counts failed attempts only, so a successful sign-in is never held back by its own history.
  const accountFailures = app.createRateLimit({
    max: LOGIN_FAILURES_PER_ACCOUNT,
    timeWindow: ACCOUNT_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => `staff-login:${accountKey(request)}`,
  });
  const accountLocked = async (request: FastifyRequest) => {
    const state = await accountFailures(request, { increment: false });
    return !state.isAllowed && state.remaining === 0;
  };

  app.post(
    '/api/sc/session/login',
    {
      config: { rateLimit: perIpLimit },
      schema: {
        tags: ['staff session'],
        summary: 'Sign in with email and password; answers {verified: token}.',
        body: ZLoginRequest,
        response: withErrorResponses({ 200: ZLoginResponse }),
      },
    },
    async (request, reply) => {
      if (await accountLocked(request)) throw rateLimited();
      const { email, password } = request.body;
      const account = await checkPassword(request.em, email, password);
      if (!account) {
        await accountFailures(request);
        return reply
          .status(401)
          .send({ code: CODES.unauthorized, message: MESSAGES.loginIncorrect });
      }
      const verified = await startSession(
        request.em,
        account,
        app.staffAuth.tokens,
        config.auth.tokenTtlSeconds,
      );
      return reply.header('cache-control', 'no-store').send({ verified });
    },
  );

  app.post(
    '/api/sc/session/google-login',
    {
      config: { rateLimit: perIpLimit },
      schema: {
        tags: ['staff session'],
        summary: 'Sign in with a Google ID token from the staff domain; answers {verified: token}.',
        body: ZGoogleLoginRequest,
        response: withErrorResponses({ 200: ZLoginResponse }),
      },
    },
    async (request, reply) => {
      const clientId = config.auth.googleClientId;
      if (!clientId) throw new AppError(503, CODES.unavailable, STAFF_MESSAGES.googleNotConfigured);
      if (await accountLocked(request)) throw rateLimited();
      const refuse = async (status: number, message: string) => {
        await accountFailures(request);
        return reply.status(status).send({ code: CODES.unauthorized, message });
      };
      let identity: Awaited<ReturnType<typeof verifyGoogleIdToken>>;
      try {
        identity = await verifyGoogleIdToken(request.body.token, {
          clientId,
          staffEmailDomain: config.auth.staffEmailDomain,
          keys: app.staffAuth.googleKeys,
        });
      } catch (error) {
        if (!(error instanceof GoogleSignInRefused)) throw error;
        return refuse(error.reason === 'wrong-domain' ? 403 : 401, googleMessage(error.reason));
      }
      const outcome = await accountForGoogle(request.em, identity);
      if (!outcome.ok) {
        return refuse(
          401,
          outcome.reason === 'disabled'
            ? STAFF_MESSAGES.staffDisabled
            : STAFF_MESSAGES.googleLinkedElsewhere,
        );
      }
      const verified = await startSession(
        request.em,
        outcome.account,
        app.staffAuth.tokens,
        config.auth.tokenTtlSeconds,
      );
      return reply.header('cache-control', 'no-store').send({ verified });
    },
  );

  // What the console needs before anyone signs in: whether Google sign-in is offered and
  // whether debug pages exist. Public, and holds nothing secret.
  app.get(
    '/api/sc/session/console-config',
    {
      schema: {
        tags: ['staff session'],
        summary: 'Run-time settings of the console login page.',
        response: withErrorResponses({ 200: ZConsoleConfigResponse }),
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({
        googleClientId: config.auth.googleClientId ?? '',
        production: config.env === 'production',
      }),
  );

  await app.register(async (staffOnly) => {
    protectStaffRoutes(staffOnly);
    staffOnly.get(
      '/api/sc/get/verify_auth',
      {
        config: { staffRole: 'viewer' },
        schema: {
          tags: ['staff session'],
          summary: 'VERIFIED for a live token; 401 EXPIRED or INVALID otherwise.',
          response: withErrorResponses({ 200: ZVerifyAuthResponse }),
        },
      },
      async () => ({ code: CODES.verified, message: STAFF_MESSAGES.sessionVerified }),
    );
    staffOnly.post(
      '/api/sc/session/user-logout',
      {
        config: { staffRole: 'viewer' },
        schema: {
          tags: ['staff session'],
          summary: 'Revokes the token it is sent with.',
          response: withErrorResponses({ 200: ZSuccessResponse }),
        },
      },
      async (request) => {
        await endSession(request.em, request.staff.sessionId);
        return { code: CODES.success, message: STAFF_MESSAGES.loggedOut };
      },
    );
    // The debug page's test call (/scadmin/firebase/button); absent in production.
    if (config.env !== 'production') {
      staffOnly.get(
        '/api/sc/get/testing_route',
        {
          config: { staffRole: 'viewer' },
          schema: {
            tags: ['staff session'],
            summary: 'Debug: answers while signed in (not in production).',
            response: withErrorResponses({ 200: ZTestingRouteResponse }),
          },
        },
        async (request) => ({
          code: CODES.success,
          message: { staff: request.staff.email, env: config.env },
        }),
      );
    }
  });
};

function googleMessage(reason: GoogleSignInRefused['reason']): string {
  if (reason === 'wrong-domain') return MESSAGES.googleUnauthorizedDomainServer;
  if (reason === 'unverified-email') return STAFF_MESSAGES.googleUnverifiedEmail;
  return STAFF_MESSAGES.googleInvalid;
}

/** The account an attempt targets: the typed email, or the email claimed inside a Google token. */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown; token?: unknown } | undefined;
  if (typeof body?.email === 'string') return body.email.trim().toLowerCase();
  if (typeof body?.token === 'string') return `google:${claimedEmail(body.token)}`;
  return 'unknown';
}

function claimedEmail(token: string): string {
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    );
    return typeof payload?.email === 'string' ? payload.email.toLowerCase() : 'unknown';
  } catch {
    return 'unknown';
  }
}
