// @vitest-environment jsdom
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAccount } from './account';
import { createAuthProvider } from './authProvider';
import type { HttpClient, HttpResponse } from './httpClient';
import { TOKEN_KEY } from './tokenStore';

const ok = (json: unknown): HttpResponse => ({
  status: 200,
  headers: new Headers(),
  body: JSON.stringify(json),
  json,
});

function setup(answer: (url: string) => Promise<HttpResponse>) {
  const httpClient = vi.fn<HttpClient>((url) => answer(url));
  const logger = { error: vi.fn() };
  return { httpClient, logger, auth: createAuthProvider(httpClient, logger) };
}

afterEach(() => {
  sessionStorage.clear();
  forgetAccount();
});

describe('authProvider session checks', () => {
  it('lets staff in when the stored token verifies, and verifies once per page load', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'good-token');
    const { auth, httpClient, logger } = setup(async () => ok({ code: 'VERIFIED', message: 'ok' }));
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(httpClient).toHaveBeenCalledTimes(1);
    expect(httpClient.mock.calls[0]?.[0]).toBe('/api/sc/get/verify_auth');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('good-token');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('removes an EXPIRED token and shows the login without logging a failure', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'old-token');
    const { auth, logger } = setup(async () => {
      throw new HttpError('expired', 401, { code: 'EXPIRED', message: 'expired' });
    });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('removes the token, logs out and logs the failure on any other answer', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'odd-token');
    const { auth, logger } = setup(async () => ok({ code: 'INVALID', message: 'bad signature' }));
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(logger.error).toHaveBeenCalledWith(
      'Staff session verification failed',
      'INVALID',
      'bad signature',
    );
  });

  it('treats a network failure during verification as a failed session', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'token');
    const { auth, logger } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(logger.error).toHaveBeenCalledWith(
      'Staff session verification failed',
      'FETCH FAILURE',
      'API fetch failed.',
    );
  });

  it('shows the login without calling the server when no token is stored', async () => {
    const { auth, httpClient } = setup(async () => ok({ code: 'VERIFIED' }));
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(httpClient).not.toHaveBeenCalled();
  });

  it('returns to the login on a 401 from any call and forgets the token', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'token');
    const { auth } = setup(async () => ok({}));
    await expect(auth.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('token');
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({ message: false });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('authProvider logout', () => {
  it('revokes the token on the server, clears it and leaves the redirect to the login route', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'live-token');
    const { auth, httpClient } = setup(async () => ok({ code: 'SUCCESS' }));
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    const [url, options] = httpClient.mock.calls[0] ?? [];
    expect(url).toBe('/api/sc/session/user-logout');
    expect(new Headers(options?.headers).get('Authorization')).toBe('Bearer live-token');
  });

  it('still clears the token when the server cannot be reached', async () => {
    sessionStorage.setItem(TOKEN_KEY, 'live-token');
    const { auth } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('authProvider login', () => {
  it('stores the token the sign-in page obtained, and the next check needs no verification call', async () => {
    const { auth, httpClient } = setup(async () => ok({ code: 'VERIFIED', message: 'ok' }));
    await auth.login({ token: 'new-token' });
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('new-token');
    await auth.checkAuth({});
    expect(httpClient).not.toHaveBeenCalled();
  });
});

describe('authProvider permissions', () => {
  it("offers what the person's role may do, read once per token", async () => {
    sessionStorage.setItem(TOKEN_KEY, 'viewer-token');
    const { auth, httpClient } = setup(async () =>
      ok({
        id: 7,
        email: 'v@x.org',
        name: '',
        role: 'viewer',
        access: { kind: 'provider', role: 'viewer' },
        organizations: [],
      }),
    );
    expect(await auth.getPermissions?.({})).toEqual({ kind: 'provider', role: 'viewer' });
    expect(await auth.canAccess?.({ resource: 'organizations', action: 'list' })).toBe(true);
    expect(await auth.canAccess?.({ resource: 'organizations', action: 'create' })).toBe(false);
    expect(await auth.canAccess?.({ resource: 'staff', action: 'list' })).toBe(false);
    // User Info is the users resource's edit page: every role reads it.
    expect(await auth.canAccess?.({ resource: 'users', action: 'edit' })).toBe(true);
    expect(httpClient).toHaveBeenCalledTimes(1);
    expect(httpClient.mock.calls[0]?.[0]).toBe('/api/sc/account');
  });

  it("offers an organization's Reviewer their organization's work and none of the provider's", async () => {
    sessionStorage.setItem(TOKEN_KEY, 'reviewer-token');
    const { auth } = setup(async () =>
      ok({
        id: 8,
        email: 'r@city.example.gov',
        name: '',
        role: null,
        access: { kind: 'organization', role: 'reviewer', organizationId: 3 },
        organizations: [{ id: 3, name: 'Springfield Water', role: 'reviewer' }],
      }),
    );
    expect(await auth.canAccess?.({ resource: 'review', action: 'decide' })).toBe(true);
    expect(await auth.canAccess?.({ resource: 'registrations', action: 'standing' })).toBe(true);
    expect(await auth.canAccess?.({ resource: 'organizations', action: 'edit' })).toBe(false);
    expect(await auth.canAccess?.({ resource: 'organizations', action: 'create' })).toBe(false);
    expect(await auth.canAccess?.({ resource: 'organization-people', action: 'list' })).toBe(false);
    expect(await auth.canAccess?.({ resource: 'staff', action: 'list' })).toBe(false);
    expect(await auth.canAccess?.({ resource: 'api-keys', action: 'list' })).toBe(false);
    // An unknown screen is the provider's Administrators'.
    expect(await auth.canAccess?.({ resource: 'unknown', action: 'list' })).toBe(false);
  });

  it("offers an organization's inventory to read to every role, its changes and testers' corrections to Reviewers and Editors, its rules and imports to Program managers and Editors", async () => {
    const allowed = async (access: unknown) => {
      forgetAccount();
      sessionStorage.setItem(TOKEN_KEY, `token-${JSON.stringify(access)}`);
      const { auth } = setup(async () =>
        ok({ id: 9, email: 'p@x.org', name: '', role: null, access, organizations: [] }),
      );
      const shown: string[] = [];
      for (const [resource, action] of [
        ['locations', 'list'],
        ['locations', 'show'],
        ['locations', 'create'],
        ['locations', 'edit'],
        ['assemblies', 'list'],
        ['assemblies', 'show'],
        ['assemblies', 'create'],
        ['assemblies', 'edit'],
        ['testing-rules', 'show'],
        ['testing-rules', 'edit'],
        ['test-report-rules', 'show'],
        ['test-report-rules', 'edit'],
        ['inventory-imports', 'create'],
        ['assembly-corrections', 'list'],
        ['assembly-corrections', 'show'],
        ['assembly-corrections', 'edit'],
      ] as const) {
        if (await auth.canAccess?.({ resource, action })) shown.push(`${resource}.${action}`);
      }
      return shown;
    };
    const reads = [
      'locations.list',
      'locations.show',
      'assemblies.list',
      'assemblies.show',
      'testing-rules.show',
      'test-report-rules.show',
      'assembly-corrections.list',
      'assembly-corrections.show',
    ];
    const changes = [
      'locations.create',
      'locations.edit',
      'assemblies.create',
      'assemblies.edit',
      'assembly-corrections.edit',
    ];
    const settings = ['testing-rules.edit', 'test-report-rules.edit', 'inventory-imports.create'];
    const sorted = (names: string[]) => [...names].sort();
    const organization = (role: string) => ({ kind: 'organization', role, organizationId: 3 });
    expect(sorted(await allowed(organization('viewer')))).toEqual(sorted(reads));
    expect(sorted(await allowed(organization('reviewer')))).toEqual(sorted([...reads, ...changes]));
    expect(sorted(await allowed(organization('program_manager')))).toEqual(
      sorted([...reads, ...changes, ...settings]),
    );
    expect(sorted(await allowed({ kind: 'provider', role: 'viewer' }))).toEqual(sorted(reads));
    expect(sorted(await allowed({ kind: 'provider', role: 'editor' }))).toEqual(
      sorted([...reads, ...changes, ...settings]),
    );
  });
});
