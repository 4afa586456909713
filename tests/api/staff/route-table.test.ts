import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectStaffRoutes } from '../../../api/src/plugins/auth.js';
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

/** The staff faces: every route under these declares its answers. */
const STAFF_PREFIXES = ['/api/sc/', '/api/admin/', '/api/documents/'];

/** Fastify's `/users/:userId` is OpenAPI's `/users/{userId}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

interface OpenApiAnswer {
  content?: Record<string, { schema?: { type?: string } }>;
}

/** Every media type of the answer names a schema with a type. */
const isDeclared = (answer: OpenApiAnswer | undefined) =>
  Object.values(answer?.content ?? {}).length > 0 &&
  Object.values(answer?.content ?? {}).every((media) => typeof media.schema?.type === 'string');

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

  it('declares the success and error answers of every staff route, and OpenAPI shows them', async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) =>
        route.method !== 'HEAD' && STAFF_PREFIXES.some((prefix) => route.path.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThan(40);
    const spec = (await t.app.inject({ url: '/api/docs' })).json();
    const undeclared: string[] = [];
    for (const route of routes) {
      const operation = spec.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      const answers: Record<string, OpenApiAnswer> = operation?.responses ?? {};
      const successes = Object.keys(answers).filter((status) => /^2\d\d$/.test(status));
      const declared =
        successes.length > 0 &&
        successes.every((status) => isDeclared(answers[status])) &&
        isDeclared(answers['4XX']) &&
        isDeclared(answers['5XX']);
      if (!declared) undeclared.push(`${route.method} ${route.path}`);
    }
    expect(undeclared).toEqual([]);
  });

  it("shows the staff answers' fields in OpenAPI", async () => {
    const spec = (await t.app.inject({ url: '/api/docs' })).json();
    const json = (path: string, method: string, status: string) =>
      spec.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;

    const usersList = json('/api/sc/get/users_list', 'post', '200');
    expect(usersList.required).toEqual(['code', 'message', 'finalPage']);
    expect(Object.keys(usersList.properties.message.properties)).toEqual([
      'usersInfo',
      'page',
      'total',
    ]);
    expect(usersList.properties.message.properties.usersInfo.items.required).toContain('userId');

    const orgInfo = json('/api/sc/get/orginfo/{org}', 'get', '200').properties.message.properties
      .orgInfo;
    expect(orgInfo.required).toEqual(
      expect.arrayContaining(['org_id', 'org_name', 'orgURL', 'org_associated_certs']),
    );

    const organizations = json('/api/admin/organizations', 'get', '200');
    expect(organizations.type).toBe('array');
    expect(organizations.items.required).toEqual(expect.arrayContaining(['id', 'formUrl']));

    const error = json('/api/sc/submit/user', 'post', '4XX');
    expect(Object.keys(error.properties)).toEqual(['code', 'message', 'errors']);
    expect(error.required).toEqual(['code', 'message']);

    const document = spec.paths['/api/documents/{id}'].get.responses['200'].content;
    expect(document['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(json('/api/sc/get/get_reports/{orgId}', 'post', '200').required).toEqual([
      'emailMessage',
    ]);
  });
});

describe('the staff role table', () => {
  it('holds every staff-only route, each with the role its kind of work needs', async () => {
    const roles = t.app.staffRouteRoles;
    const staffOnly = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => !isPublic(route.path),
    );
    const missing = staffOnly
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !roles.has(key));
    expect(missing).toEqual([]);
    // Reading needs the least role; changing people and organizations an Editor; the
    // certification agencies and types every form shares an Administrator.
    expect(roles.get('GET /api/admin/users')).toBe('viewer');
    expect(roles.get('POST /api/sc/get/get_reports/:orgId')).toBe('viewer');
    expect(roles.get('PUT /api/sc/submit/user/:userId')).toBe('editor');
    expect(roles.get('DELETE /api/admin/organizations/:id')).toBe('editor');
    expect(roles.get('POST /api/sc/submit/certification_agency/:agency')).toBe('administrator');
    expect(roles.get('PUT /api/admin/types/:id')).toBe('administrator');
    for (const [route, role] of roles) {
      if (route.startsWith('GET ') || route.startsWith('HEAD ')) expect(role, route).toBe('viewer');
    }
  });

  it('refuses to start with a staff route that declares no role', async () => {
    await expect(
      createTestApp({
        setup: async (app) => {
          await app.register(async (scope) => {
            protectStaffRoutes(scope);
            scope.get('/api/sc/get/undeclared', async () => ({}));
          });
        },
      }),
    ).rejects.toThrow('Staff route GET /api/sc/get/undeclared declares no staffRole');
  });
});
