import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { routeInjectThroughContractProxy } from '../../helpers/contract-proxy.js';
import { lintOpenApi } from '../../helpers/redocly.js';

// The document at /api/docs passes Redocly's recommended rules with no error, and every route
// is documented with its security; a route added without a summary fails here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    setup: (app) => {
      // Routes added later by hand: one forgets its summary, one belongs to /api/v1's document.
      app.get('/api/openapi-check/no-summary', async () => ({ ok: true }));
      app.get('/api/v1/openapi-check', async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());

describe('the OpenAPI document at /api/docs', () => {
  it("passes Redocly's recommended rules with no error but the route without a summary", async () => {
    const { errors } = await lintOpenApi(t.app.swagger());
    expect(errors).toEqual([
      'operation-summary at #/paths/~1api~1openapi-check~1no-summary/get/summary: Operation object should contain `summary` field.',
    ]);
  });

  it('leaves out the pages and the /api/v1 routes, which have their own document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs' })).json().paths);
    expect(
      paths.filter((route) => !route.startsWith('/api/') || route.startsWith('/api/v1')),
    ).toEqual([]);
    expect(paths).toContain('/api/tr/submit/all');
  });

  it('documents the staff token on every staff route, the session on the account’s, none elsewhere', async () => {
    const spec = (await t.app.inject({ url: '/api/docs' })).json();
    expect(Object.keys(spec.components.securitySchemes).sort()).toEqual([
      'accountSession',
      'bearer',
    ]);
    const staffRoutes = new Set(t.app.staffRouteRules.keys());
    const wrong: string[] = [];
    for (const [route, operations] of Object.entries<Record<string, { security?: unknown }>>(
      spec.paths,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        const fastifyRoute = `${method.toUpperCase()} ${route.replace(/\{(\w+)\}/g, ':$1')}`;
        const expected = staffRoutes.has(fastifyRoute)
          ? [{ bearer: [] }]
          : route.startsWith('/api/account/') &&
              !/sign-in-link|session|email\/confirm|test-reports\/returned/.test(route)
            ? [{ accountSession: [] }]
            : [];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected))
          wrong.push(fastifyRoute);
      }
    }
    expect(wrong).toEqual([]);
    expect(staffRoutes.size).toBeGreaterThan(40);
  });

  it('declares the rate-limited answer with its body and Retry-After where a limit applies', async () => {
    const spec = (await t.app.inject({ url: '/api/docs' })).json();
    const limited = spec.paths['/api/tr/get/orginfo/{hash}'].get.responses['429'];
    expect(limited.headers['retry-after'].schema.type).toBe('integer');
    expect(limited.content['application/json'].schema.required).toEqual(['code', 'message']);
    const refused = spec.paths['/api/tr/submit/all'].post.responses['4XX'];
    expect(refused.content['application/json'].schema.required).toEqual(['code', 'message']);
  });
});

describe('the contract run', () => {
  it('fails a call whose answer contradicts the document, and passes one that keeps to it', async () => {
    const liar = await createTestApp({
      setup: (app) => {
        const ok = z.object({ ok: z.boolean() });
        app.get('/api/contract-check/kept', { schema: { response: { 200: ok } } }, async () => ({
          ok: true,
        }));
        // Documented as answering 201, it answers 200.
        app.get('/api/contract-check/broken', { schema: { response: { 201: ok } } }, async () => ({
          ok: true,
        }));
      },
    });
    const proxy = await routeInjectThroughContractProxy(liar.app);
    try {
      expect((await liar.app.inject({ url: '/api/contract-check/kept' })).json()).toEqual({
        ok: true,
      });
      await expect(liar.app.inject({ url: '/api/contract-check/broken' })).rejects.toThrow(
        /GET \/api\/contract-check\/broken contradicts the OpenAPI document/,
      );
    } finally {
      await proxy.close();
      await liar.close();
    }
  });
});
