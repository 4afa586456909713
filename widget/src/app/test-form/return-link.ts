// A returned report's personal link (/account/test#return={token}) on this page: its token read
// once and taken out of the address at once (no reload or bookmark keeps it). Opened signed out
// on a device that keeps nothing, the token waits on this device while the person signs in (as
// long as a sign-in link works, and a little more); the sign-in's page then comes back to the
// test form (AccountRoute), which opens the report with it.

/**
 * The link's mark (shared/test-report-review.ts's RETURN_LINK_HASH, which the link's email
 * writes): not imported, since that file carries the shared rules the first screen never loads.
 */
const RETURN_LINK_HASH = '#return=';
const AWAITING_KEY = 'backflow-return-link';
const AWAIT_MS = 60 * 60 * 1000;

let token: string | null | undefined;

/** The token waiting for a sign-in on this device, if one waits still. */
function awaitingToken(): string | null {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(AWAITING_KEY) ?? 'null');
    const { token: waiting, at } = (kept ?? {}) as { token?: unknown; at?: unknown };
    const fresh = typeof at === 'number' && Date.now() - at < AWAIT_MS;
    return typeof waiting === 'string' && fresh ? waiting : null;
  } catch {
    return null;
  }
}

/** The link this page was opened with (or the one waiting for a sign-in), until it is done. */
export function returnLinkToken(): string | null {
  if (token === undefined) {
    const { hash, pathname, search } = window.location;
    if (hash.startsWith(RETURN_LINK_HASH)) {
      token = hash.slice(RETURN_LINK_HASH.length) || null;
      window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    } else {
      token = awaitingToken();
    }
  }
  return token;
}

/** The link opened its report, or was refused: the test form shows its reports again. */
export function endReturnLink() {
  token = null;
  forgetAwaitingLink();
}

/** Keeps the link's token on this device while the person signs in. */
export function awaitSignIn(waiting: string) {
  try {
    localStorage.setItem(AWAITING_KEY, JSON.stringify({ token: waiting, at: Date.now() }));
  } catch {
    // Storage refused (a private mode): the person opens the emailed link again once signed in.
  }
}

/** Whether a returned report's link waits for this sign-in (the sign-in's page then goes there). */
export const linkAwaitsSignIn = () => awaitingToken() !== null;

export function forgetAwaitingLink() {
  try {
    localStorage.removeItem(AWAITING_KEY);
  } catch {
    // Nothing was kept.
  }
}
