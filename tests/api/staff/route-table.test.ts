import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The routes anyone may call without a staff token. Everything else the app serves must answer
 * 401 to a request without one. Add to this list deliberately, never by pattern-guessing.
 */
const PUBLIC_PREFIXES = [
  '/api/tr/',
  '/api/uploads/',
  '/api/drafts/',
  '/api/docs/',
  '/form/',
  '/scadmin/',
  '/assets/',
];
const PUBLIC_EXACT = [
  '/',
  '/*',
  '/api/health',
  '/api/docs',
  '/api/sc/session/login',
  '/api/sc/session/google-login',
  '/api/sc/session/console-config',
  '/scadmin',
  '/embed.js',
  '/embed-playground',
];
/** Built files at the site root (index.html, favicon.ico …) and their .br/.gz copies. */
const ROOT_FILE = /^\/[^/]+\.(html|js|css|ico|txt|png|svg|webmanifest|map)(\.br|\.gz)?$/;

function isPublic(path: string): boolean {
  return (
    PUBLIC_EXACT.includes(path) ||
    PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
    ROOT_FILE.test(path)
  );
}

/** Every (method, path) in Fastify's route table, read from printRoutes' tree. */
function routeTable(printed: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const marker = line.search(/[└├]── /);
    if (marker === -1) continue;
    const depth = marker / 4;
    const content = line.slice(marker + 4);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(content);
    const piece = match?.[1] ?? '';
    const parent = depth === 0 ? '' : (stack[depth - 1] ?? '');
    // Wildcard nodes print without their leading slash ("scadmin" then "*").
    const joiner = piece.startsWith('*') && !parent.endsWith('/') ? '/' : '';
    const path = `${parent}${joiner}${piece}`;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match?.[2] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, path });
    }
  }
  return routes;
}

describe('the route table', () => {
  it('answers 401 without a token on every route outside the public allowlist', async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false }));
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    // The walk itself must see the routes it is meant to check.
    for (const known of [
      'POST /api/sc/session/login',
      'GET /api/sc/get/verify_auth',
      'PUT /api/sc/submit/user/:userId',
      'DELETE /api/admin/organizations/:id',
      'GET /api/documents/:id',
      'GET /api/health',
    ]) {
      expect(paths).toContain(known);
    }

    const protectedRoutes = routes.filter(
      (route) => route.method !== 'HEAD' && !isPublic(route.path),
    );
    expect(protectedRoutes.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const route of protectedRoutes) {
      const url = route.path.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401)
        open.push(`${route.method} ${route.path} -> ${response.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('sends no CORS headers from the staff API', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/organizations',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'x@example.org', password: 'y' },
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('documents the staff routes in OpenAPI with the bearer scheme', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    const users = spec.paths['/api/sc/get/users_list']?.post;
    expect(users?.security).toEqual([{ bearer: [] }]);
    expect(users?.requestBody).toBeDefined();
    expect(spec.paths['/api/admin/organizations/{id}']?.put?.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/sc/session/login']?.post?.security).toBeUndefined();
  });
});
