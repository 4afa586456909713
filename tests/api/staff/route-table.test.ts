import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectStaffRoutes } from '../../../api/src/plugins/auth.js';
import type { TOrganizationRole } from '../../../shared/organization-roles.js';
import {
  CONSOLE_PERMISSIONS,
  hasStaffRole,
  STAFF_ROLES,
  type TStaffRole,
} from '../../../shared/staff-roles.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, signIn } from './helpers.js';

let t: TestApp;
const tokens = {} as Record<TStaffRole, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of STAFF_ROLES) tokens[role] = (await signIn(t, role)).token;
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
  // A registrant's own calls: their session cookie guards them (tests/api/account).
  '/api/account/',
  // The read API: API keys (and its signed document links) guard it (tests/api/integrations).
  '/api/v1/',
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
  '/api/sc/session/two-factor',
  '/api/sc/session/password-link',
  '/api/sc/session/set-password',
  '/scadmin',
  '/account',
  '/account/sign-in',
  '/account/confirm-email',
  // The test form (issue 39): a page of the site; its calls are My registrations'.
  '/account/test',
  '/account/test/*',
  '/embed.js',
  '/embed-playground',
  // The public directory of approved testers (issue 28): its page, print view and CSV.
  '/testers/:slug',
  '/testers/:slug/print',
  '/testers/:slug/csv',
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
    expect(spec.paths['/api/sc/session/login']?.post?.security).toEqual([]);
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

/**
 * The least role of each kind of staff work (issue 20's role list): Administrators manage staff
 * accounts and the certification agencies and types every form shares, and alone remove people;
 * Editors change organizations, people and enrollment, keep the credential types organizations
 * ask for (issue 27), decide reviews and suspend and reinstate registrations; Viewers read every
 * screen and download and email reports. Routes a rule does not name must be reads (Viewer).
 */
const ROLE_RULES: [RegExp, TStaffRole][] = [
  [/^\w+ \/api\/admin\/staff\b/, 'administrator'],
  [/^\w+ \/api\/admin\/api-keys\b/, 'administrator'],
  [/^\w+ \/api\/admin\/webhook-(endpoints|deliveries)\b/, 'administrator'],
  [/^(POST|PUT|DELETE) \/api\/sc\/submit\/(delete_)?certification_(agency|type)/, 'administrator'],
  [/^(POST|PUT|DELETE) \/api\/admin\/(agencies|types)\b/, 'administrator'],
  [/^DELETE \/api\/admin\/users\//, 'administrator'],
  [/^(POST|PUT|DELETE) \/api\/admin\/(organizations|users|credential-types)\b/, 'editor'],
  [
    /^(POST|PUT|DELETE) \/api\/sc\/submit\/(organization|editorganization|delete_organization)\//,
    'editor',
  ],
  [/^(POST|PUT) \/api\/sc\/submit\/(user|enroll|enroll_all)\b/, 'editor'],
  [
    /^POST \/api\/sc\/submit\/review\/:registrationId\/(document|approve|request_changes|reject)$/,
    'editor',
  ],
  [/^POST \/api\/admin\/registrations\/:id\/(suspend|reinstate)$/, 'editor'],
  [/^POST \/api\/sc\/get\/(get_reports|send_email|users_list)\//, 'viewer'],
  [/^POST \/api\/sc\/get\/users_list$/, 'viewer'],
  [/^POST \/api\/sc\/(session\/user-logout|account\/)/, 'viewer'],
  [/^\w+ \/api\/admin\/organization-people\b/, 'administrator'],
  // An organization's inventory and its testing rules (issue 38).
  [/^(POST|PUT) \/api\/admin\/(locations|assemblies|testing-rules|test-report-rules)\b/, 'editor'],
  // An organization's inventory imported from the utility's file (issue 38).
  [/^(POST|PUT) \/api\/admin\/inventory-imports\b/, 'editor'],
  // Testers' corrections of the inventory, decided by the organization (issue 38).
  [/^PUT \/api\/admin\/assembly-corrections\//, 'editor'],
  // Test reports filed from the field, decided by the organization (issue 39).
  [/^PUT \/api\/admin\/test-reports\//, 'editor'],
  [/^(GET|HEAD) /, 'viewer'],
];

/**
 * The least role of an organization's people for each kind of work (issue 37), or null where
 * only the provider's staff go: Viewers read their organization's screens; Reviewers also
 * decide its reviews, enrollment and standing and keep its inventory (issue 38); Program
 * managers also its people, its testing rules, its own
 * settings, and its keys and endpoints. The provider's own records (its staff, agencies and
 * types, credential types, creating and deleting organizations, changing a person, shared by
 * every organization they registered with) stay the provider's.
 */
const ORGANIZATION_ROLE_RULES: [RegExp, TOrganizationRole | null][] = [
  [/^\w+ \/api\/admin\/staff\b/, null],
  [/^(GET|HEAD) \/api\/sc\/get\/testing_route$/, null],
  [/^(POST|PUT|DELETE) \/api\/sc\/submit\/(delete_)?certification_(agency|type)/, null],
  [/^(POST|PUT|DELETE) \/api\/admin\/(agencies|types|credential-types|users)\b/, null],
  [/^(POST|DELETE) \/api\/admin\/organizations\b/, null],
  [/^(POST|DELETE) \/api\/sc\/submit\/(organization|delete_organization)\//, null],
  [/^(POST|PUT) \/api\/sc\/submit\/user\b/, null],
  [
    /^\w+ \/api\/admin\/(api-keys|webhook-endpoints|webhook-deliveries|organization-people)\b/,
    'program_manager',
  ],
  [/^PUT \/api\/(admin\/organizations\/:id|sc\/submit\/editorganization\/)/, 'program_manager'],
  [/^PUT \/api\/admin\/(testing-rules|test-report-rules)\//, 'program_manager'],
  [/^\w+ \/api\/admin\/inventory-imports\b/, 'program_manager'],
  [/^(POST|PUT) \/api\/admin\/(locations|assemblies)\b/, 'reviewer'],
  [/^PUT \/api\/admin\/assembly-corrections\//, 'reviewer'],
  [/^PUT \/api\/admin\/test-reports\//, 'reviewer'],
  [/^POST \/api\/sc\/submit\/(enroll|enroll_all)\//, 'reviewer'],
  [
    /^POST \/api\/sc\/submit\/review\/:registrationId\/(document|approve|request_changes|reject)$/,
    'reviewer',
  ],
  [/^POST \/api\/admin\/registrations\/:id\/(suspend|reinstate)$/, 'reviewer'],
  [
    /^POST \/api\/sc\/(session\/user-logout|account\b|get\/(get_reports|send_email|users_list)\b)/,
    'viewer',
  ],
  [/^(GET|HEAD) /, 'viewer'],
];

function expectedOrganizationRole(route: string): TOrganizationRole | null | undefined {
  return ORGANIZATION_ROLE_RULES.find(([pattern]) => pattern.test(route))?.[1];
}

function expectedRole(route: string): TStaffRole | undefined {
  return ROLE_RULES.find(([pattern]) => pattern.test(route))?.[1];
}

describe('the staff role table', () => {
  it('holds every staff-only route, each with the role its kind of work needs', async () => {
    const roles = new Map(
      [...t.app.staffRouteRules].map(([route, rule]) => [route, rule.staffRole]),
    );
    const staffOnly = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => !isPublic(route.path),
    );
    const missing = staffOnly
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !roles.has(key));
    expect(missing).toEqual([]);
    const wrong: string[] = [];
    for (const [route, role] of roles) {
      const expected = expectedRole(route);
      if (expected !== role)
        wrong.push(`${route}: declares ${role}, the role list says ${expected}`);
    }
    expect(wrong).toEqual([]);
    expect(roles.get('GET /api/admin/users')).toBe('viewer');
    expect(roles.get('POST /api/sc/get/get_reports/:orgId')).toBe('viewer');
    expect(roles.get('PUT /api/sc/submit/user/:userId')).toBe('editor');
    expect(roles.get('DELETE /api/admin/organizations/:id')).toBe('editor');
    expect(roles.get('DELETE /api/admin/users/:id')).toBe('administrator');
    expect(roles.get('POST /api/sc/submit/certification_agency/:agency')).toBe('administrator');
    expect(roles.get('PUT /api/admin/types/:id')).toBe('administrator');
    expect(roles.get('GET /api/admin/staff')).toBe('administrator');
    expect(roles.get('POST /api/admin/staff/:id/deactivate')).toBe('administrator');
    expect(roles.get('POST /api/admin/registrations/:id/suspend')).toBe(
      roles.get('POST /api/sc/submit/review/:registrationId/approve'),
    );
    expect(roles.get('POST /api/admin/registrations/:id/reinstate')).toBe('editor');
  });

  it('answers each route 401 without a token, 403 below its role and never refuses its role or above', async () => {
    const routes = routeTable(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.method !== 'HEAD' && !isPublic(route.path),
    );
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const needed = t.app.staffRouteRules.get(key)?.staffRole;
      // Ids no row has, so a permitted write changes nothing the walk relies on.
      const url = route.path.replace(/:[A-Za-z]+/g, '987654').replace(/\*/g, 'x');
      const request = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      const anonymous = await request({});
      if (anonymous.statusCode !== 401)
        wrong.push(`${key} without a token -> ${anonymous.statusCode}`);
      // Signing out would end the walk's own session; it needs the least role anyway.
      if (!needed || key === 'POST /api/sc/session/user-logout') continue;
      for (const role of STAFF_ROLES) {
        const response = await request(bearer(tokens[role]));
        const refused = response.statusCode === 401 || response.statusCode === 403;
        if (hasStaffRole(role, needed) === refused) {
          wrong.push(`${key} as ${role} (needs ${needed}) -> ${response.statusCode}`);
        }
        if (response.statusCode === 403) expect(response.json().code).toBe('FORBIDDEN');
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives an organization's people the role each kind of work needs, and names what each path holds", () => {
    const wrong: string[] = [];
    for (const [route, rule] of t.app.staffRouteRules) {
      const expected = expectedOrganizationRole(route);
      if (expected !== rule.organizationRole) {
        wrong.push(`${route}: declares ${rule.organizationRole}, the role list says ${expected}`);
      }
      // Every path parameter of a route open to them names its kind of record.
      if (rule.organizationRole !== null) {
        for (const [, name] of route.matchAll(/:([A-Za-z]+)/g)) {
          if (!rule.organizationOf[name as string]) wrong.push(`${route}: :${name} names no kind`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("mirrors the server's roles in the console's permissions", () => {
    const rules = t.app.staffRouteRules;
    const rest = (resource: string, action: string) => {
      const routes: Record<string, string> = {
        list: `GET /api/admin/${resource}`,
        show: `GET /api/admin/${resource}/:id`,
        create: `POST /api/admin/${resource}`,
        edit: `PUT /api/admin/${resource}/:id`,
        delete: `DELETE /api/admin/${resource}/:id`,
      };
      return routes[action];
    };
    const route: Record<string, Record<string, string | undefined>> = {
      users: { enroll: 'POST /api/sc/submit/enroll/:orgId/:userId' },
      certifications: {
        list: 'GET /api/sc/get/certification_agencies',
        edit: 'POST /api/sc/submit/certification_agency/:agency',
      },
      reports: { list: 'POST /api/sc/get/get_reports/:orgId' },
      review: { decide: 'POST /api/sc/submit/review/:registrationId/approve' },
      registrations: { standing: 'POST /api/admin/registrations/:id/suspend' },
    };
    for (const [resource, actions] of Object.entries(CONSOLE_PERMISSIONS)) {
      for (const [action, rule] of Object.entries(actions)) {
        const key = route[resource]?.[action] ?? rest(resource, action);
        expect(key, `${resource}.${action}`).toBeDefined();
        const declared = rules.get(key as string);
        expect(
          { staff: declared?.staffRole, organization: declared?.organizationRole },
          `${resource}.${action} (${key})`,
        ).toEqual(rule);
      }
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

  it("refuses to start with a staff route that declares no organization rule, or leaves a path's record unnamed", async () => {
    const withRoute = (config: Record<string, unknown>, url = '/api/sc/get/undeclared/:id') =>
      createTestApp({
        setup: async (app) => {
          await app.register(async (scope) => {
            protectStaffRoutes(scope);
            scope.get(url, { config }, async () => ({}));
          });
        },
      });
    await expect(withRoute({ staffRole: 'viewer' })).rejects.toThrow(
      'Staff route GET /api/sc/get/undeclared/:id declares no organizationRole',
    );
    await expect(withRoute({ staffRole: 'viewer', organizationRole: 'viewer' })).rejects.toThrow(
      'Staff route GET /api/sc/get/undeclared/:id declares no organizationOf for :id',
    );
  });
});
