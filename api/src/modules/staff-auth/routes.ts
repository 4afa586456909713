import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import {
  ZGoogleLoginRequest,
  ZLoginRequest,
  ZPasswordLinkQuery,
  ZSetPasswordRequest,
  ZTwoFactorLoginRequest,
} from '../../../../shared/staff-accounts.js';
import {
  withErrorResponses,
  ZConsoleConfigResponse,
  ZLoginResponse,
  ZPasswordLinkResponse,
  ZSuccessResponse,
  ZTestingRouteResponse,
  ZTwoFactorLoginResponse,
  ZVerifyAuthResponse,
} from '../../../../shared/staff-responses.js';
import { SIGN_IN_MESSAGES } from '../../../../shared/staff-sign-in.js';
import { StaffAccount, type TStaffAccount } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { GoogleSignInRefused, verifyGoogleIdToken } from './google.js';
import { describePasswordLink, setPasswordFromLink } from './own-account.js';
import { clientOf } from './plugin.js';
import {
  accountForGoogle,
  auditSignIn,
  checkPassword,
  endSession,
  startSession,
} from './service.js';
import type { SignInCall } from './throttle.js';
import { acceptSecondFactor } from './two-factor.js';

const rateLimited = () => new AppError(429, CODES.rateLimited, STAFF_MESSAGES.loginRateLimited);

/** The sign-in calls (public), the password-link calls (public) and the session calls. */
export const staffAuthRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  answerWithFieldErrors(app);
  const { config } = app;
  const { throttle, rules, tokens } = app.staffAuth;

  const attemptOf = (request: FastifyRequest, call: SignInCall, account: string) => ({
    call,
    account: account.trim().toLowerCase(),
    address: request.ip,
  });

  /** Refuses a throttled attempt with 429 and Retry-After (and audits it). */
  const admit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: ReturnType<typeof attemptOf>,
  ) => {
    const verdict = await throttle.admit(attempt);
    if (verdict.allowed) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
    await auditSignIn(
      request.em,
      { id: null, email: attempt.account.slice(0, 255) },
      'sign_in_failed',
      {
        reason: 'throttled',
        call: attempt.call,
        ...clientOf(request),
      },
    );
    throw rateLimited();
  };

  /** A wrong password, token or code: counted, audited, answered. */
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    attempt: ReturnType<typeof attemptOf>,
    answer: { status: number; message: string; reason: string; account?: TStaffAccount | null },
  ) => {
    await throttle.failed(attempt);
    await auditSignIn(
      request.em,
      {
        id: answer.account?.id ?? null,
        email: (answer.account?.email ?? attempt.account).slice(0, 255),
      },
      'sign_in_failed',
      { reason: answer.reason, call: attempt.call, ...clientOf(request) },
    );
    return reply.status(answer.status).send({ code: CODES.unauthorized, message: answer.message });
  };

  /** The session for an account whose sign-in is complete, or the two-step challenge first. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: TStaffAccount,
    method: string,
  ) => {
    reply.header('cache-control', 'no-store');
    if (account.totpEnabledAt) {
      return reply.send({ twoFactorRequired: true, challenge: tokens.signChallenge(account.id) });
    }
    const verified = await startSession(
      request.em,
      account,
      tokens,
      rules.ttlSeconds,
      clientOf(request),
    );
    await auditSignIn(request.em, account, 'sign_in', { method, ...clientOf(request) });
    return reply.send({ verified });
  };

  app.post(
    '/api/sc/session/login',
    {
      schema: {
        tags: ['staff session'],
        summary:
          'Sign in with email and password; answers {verified: token}, or a two-step challenge.',
        body: ZLoginRequest,
        response: withErrorResponses({ 200: ZLoginResponse }),
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const attempt = attemptOf(request, 'password', email);
      await admit(request, reply, attempt);
      const account = await checkPassword(request.em, email, password);
      if (!account) {
        return refuse(request, reply, attempt, {
          status: 401,
          message: MESSAGES.loginIncorrect,
          reason: 'password',
          account: null,
        });
      }
      await throttle.succeeded(attempt);
      return finishSignIn(request, reply, account, 'password');
    },
  );

  app.post(
    '/api/sc/session/two-factor',
    {
      schema: {
        tags: ['staff session'],
        summary: "Two-step sign-in's second call: the challenge and a code; answers {verified}.",
        body: ZTwoFactorLoginRequest,
        response: withErrorResponses({ 200: ZTwoFactorLoginResponse }),
      },
    },
    async (request, reply) => {
      const staffId = app.staffAuth.challengeAccount(request.body.challenge);
      const account = staffId ? await request.em.findOne(StaffAccount, { id: staffId }) : null;
      if (!account?.active || !account.totpEnabledAt) {
        throw new AppError(401, CODES.expired, SIGN_IN_MESSAGES.challengeExpired);
      }
      const attempt = attemptOf(request, 'two-factor', account.email);
      await admit(request, reply, attempt);
      const factor = await acceptSecondFactor(request.em, account, request.body.code);
      if (!factor) {
        return refuse(request, reply, attempt, {
          status: 401,
          message: SIGN_IN_MESSAGES.codeIncorrect,
          reason: 'code',
          account,
        });
      }
      await throttle.succeeded(attempt);
      const verified = await startSession(
        request.em,
        account,
        tokens,
        rules.ttlSeconds,
        clientOf(request),
      );
      await auditSignIn(request.em, account, 'sign_in', {
        method: factor === 'app' ? 'two-step (authenticator app)' : 'two-step (recovery code)',
        ...clientOf(request),
      });
      return reply.header('cache-control', 'no-store').send({ verified });
    },
  );

  app.post(
    '/api/sc/session/google-login',
    {
      schema: {
        tags: ['staff session'],
        summary:
          'Sign in with a Google ID token from the staff domain; answers {verified: token}, or a two-step challenge.',
        body: ZGoogleLoginRequest,
        response: withErrorResponses({ 200: ZLoginResponse }),
      },
    },
    async (request, reply) => {
      const clientId = config.auth.googleClientId;
      if (!clientId) throw new AppError(503, CODES.unavailable, STAFF_MESSAGES.googleNotConfigured);
      const attempt = attemptOf(request, 'google', `google:${claimedEmail(request.body.token)}`);
      await admit(request, reply, attempt);
      let identity: Awaited<ReturnType<typeof verifyGoogleIdToken>>;
      try {
        identity = await verifyGoogleIdToken(request.body.token, {
          clientId,
          staffEmailDomain: config.auth.staffEmailDomain,
          keys: app.staffAuth.googleKeys,
        });
      } catch (error) {
        if (!(error instanceof GoogleSignInRefused)) throw error;
        return refuse(request, reply, attempt, {
          status: error.reason === 'wrong-domain' ? 403 : 401,
          message: googleMessage(error.reason),
          reason: `google ${error.reason}`,
        });
      }
      const outcome = await accountForGoogle(request.em, identity, config.auth.googleAutoRole);
      if (!outcome.ok) {
        if (outcome.reason === 'not-invited') {
          // Not a guess: a real staff-domain identity nobody has invited yet.
          await auditSignIn(request.em, { id: null, email: identity.email }, 'sign_in_failed', {
            reason: 'google not invited',
            ...clientOf(request),
          });
          return reply
            .status(403)
            .send({ code: CODES.forbidden, message: SIGN_IN_MESSAGES.noAccessYet });
        }
        return refuse(request, reply, attempt, {
          status: 401,
          message:
            outcome.reason === 'disabled'
              ? STAFF_MESSAGES.staffDisabled
              : STAFF_MESSAGES.googleLinkedElsewhere,
          reason: `google ${outcome.reason}`,
        });
      }
      await throttle.succeeded(attempt);
      return finishSignIn(request, reply, outcome.account, 'google');
    },
  );

  app.get(
    '/api/sc/session/password-link',
    {
      schema: {
        tags: ['staff session'],
        summary:
          'Whom an invitation or reset link is for; 404 when it is unknown, used or expired.',
        querystring: ZPasswordLinkQuery,
        response: withErrorResponses({ 200: ZPasswordLinkResponse }),
      },
    },
    async (request, reply) => {
      await admit(request, reply, attemptOf(request, 'password-link', 'link'));
      return reply
        .header('cache-control', 'no-store')
        .send(await describePasswordLink(request.em, request.query.token));
    },
  );

  app.post(
    '/api/sc/session/set-password',
    {
      schema: {
        tags: ['staff session'],
        summary:
          'Sets the password with an invitation or reset link (once); every session of the person ends.',
        body: ZSetPasswordRequest,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request, reply) => {
      await admit(request, reply, attemptOf(request, 'password-link', 'link'));
      await setPasswordFromLink(request.em, request.body.token, request.body.password);
      return reply.send({ code: CODES.success, message: SIGN_IN_MESSAGES.passwordSet });
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
        programTimeZone: config.programTimeZone,
      }),
  );

  await app.register(async (staffOnly) => {
    protectStaffRoutes(staffOnly);
    staffOnly.get(
      '/api/sc/get/verify_auth',
      {
        config: { staffRole: 'viewer', organizationRole: 'viewer', beforeTwoFactor: true },
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
        config: { staffRole: 'viewer', organizationRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags: ['staff session'],
          summary: 'Revokes the token it is sent with.',
          response: withErrorResponses({ 200: ZSuccessResponse }),
        },
      },
      async (request) => {
        await endSession(request.em, request.staff.sessionId);
        await auditSignIn(request.em, request.staff, 'sign_out', { ...clientOf(request) });
        return { code: CODES.success, message: STAFF_MESSAGES.loggedOut };
      },
    );
    // The debug page's test call (/scadmin/firebase/button); absent in production.
    if (config.env !== 'production') {
      staffOnly.get(
        '/api/sc/get/testing_route',
        {
          config: { staffRole: 'viewer', organizationRole: null },
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

/** The email a Google token claims (unverified: only to count attempts against it). */
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
