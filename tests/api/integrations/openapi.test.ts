import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { lintOpenApi } from '../../helpers/redocly.js';

// /api/v1/openapi.json: generated from the read API's own routes and zod schemas, OpenAPI 3.1,
// every operation with its summary, security and every answer it can give.

let t: TestApp;
let spec: {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

type Operation = {
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown>; headers?: object }>;
};

const operations = () =>
  Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation as Operation,
    })),
  );

describe('the read API’s OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const { errors } = await lintOpenApi(spec);
    expect(errors).toEqual([]);
  });

  it('describes only /api/v1, in OpenAPI 3.1, with the API key scheme', () => {
    expect(spec.openapi).toBe('3.1.0');
    const paths = Object.keys(spec.paths);
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/organizations',
        '/api/v1/organizations/{id}',
        '/api/v1/registrations',
        '/api/v1/people/{id}',
        '/api/v1/companies',
        '/api/v1/certifications',
        '/api/v1/test-kits/{id}',
        '/api/v1/locations',
        '/api/v1/assemblies/{id}',
        '/api/v1/test-reports',
        '/api/v1/test-reports/{id}',
        '/api/v1/documents/{id}/link',
        '/api/v1/document-files/{token}',
      ]),
    );
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(spec.components.securitySchemes?.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('gives every operation a summary, its security and a problem body for each refusal', () => {
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      const keyed = !path.startsWith('/api/v1/document-files/');
      expect(operation.security, where).toEqual(keyed ? [{ apiKey: [] }] : []);
      const statuses = Object.keys(operation.responses);
      const expected = [
        '200',
        '400',
        ...(keyed ? ['401'] : []),
        ...(path.endsWith('}') || path.endsWith('/link') ? ['404'] : []),
        '429',
        '5XX',
      ];
      expect(statuses.sort(), where).toEqual(expected.sort());
      for (const status of statuses.filter((code) => code !== '200')) {
        expect(
          Object.keys(operation.responses[status]?.content ?? {}),
          `${where} ${status}`,
        ).toEqual(['application/problem+json']);
      }
      expect(operation.responses['429']?.headers, where).toHaveProperty('retry-after');
    }
  });
});
