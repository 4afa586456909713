import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SESSION_IDLE_MINUTES,
  ZAccountDirectoryRequest,
  ZAccountEmailRequest,
  ZAccountPhoneRequest,
  ZAccountSessionRequest,
  ZAccountSignInRequest,
  ZAccountView,
} from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { ZApiAnswer } from '../../../../shared/registration.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { documentGuard } from '../../plugins/openapi-routes.js';
import { DOCUMENT_ANSWER, openDocument, sendDocument } from '../documents/service.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import { registerAccountReregistration } from '../reregistration/routes.js';
import { UPLOAD_LIMITS } from '../uploads/receive.js';
import { registerChangeRoutes } from './change-routes.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { changeDirectoryListing, changePhone } from './person.js';
import { OWN_DOCUMENT } from './record-queries.js';
import { parsed, tags } from './route-context.js';
import {
  checkSameOrigin,
  clearSessionCookie,
  endDeadSessions,
  endSession,
  SESSION_COOKIE,
  sessionPerson,
  setSessionCookie,
  startSession,
} from './sessions.js';
import { requestSignInLink } from './sign-in.js';
import { accountView } from './view.js';

export const DEAD_SESSIONS_JOB = 'account-sessions-expire';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in registrant's person (account calls that need a session). */
    accountUserId: number;
  }
}

const ZAccountViewAnswer = z.object({ code: z.string(), message: ZAccountView });

async function accountRoutes(scope: FastifyInstance) {
  await scope.register(cookie);
  await scope.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const siteOrigin = new URL(publicUrl).origin;
  const rateLimit = { max: app.config.rateLimits.accountPerMinute, timeWindow: 60_000 };

  // Every call that changes something must come from the site itself (SameSite=Lax keeps the
  // cookie off other sites' POSTs; the Origin header is checked as well).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') checkSameOrigin(request, siteOrigin);
  });
  const signedIn = documentGuard(
    async (request: FastifyRequest) => {
      request.accountUserId = await sessionPerson(request.em, request);
    },
    'accountSession',
    {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: 'The registrant’s session cookie, set by POST /api/account/session.',
    },
  );

  app.post(
    '/sign-in-link',
    {
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Email a one-time sign-in link to My registrations',
        description:
          'Answers the same whether or not the email is registered. A registered person is ' +
          'emailed a link that works once, for 20 minutes; a newer link replaces an older one. ' +
          'Each email address is sent at most 3 links an hour (429 after that).',
        tags,
        body: ZAccountSignInRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      requestSignInLink(request.em, parsed(ZAccountSignInRequest, request.body), {
        counters: app.sharedCounters,
        language: request.language,
        publicUrl,
      }),
  );

  app.post(
    '/session',
    {
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Sign in with an emailed link’s token',
        description:
          'Starts a session (an HttpOnly cookie for /api/account) that ends after ' +
          `${SESSION_IDLE_MINUTES} minutes idle, 12 hours at most, on sign-out and when the ` +
          'email changes. 410 when the link is unknown, used or expired.',
        tags,
        body: ZAccountSessionRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request, reply) => {
      const { token } = request.body as { token?: unknown };
      const { sessionToken } = await startSession(
        request.em,
        typeof token === 'string' ? token : '',
      );
      setSessionCookie(reply, request, sessionToken, publicUrl);
      return { code: CODES.success, message: '' };
    },
  );

  app.delete(
    '/session',
    { schema: { summary: 'Sign out', tags, response: { 200: ZApiAnswer } } },
    async (request, reply) => {
      await endSession(request.em, request);
      clearSessionCookie(reply, request, publicUrl);
      return { code: CODES.success, message: MESSAGES.accountSignedOut };
    },
  );

  app.get(
    '/me',
    {
      onRequest: signedIn,
      schema: {
        summary: 'What the signed-in registrant sees of their own record',
        tags,
        response: { 200: ZAccountViewAnswer },
      },
    },
    async (request) => {
      return { code: CODES.success, message: await accountView(request.em, request.accountUserId) };
    },
  );

  app.post(
    '/phone',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Change the signed-in registrant’s phone',
        tags,
        body: ZAccountPhoneRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      changePhone(request.em, request.accountUserId, parsed(ZAccountPhoneRequest, request.body)),
  );

  app.post(
    '/directory',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Leave, or join again, the public directories of testers (testers only)',
        description:
          'hidden true: the signed-in tester is listed in no organization’s public directory; ' +
          'false: listed again wherever their registration and certifications qualify. ' +
          '400 for a company admin (admins are never listed).',
        tags,
        body: ZAccountDirectoryRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      changeDirectoryListing(
        request.em,
        request.accountUserId,
        parsed(ZAccountDirectoryRequest, request.body),
      ),
  );

  registerChangeRoutes(app, { signedIn, rateLimit, publicUrl });
  registerAccountReregistration(app, { signedIn, rateLimit, publicUrl });

  app.post(
    '/email',
    {
      onRequest: signedIn,
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Change the signed-in registrant’s email (confirmed from the new address)',
        description:
          'Emails a confirmation link (24 hours, once) to the new address; the email on file ' +
          'changes only when it is opened. 422 when it is the same or another person’s.',
        tags,
        body: ZAccountEmailRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      requestEmailChange(
        request.em,
        request.accountUserId,
        parsed(ZAccountEmailRequest, request.body),
        { counters: app.sharedCounters, language: request.language, publicUrl },
      ),
  );

  app.post(
    '/email/confirm',
    {
      config: { rateLimit },
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Confirm a change of email with the link’s token',
        description:
          'Both addresses are told and every session of the person ends. 410 when the link is ' +
          'unknown, used or expired; 409 when another person took the address meanwhile.',
        tags,
        body: ZAccountSessionRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) => {
      const { token } = request.body as { token?: unknown };
      return confirmEmailChange(request.em, typeof token === 'string' ? token : '', {
        language: request.language,
        supportUrl: app.config.links.support,
      });
    },
  );

  app.get(
    '/documents/:id',
    {
      onRequest: signedIn,
      schema: {
        summary: 'Open one of the signed-in registrant’s own documents',
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: DOCUMENT_ANSWER },
      },
    },
    async (request, reply) => {
      const [row] = await query<{ own: boolean }, { userId: number; documentId: string }>(
        request.em,
        OWN_DOCUMENT,
        { userId: request.accountUserId, documentId: request.params.id },
      );
      if (!row?.own) throw AppError.notFound();
      const document = await openDocument(request.em, app.documentStorage, request.params.id);
      return sendDocument(reply, document, {
        disposition: 'inline',
        cacheControl: 'private, no-store',
      });
    },
  );
}

/** My registrations: the registrant's calls under /api/account and the sweep of dead sessions. */
const accountPlugin: FastifyPluginAsync = async (app) => {
  app.jobs.define({
    name: DEAD_SESSIONS_JOB,
    cron: '17 * * * *',
    handler: () => endDeadSessions(app.orm.em.fork()),
  });
  await app.register(accountRoutes, { prefix: '/api/account' });
};

export default fp(accountPlugin, {
  name: 'account',
  dependencies: ['db', 'jobs', 'email', 'i18n', 'rate-limits', 'link-cache'],
});
