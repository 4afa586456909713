import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CODES } from '../../../../shared/codes.js';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import {
  ZChangePasswordRequest,
  ZTwoFactorCodeRequest,
} from '../../../../shared/staff-accounts.js';
import {
  withErrorResponses,
  ZAccountResponse,
  ZRecoveryCodesResponse,
  ZSuccessResponse,
  ZTwoFactorSetupResponse,
} from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import {
  changeOwnPassword,
  confirmTwoFactor,
  disableTwoFactor,
  getAccount,
  startTwoFactor,
} from './own-account.js';

const tags = ['staff account'];

/**
 * The signed-in person's own account (any role): who they are, their password and two-step
 * sign-in. Reading the account and setting up two-step sign-in answer before it is set up, so a
 * role that requires it can get there.
 */
export const staffAccountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  const { rules } = app.staffAuth;

  app.get(
    '/api/sc/account',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer', beforeTwoFactor: true },
      schema: {
        tags,
        summary: 'The signed-in staff member: email, name, role and sign-in settings.',
        response: withErrorResponses({ 200: ZAccountResponse }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getAccount(request.em, request.staff, rules)),
  );

  app.post(
    '/api/sc/account/password',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags,
        summary: 'Changes the password (current one required); the other sessions end.',
        body: ZChangePasswordRequest,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      await changeOwnPassword(request.em, request.staff, request.body);
      return { code: CODES.success, message: STAFF_MESSAGES.passwordChanged };
    },
  );

  app.post(
    '/api/sc/account/two-factor/setup',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer', beforeTwoFactor: true },
      schema: {
        tags,
        summary: 'Starts setting up an authenticator app: a new secret and its QR code.',
        response: withErrorResponses({ 200: ZTwoFactorSetupResponse }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await startTwoFactor(request.em, request.staff)),
  );

  app.post(
    '/api/sc/account/two-factor/confirm',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer', beforeTwoFactor: true },
      schema: {
        tags,
        summary: "Turns two-step sign-in on with the app's code; answers one-time recovery codes.",
        body: ZTwoFactorCodeRequest,
        response: withErrorResponses({ 200: ZRecoveryCodesResponse }),
      },
    },
    async (request, reply) => {
      const recoveryCodes = await confirmTwoFactor(request.em, request.staff, request.body.code);
      return reply.header('cache-control', 'no-store').send({
        code: CODES.success,
        message: STAFF_MESSAGES.twoFactorOn,
        recoveryCodes,
      });
    },
  );

  app.post(
    '/api/sc/account/two-factor/disable',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags,
        summary: 'Turns two-step sign-in off with a code, unless the role requires it.',
        body: ZTwoFactorCodeRequest,
        response: withErrorResponses({ 200: ZSuccessResponse }),
      },
    },
    async (request) => {
      await disableTwoFactor(request.em, request.staff, request.body.code, rules);
      return { code: CODES.success, message: STAFF_MESSAGES.twoFactorOff };
    },
  );
};
