import { MESSAGES } from '../../../shared/codes';
import { SIGN_IN_MESSAGES } from '../../../shared/staff-sign-in';

// The calls of signing in, choosing a password and two-step sign-in, made with plain fetch: the
// small sign-in entry loads neither react-admin nor zod. Failures are worded as the spec says.

/** A sign-in failure whose message is shown above the form as it is. */
export class SignInError extends Error {
  override name = 'SignInError';
}

/** A right password (or Google) for an account with two-step sign-in: a code comes next. */
interface TwoFactorChallenge {
  challenge: string;
}
export type SignInOutcome = { token: string } | TwoFactorChallenge;

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A JSON call; a network failure is a SignInError saying `unreachable`. */
async function call(
  fetchImpl: Fetch,
  unreachable: string,
  url: string,
  body?: unknown,
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new SignInError(unreachable);
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

const serverMessage = (json: Record<string, unknown>) =>
  typeof json.message === 'string' && json.message ? json.message : undefined;

function outcomeOf(json: Record<string, unknown>): SignInOutcome | undefined {
  if (typeof json.verified === 'string' && json.verified) return { token: json.verified };
  if (json.twoFactorRequired === true && typeof json.challenge === 'string') {
    return { challenge: json.challenge };
  }
  return undefined;
}

export function signInCalls(fetchImpl: Fetch = (...args) => fetch(...args)) {
  return {
    async consoleConfig(): Promise<{ googleClientId: string; production: boolean }> {
      const { json } = await call(
        fetchImpl,
        MESSAGES.serverUnreachable,
        '/api/sc/session/console-config',
      );
      return {
        googleClientId: typeof json.googleClientId === 'string' ? json.googleClientId : '',
        production: json.production === true,
      };
    },

    async password(email: string, password: string): Promise<SignInOutcome> {
      const answer = await call(fetchImpl, MESSAGES.loginException, '/api/sc/session/login', {
        email,
        password,
      });
      const outcome = answer.status === 200 ? outcomeOf(answer.json) : undefined;
      if (outcome) return outcome;
      if (answer.status === 401 || answer.status === 200) {
        throw new SignInError(MESSAGES.loginIncorrect);
      }
      throw new SignInError(serverMessage(answer.json) ?? MESSAGES.loginException);
    },

    async google(credential: string): Promise<SignInOutcome> {
      const answer = await call(
        fetchImpl,
        MESSAGES.googleLoginException,
        '/api/sc/session/google-login',
        { token: credential },
      );
      const outcome = outcomeOf(answer.json);
      if (outcome) return outcome;
      const message = serverMessage(answer.json);
      if (message === MESSAGES.googleUnauthorizedDomainServer) {
        throw new SignInError(MESSAGES.googleUnauthorizedDomain);
      }
      // Our own refusals that the spec's Google messages do not cover are shown as they are.
      if (message === SIGN_IN_MESSAGES.noAccessYet || message === SIGN_IN_MESSAGES.rateLimited) {
        throw new SignInError(message);
      }
      throw new SignInError(MESSAGES.googleLoginFailed);
    },

    async twoFactor(challenge: string, code: string): Promise<string> {
      const answer = await call(fetchImpl, MESSAGES.loginException, '/api/sc/session/two-factor', {
        challenge,
        code,
      });
      const outcome = answer.status === 200 ? outcomeOf(answer.json) : undefined;
      if (outcome && 'token' in outcome) return outcome.token;
      throw new SignInError(serverMessage(answer.json) ?? SIGN_IN_MESSAGES.codeIncorrect);
    },

    /** Whom a password link is for; throws with the words to show when it is not valid. */
    async passwordLink(token: string): Promise<{ email: string; purpose: 'invite' | 'reset' }> {
      const answer = await call(
        fetchImpl,
        MESSAGES.serverUnreachable,
        `/api/sc/session/password-link?token=${encodeURIComponent(token)}`,
      );
      const { email, purpose } = answer.json;
      if (answer.status === 200 && typeof email === 'string') {
        return { email, purpose: purpose === 'reset' ? 'reset' : 'invite' };
      }
      throw new SignInError(serverMessage(answer.json) ?? SIGN_IN_MESSAGES.linkInvalid);
    },

    async setPassword(token: string, password: string): Promise<void> {
      const answer = await call(
        fetchImpl,
        MESSAGES.serverUnreachable,
        '/api/sc/session/set-password',
        { token, password },
      );
      if (answer.status === 200) return;
      throw new SignInError(serverMessage(answer.json) ?? MESSAGES.apiSubmissionError);
    },
  };
}

export type SignInCalls = ReturnType<typeof signInCalls>;
