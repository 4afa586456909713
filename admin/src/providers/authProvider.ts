import type { AuthProvider } from 'react-admin';
import { CODES, MESSAGES } from '../../../shared/codes';
import { consoleAllows } from '../../../shared/staff-roles';
import { forgetAccount, currentAccount as readAccount } from './account';
import type { HttpClient } from './httpClient';
import { tokenStore } from './tokenStore';

/** react-admin's login: the token the sign-in page obtained (sign-in/SignIn.tsx). */
export type LoginParams = { token: string };

interface Logger {
  error(...args: unknown[]): void;
}

interface VerifyAnswer {
  code?: string;
  message?: unknown;
}

/**
 * Staff session (spec section 4, Admin session): the verified token is kept in sessionStorage
 * and checked once per page load with verify_auth (not after a sign-in on this page). VERIFIED
 * lets staff in; EXPIRED removes the token and shows the login; any other answer removes the
 * token, logs out and logs the failure. A 401 on any later call sends the console back to the
 * login screen. Permissions are whom the person acts as (their staff role, or their role in the
 * organization they work in), read once per token from /api/sc/account;
 * canAccess mirrors the server's role table (shared/staff-roles.ts), which stays the guard.
 */
export function createAuthProvider(httpClient: HttpClient, logger: Logger = console): AuthProvider {
  let verification: Promise<void> | undefined;
  const currentAccount = () => readAccount(httpClient);

  const forget = () => {
    verification = undefined;
    forgetAccount();
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
      tokenStore.set(params.token);
    },

    async checkAuth() {
      if (!tokenStore.get()) {
        verification = undefined;
        throw { message: false };
      }
      verification ??= tokenStore.signedInOnThisPage() ? Promise.resolve() : verify();
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

    async getIdentity() {
      const { id, name, email, mustEnrollTwoFactor, access, organizations } =
        await currentAccount();
      // Whom the session acts as, and an organization's person's organizations by name (the
      // app bar's switcher, and the screens that show their organization instead of a picker).
      return { id, fullName: name || email, mustEnrollTwoFactor, access, organizations };
    },

    async getPermissions() {
      return (await currentAccount()).access;
    },

    async canAccess({ resource, action }) {
      const { access } = await currentAccount();
      // User Info is the users resource's edit page and every role reads it; saving is what
      // needs an Editor, and the page offers Edit only to those who may.
      const page = resource === 'users' && action === 'edit' ? 'show' : action;
      return consoleAllows(access, resource, page);
    },
  };
}
