import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ZAccountAddCertificationRequest,
  ZAccountAddCredentialRequest,
  ZAccountAddPersonRequest,
  ZAccountAddTestKitRequest,
  ZAccountCalibrationRequest,
  ZAccountCertificationOptionsAnswer,
  ZAccountCredentialOptionsAnswer,
  ZAccountItemAnswer,
  ZAccountJoinAnswer,
  ZAccountJoinLink,
  ZAccountJoinPrefillAnswer,
  ZAccountJoinRequest,
  ZAccountRemovePersonRequest,
  ZAccountRenewCertificationRequest,
  ZAccountRenewCredentialRequest,
  ZAccountRetireTestKitRequest,
} from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { ZApiAnswer, ZUploadAnswer } from '../../../../shared/registration.js';
import { AppError } from '../../errors.js';
import { shapedBodyOnly } from '../registration/body-shape.js';
import { receiveUpload, UPLOAD_LIMITS } from '../uploads/receive.js';
import { certificationOptions } from './certification-options.js';
import { addCertification, renewCertification } from './certifications.js';
import { addPerson, removePerson } from './company.js';
import { addCredential, credentialOptions, renewCredential } from './credentials.js';
import { registerWithOrganization } from './join.js';
import { joinPrefill } from './join-prefill.js';
import { type AccountApp, parsed, type RouteContext, tags } from './route-context.js';
import { addTestKit, renewCalibration, retireTestKit } from './test-kits.js';

// The changes a signed-in person sends from My registrations: their uploads, items for review
// (certifications, test kits and credentials), a company admin's people, and registering with another
// organization. The plugin (routes.ts) checks the origin of every one.

type TAccountItemAnswerBody = z.output<typeof ZAccountItemAnswer>;

export function registerChangeRoutes(app: AccountApp, context: RouteContext) {
  const { signedIn, publicUrl } = context;
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

  app.get(
    '/credential-options',
    {
      onRequest: signedIn,
      schema: {
        summary: 'The credential types the person’s organizations ask of them',
        description:
          'For the form that adds a credential: each type asked by an organization of the ' +
          'person’s registrations (not rejected), a tester’s types for a tester and the ' +
          'company’s for a company admin, with each organization’s own rule (required, ' +
          'minimum coverage, additional insured).',
        tags,
        response: { 200: ZAccountCredentialOptionsAnswer },
      },
    },
    async (request) => ({
      code: CODES.success,
      message: await credentialOptions(request.em, request.accountUserId),
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
    '/credentials',
    'Add a credential of a type an organization asks for (waits for review)',
    ZAccountAddCredentialRequest,
    (request, body) => addCredential(request.em, request.accountUserId, body),
  );
  itemRoute(
    '/credentials/renewal',
    'Renew a credential: its new document and later expiry (waits for review)',
    ZAccountRenewCredentialRequest,
    (request, body) => renewCredential(request.em, request.accountUserId, body),
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

  app.get(
    '/registrations/prefill',
    {
      onRequest: signedIn,
      schema: {
        summary: 'What registering with another organization would carry from the record',
        description:
          'For the organization’s form opened by a signed-in person: the person, their ' +
          'company, the certifications (a tester’s current ones the organization accepts), ' +
          'test kits in use and credentials on file its rules take, exactly as POST ' +
          '/api/account/registrations would carry them (documents stay on file, unnamed), and ' +
          'what the organization needs beyond them: how many more certifications, and each ' +
          'required credential type with nothing on file its rules take. Nothing is written. ' +
          '404 for a link that opens no form, 409 when already registered there or without a ' +
          'company. Cache-Control: no-store.',
        tags,
        querystring: ZAccountJoinLink,
        response: { 200: ZAccountJoinPrefillAnswer },
      },
    },
    async (request, reply) => {
      const prefill = await joinPrefill(
        request.em,
        request.accountUserId,
        request.query.hashValue,
        {
          cache: app.linkCache,
        },
      );
      reply.header('cache-control', 'no-store');
      return { code: CODES.success, message: prefill };
    },
  );

  app.post(
    '/registrations',
    {
      onRequest: signedIn,
      validatorCompiler: shapedBodyOnly,
      schema: {
        summary: 'Register with another organization from the record kept here',
        description:
          'Sends the person’s company, their current certifications the organization accepts, ' +
          'their test kits in use and the credentials on file its rules take (documents ' +
          'reused) to a new registration that waits for the organization’s review. What the ' +
          'organization needs beyond the record can be sent with it, as its form’s final ' +
          'submit takes them: userCerts (a tester’s certifications), userCredentials (the ' +
          'tester’s own) and companyCredentials, by credential type id; an added credential ' +
          'replaces the one on file of its type. They are checked by the organization’s rules ' +
          'and their documents must be uploads for it (POST /api/uploads/docUpload) not used ' +
          'yet: 422 FINAL ERRORS (certErrors[0][position], credentialErrors[0][typeId], ' +
          'companyCredentialErrors[typeId]); 400 for certifications or tester credentials ' +
          'from a company admin. They are recorded on the new registration only. 409 when ' +
          'already registered there, or when the organization still needs more ' +
          'certifications or a required credential.',
        tags,
        body: ZAccountJoinRequest,
        response: { 200: ZAccountJoinAnswer },
      },
    },
    async (request) =>
      registerWithOrganization(
        request.em,
        request.accountUserId,
        parsed(ZAccountJoinLink, request.body).hashValue,
        request.body,
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
}
