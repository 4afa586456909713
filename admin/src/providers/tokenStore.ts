// The verified staff token lives in sessionStorage (spec section 3: key authToken), so it dies
// with the tab and is never sent anywhere but our own API.
export const TOKEN_KEY = 'authToken';

/** The token this page signed in with: it needs no verification call on this page load. */
let signedInHere: string | null = null;

export const tokenStore = {
  get(): string | null {
    return sessionStorage.getItem(TOKEN_KEY);
  },
  set(token: string): void {
    sessionStorage.setItem(TOKEN_KEY, token);
    signedInHere = token;
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY);
    signedInHere = null;
  },
  /** Whether the stored token came from a sign-in on this page load. */
  signedInOnThisPage(): boolean {
    return signedInHere !== null && signedInHere === sessionStorage.getItem(TOKEN_KEY);
  },
};
