import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_CODES,
  SESSION_IDLE_MINUTES,
  SESSION_LONGEST_HOURS,
} from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { documentGuard } from '../../plugins/openapi-routes.js';
import {
  hashSecretToken,
  isSecretTokenShaped,
  newSecretToken,
} from '../../security/secret-tokens.js';
import {
  DELETE_DEAD_SESSIONS,
  END_SESSION,
  SESSION_PERSON,
  START_SESSION,
} from './session-queries.js';

// A registrant's session is a cookie holding a random token; only its hash is on file. The
// cookie is HttpOnly, SameSite=Lax, Secure over https, and sent only to the account's calls.

export const SESSION_COOKIE = 'bf_account';
export const SESSION_COOKIE_PATH = '/api/account';

export const linkInvalid = () =>
  new AppError(410, ACCOUNT_CODES.linkInvalid, MESSAGES.accountLinkInvalid);

/** Uses a sign-in link's token; answers the new session's cookie value and its person. */
export async function startSession(
  em: EntityManager,
  linkToken: string,
): Promise<{ sessionToken: string; userId: number }> {
  if (!isSecretTokenShaped(linkToken)) throw linkInvalid();
  const sessionToken = newSecretToken();
  const [started] = await query<
    { user_id: number },
    { linkHash: string; sessionHash: string; longestHours: number }
  >(em, START_SESSION, {
    linkHash: hashSecretToken(linkToken),
    sessionHash: hashSecretToken(sessionToken),
    longestHours: SESSION_LONGEST_HOURS,
  });
  if (!started) throw linkInvalid();
  return { sessionToken, userId: started.user_id };
}

/** The cookie's token as sent, when it could be one of ours. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const token = request.cookies?.[SESSION_COOKIE];
  return token && isSecretTokenShaped(token) ? token : undefined;
}

/** The person of the request's live session; 401 without one. */
export async function sessionPerson(em: EntityManager, request: FastifyRequest): Promise<number> {
  const token = sessionToken(request);
  if (!token) throw AppError.unauthorized();
  const [live] = await query<{ user_id: number }, { sessionHash: string; idleMinutes: number }>(
    em,
    SESSION_PERSON,
    { sessionHash: hashSecretToken(token), idleMinutes: SESSION_IDLE_MINUTES },
  );
  if (!live) throw AppError.unauthorized();
  return live.user_id;
}

/** Ends the request's session, if it has one. */
export async function endSession(em: EntityManager, request: FastifyRequest): Promise<void> {
  const token = sessionToken(request);
  if (token) await query(em, END_SESSION, { sessionHash: hashSecretToken(token) });
}

/** Whether the site is served over https (directly, or behind a trusted proxy). */
const servedSecurely = (request: FastifyRequest, publicUrl: string) =>
  request.protocol === 'https' || publicUrl.startsWith('https:');

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  publicUrl: string,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedSecurely(request, publicUrl),
    // The browser forgets it when the session ends whatever happens; idle ends it on file.
    maxAge: SESSION_LONGEST_HOURS * 3600,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  publicUrl: string,
) {
  reply.clearCookie(SESSION_COOKIE, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: servedSecurely(request, publicUrl),
  });
}

/**
 * Calls that change something must come from the site itself: SameSite=Lax already keeps the
 * cookie off other sites' POSTs, and the Origin header (sent by browsers on every POST) must be
 * the site's own address or the address the request was made to.
 */
export function checkSameOrigin(request: FastifyRequest, siteOrigin: string): void {
  const origin = request.headers.origin;
  if (!origin || (origin !== siteOrigin && origin !== `${request.protocol}://${request.host}`)) {
    throw new AppError(403, CODES.forbidden, MESSAGES.accountCrossSite);
  }
}

/** Deletes the sessions that can no longer be used (idle too long or past their end). */
export async function endDeadSessions(em: EntityManager): Promise<void> {
  await query(em, DELETE_DEAD_SESSIONS, { idleMinutes: SESSION_IDLE_MINUTES });
}

/**
 * The guard of a route of My registrations outside its own plugin (a tester's corrections and
 * test reports): the signed-in person as request.accountUserId, or 401; a call that changes
 * something must come from the site itself. Documented as the session cookie.
 */
export const accountSessionGuard = (siteOrigin: string) =>
  documentGuard(
    async (request: FastifyRequest) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        checkSameOrigin(request, siteOrigin);
      }
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
