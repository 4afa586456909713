import type { AuthProvider } from 'react-admin';
import { CODES, MESSAGES } from '../../../shared/codes';
import type { HttpClient } from './httpClient';
import { tokenStore } from './tokenStore';

export type LoginParams = { email: string; password: string } | { googleCredential: string };

/** A login failure whose message is shown above the login form as it is. */
export class LoginError extends Error {
  override name = 'LoginError';
}

interface Logger {
  error(...args: unknown[]): void;
}

interface VerifyAnswer {
  code?: string;
  message?: unknown;
}

/**
 * Staff session (spec section 4, Admin session): the verified token is kept in sessionStorage
 * and checked once per page load with verify_auth. VERIFIED lets staff in; EXPIRED removes the
 * token and shows the login; any other answer removes the token, logs out and logs the failure.
 * A 401 on any later call sends the console back to the login screen.
 */
export function createAuthProvider(httpClient: HttpClient, logger: Logger = console): AuthProvider {
  let verification: Promise<void> | undefined;

  const forget = () => {
    verification = undefined;
    tokenStore.clear();
  };

  const verify = async (): Promise<void> => {
    let answer: VerifyAnswer;
    try {
      answer = (await httpClient('/api/sc/get/verify_auth')).json ?? {};
    } catch (error) {
      answer = (error as { body?: VerifyAnswer }).body ?? {
        code: CODES.fetchFailure,
        message: MESSAGES.apiFetchFailed,
      };
    }
    if (answer.code === CODES.verified) return;
    forget();
    if (answer.code !== CODES.expired) {
      logger.error('Staff session verification failed', answer.code, answer.message);
    }
    // message:false: react-admin shows the login page without a notification.
    throw { message: false };
  };

  return {
    async login(params: LoginParams) {
      forget();
      const token =
        'googleCredential' in params
          ? await googleLogin(httpClient, params.googleCredential)
          : await passwordLogin(httpClient, params.email, params.password);
      tokenStore.set(token);
      verification = Promise.resolve();
    },

    async checkAuth() {
      if (!tokenStore.get()) {
        verification = undefined;
        throw { message: false };
      }
      verification ??= verify();
      return verification;
    },

    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        forget();
        throw { message: false };
      }
    },

    async logout() {
      const token = tokenStore.get();
      forget();
      if (token) {
        try {
          await httpClient('/api/sc/session/user-logout', {
            method: 'POST',
            headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          });
        } catch {
          // The token is gone from this tab whatever the server answered.
        }
      }
      // Nothing returned: react-admin goes to its login route under the basename (/scadmin/login).
    },

    async getPermissions() {
      return undefined;
    },
  };
}

async function passwordLogin(httpClient: HttpClient, email: string, password: string) {
  let json: { verified?: string; message?: unknown };
  try {
    json = (
      await httpClient('/api/sc/session/login', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
      })
    ).json;
  } catch (error) {
    const { status, body } = error as { status?: number; body?: { message?: unknown } };
    if (status === 401) throw new LoginError(MESSAGES.loginIncorrect);
    if (status && typeof body?.message === 'string') throw new LoginError(body.message);
    throw new LoginError(MESSAGES.loginException);
  }
  if (!json?.verified) throw new LoginError(MESSAGES.loginIncorrect);
  return json.verified;
}

async function googleLogin(httpClient: HttpClient, credential: string) {
  let json: { verified?: string; message?: unknown };
  try {
    json = (
      await httpClient('/api/sc/session/google-login', {
        method: 'POST',
        body: JSON.stringify({ token: credential }),
      })
    ).json;
  } catch (error) {
    const { status, body } = error as { status?: number; body?: { message?: unknown } };
    if (!status) throw new LoginError(MESSAGES.googleLoginException);
    json = body ?? {};
  }
  if (json?.verified) return json.verified;
  if (json?.message === MESSAGES.googleUnauthorizedDomainServer) {
    throw new LoginError(MESSAGES.googleUnauthorizedDomain);
  }
  throw new LoginError(MESSAGES.googleLoginFailed);
}
