import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_CODES,
  SESSION_IDLE_MINUTES,
  ZAccountAddCertificationRequest,
  ZAccountAddPersonRequest,
  ZAccountAddTestKitRequest,
  ZAccountCalibrationRequest,
  ZAccountCertificationOptionsAnswer,
  ZAccountEmailRequest,
  ZAccountItemAnswer,
  ZAccountJoinAnswer,
  ZAccountJoinRequest,
  ZAccountPhoneRequest,
  ZAccountRemovePersonRequest,
  ZAccountRenewCertificationRequest,
  ZAccountRetireTestKitRequest,
  ZAccountSessionRequest,
  ZAccountSignInRequest,
  ZAccountView,
} from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { ZApiAnswer, ZUploadAnswer } from '../../../../shared/registration.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { openDocument, sendDocument } from '../documents/service.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import { receiveUpload, UPLOAD_LIMITS } from '../uploads/receive.js';
import { certificationOptions } from './certification-options.js';
import { addCertification, renewCertification } from './certifications.js';
import { addPerson, removePerson } from './company.js';
import { confirmEmailChange, requestEmailChange } from './email-change.js';
import { registerWithOrganization } from './join.js';
import { changePhone } from './person.js';
import { DELETE_DEAD_SESSIONS, OWN_DOCUMENT } from './queries.js';
import {
  checkSameOrigin,
  clearSessionCookie,
  endSession,
  sessionPerson,
  setSessionCookie,
  startSession,
} from './sessions.js';
import { requestSignInLink } from './sign-in.js';
import { addTestKit, renewCalibration, retireTestKit } from './test-kits.js';
import { accountView } from './view.js';

export const DEAD_SESSIONS_JOB = 'account-sessions-expire';

const tags = ['my registrations'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in registrant's person (account calls that need a session). */
    accountUserId: number;
  }
}

/** A body's rule failures as the account's answer: 422 {code, message: {fieldErrors}}. */
function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  throw new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors });
}

type TAccountItemAnswerBody = z.output<typeof ZAccountItemAnswer>;

const ZAccountViewAnswer = z.object({ code: z.string(), message: ZAccountView });

async function accountRoutes(scope: FastifyInstance) {
  await scope.register(cookie);
  await scope.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const rateLimit = { max: app.config.rateLimits.accountPerMinute, timeWindow: 60_000 };

  // Every call that changes something must come from the site itself (SameSite=Lax keeps the
  // cookie off other sites' POSTs; the Origin header is checked as well).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') checkSameOrigin(request, publicUrl);
  });
  const signedIn = async (request: FastifyRequest) => {
    request.accountUserId = await sessionPerson(request.em, request);
  };

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
    '/uploads',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: app.config.rateLimits.uploadsPerMinute, timeWindow: 60_000 } },
      schema: {
        summary: 'Upload a document for an item sent from My registrations',
        description:
          'multipart/form-data with the field `file` (jpeg, png or pdf by content, at most ' +
          '10,000,000 bytes). message.url is the reference to send as certDocLink or ' +
          'kitCalibDocLink; only the person who uploaded it can use it.',
        tags,
        response: { 200: ZUploadAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(415, CODES.unsupportedMediaType, MESSAGES.multipartRequired);
      }
      const userId = request.accountUserId;
      const url = await receiveUpload(
        request.em,
        app.documentStorage,
        request.parts({ limits: UPLOAD_LIMITS }),
        async () => ({ organizationId: null, userId }),
      );
      return { code: CODES.success, message: { url } };
    },
  );

  app.get(
    '/certification-options',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The certification agencies and types the person’s organizations accept',
        description:
          'For the forms that add a certification or a tester: each agency (with the types it ' +
          'certifies) accepted by an organization the person, or the company they administer, ' +
          'is registered with (not rejected), keyed by id strings as org_associated_certs.',
        tags,
        response: { 200: ZAccountCertificationOptionsAnswer },
      },
    },
    async (request) => ({
      code: CODES.success,
      message: await certificationOptions(request.em, request.accountUserId),
    }),
  );

  // Items sent for review: each answers the organizations it went to and those that refused it.
  const itemRoute = <S extends z.ZodType>(
    url: string,
    summary: string,
    body: S,
    send: (request: FastifyRequest, body: z.output<S>) => Promise<TAccountItemAnswerBody>,
  ) =>
    app.post(
      url,
      {
        onRequest: signedIn,
        validatorCompiler: shapedBodyOnly,
        schema: { summary, tags, body, response: { 200: ZAccountItemAnswer } },
      },
      async (request) => send(request, parsed(body, request.body)),
    );
  itemRoute(
    '/certifications',
    'Add a certification (waits for review; sent to every registration that takes it)',
    ZAccountAddCertificationRequest,
    (request, body) => addCertification(request.em, request.accountUserId, body),
  );
  itemRoute(
    '/certifications/renewal',
    'Renew a certification: a later expiry and its new document (waits for review)',
    ZAccountRenewCertificationRequest,
    (request, body) => renewCertification(request.em, request.accountUserId, body),
  );
  itemRoute(
    '/test-kits',
    'Add a test kit (waits for review)',
    ZAccountAddTestKitRequest,
    (request, body) => addTestKit(request.em, request.accountUserId, body),
  );
  itemRoute(
    '/test-kits/calibration',
    'Send a test kit’s new calibration: its date and document (waits for review)',
    ZAccountCalibrationRequest,
    (request, body) => renewCalibration(request.em, request.accountUserId, body),
  );

  app.post(
    '/test-kits/retire',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Retire a test kit no longer in use',
        tags,
        body: ZAccountRetireTestKitRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      retireTestKit(
        request.em,
        request.accountUserId,
        parsed(ZAccountRetireTestKitRequest, request.body).key,
      ),
  );

  app.post(
    '/registrations',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Register with another organization from the record kept here',
        description:
          'Sends the person’s company, their current certifications the organization accepts ' +
          'and their test kits in use (documents reused) to a new registration that waits for ' +
          'the organization’s review. 409 when already registered there, or when the ' +
          'organization needs more certifications than the record has.',
        tags,
        body: ZAccountJoinRequest,
        response: { 200: ZAccountJoinAnswer },
      },
    },
    async (request) =>
      registerWithOrganization(
        request.em,
        request.accountUserId,
        parsed(ZAccountJoinRequest, request.body).hashValue,
        { language: request.language, publicUrl, cache: app.linkCache },
      ),
  );

  app.post(
    '/company/people',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'A company admin adds a tester or an admin to their company',
        description:
          'The wizard’s fields and rules. The person is registered, for review, with every ' +
          'organization the company is registered with that takes them, and emailed a sign-in ' +
          'link (72 hours). 403 for anyone who is not the company’s admin now.',
        tags,
        body: ZAccountAddPersonRequest,
        response: { 200: ZAccountItemAnswer },
      },
    },
    async (request) =>
      addPerson(request.em, request.accountUserId, parsed(ZAccountAddPersonRequest, request.body), {
        language: request.language,
        publicUrl,
      }),
  );

  app.post(
    '/company/people/remove',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'A company admin removes a person from their company',
        description: 'Ends the person’s link to the company; their registrations and history stay.',
        tags,
        body: ZAccountRemovePersonRequest,
        response: { 200: ZApiAnswer },
      },
    },
    async (request) =>
      removePerson(
        request.em,
        request.accountUserId,
        parsed(ZAccountRemovePersonRequest, request.body).personId,
      ),
  );

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
    handler: async () => {
      await query(app.orm.em.fork(), DELETE_DEAD_SESSIONS, { idleMinutes: SESSION_IDLE_MINUTES });
    },
  });
  await app.register(accountRoutes, { prefix: '/api/account' });
};

export default fp(accountPlugin, {
  name: 'account',
  dependencies: ['db', 'jobs', 'email', 'i18n', 'rate-limits', 'link-cache'],
});
