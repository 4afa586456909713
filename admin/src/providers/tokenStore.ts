// The verified staff token lives in sessionStorage (spec section 3: key authToken), so it dies
// with the tab and is never sent anywhere but our own API.
export const TOKEN_KEY = 'authToken';

export const tokenStore = {
  get(): string | null {
    return sessionStorage.getItem(TOKEN_KEY);
  },
  set(token: string): void {
    sessionStorage.setItem(TOKEN_KEY, token);
  },
  clear(): void {
    sessionStorage.removeItem(TOKEN_KEY);
  },
};
