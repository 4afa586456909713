import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZPublicErrorAnswer } from '../../../shared/error-answers.js';

// How each route appears in the OpenAPI document at /api/docs: decided here, from what the
// route is, so no route can forget its security or its error answers.

type SecurityScheme =
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; in: 'cookie' | 'header' | 'query'; name: string; description?: string };

/** The staff token every staff route needs (protectStaffRoutes). */
const STAFF_SECURITY_SCHEME = 'bearer';
/**
 * The document's components.securitySchemes: the staff token, and the schemes modules declare
 * with documentGuard as they register (before the document is generated).
 */
export const SECURITY_SCHEMES: Record<string, SecurityScheme> = {
  [STAFF_SECURITY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The staff token that POST /api/sc/session/login answers (`verified`).',
  },
};
/** A session guard (an onRequest hook) and the name of the scheme that documents it. */
const guardSchemes = new WeakMap<object, string>();

/**
 * Documents every route that runs `guard` as its own onRequest hook with the security scheme
 * `scheme`, declared under `name` in the document's components.
 */
export function documentGuard<G extends object>(guard: G, name: string, scheme: SecurityScheme): G {
  SECURITY_SCHEMES[name] = scheme;
  guardSchemes.set(guard, name);
  return guard;
}

/** The document at /api/docs describes /api/*; /api/v1 has its own document, pages none. */
function isDocumented(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/v1');
}

type DocumentedRoute = Pick<RouteOptions, 'onRequest' | 'config'>;

/** Staff routes (protectStaffRoutes: each declares its staffRole), a guarded route, or none. */
function securityOf(route: DocumentedRoute): Record<string, string[]>[] {
  const config = route.config as { staffRole?: string } | undefined;
  if (config?.staffRole) return [{ [STAFF_SECURITY_SCHEME]: [] }];
  const scheme = [route.onRequest ?? []]
    .flat()
    .map((hook) => guardSchemes.get(hook))
    .find(Boolean);
  return scheme ? [{ [scheme]: [] }] : [];
}

const RATE_LIMITED = ZErrorResponse.meta({
  description: 'Too many requests from this address; Retry-After says how many seconds to wait.',
});

/**
 * The answers every route can give beside its own, with the bodies the errors plugin sends:
 * its refusals (a route that declares none answers the public calls' shape), 5xx (500, 503)
 * and 429 where a rate limit applies.
 */
function withCommonAnswers(response: Record<string, unknown>, route: DocumentedRoute) {
  const statuses = Object.keys(response);
  const declares = (first: string) => statuses.some((status) => status.startsWith(first));
  const config = route.config as { rateLimit?: unknown } | undefined;
  return {
    ...response,
    ...(declares('4') ? {} : { '4xx': ZPublicErrorAnswer }),
    ...(declares('5') ? {} : { '5xx': ZErrorResponse }),
    ...(config?.rateLimit && !('429' in response) ? { 429: RATE_LIMITED } : {}),
  };
}

/** A stable, URL-safe operationId: the method and the path's words (`postApiTrSubmitAll`). */
function operationIdOf(method: string, url: string): string {
  const words = `${method} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
}

/** @fastify/swagger's transform: hides what is not this document's, declares the rest. */
export const documentRoute: SwaggerTransform<FastifySchema> = (input) => {
  const { schema, url, route } = input;
  if (!isDocumented(url)) return { schema: { ...schema, hide: true }, url };
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const method = [route.method].flat()[0] ?? 'GET';
  const described = {
    ...schema,
    operationId: operationIdOf(method, url),
    security: securityOf(route),
    response: withCommonAnswers(response, route),
  };
  const result = jsonSchemaTransform({ ...input, schema: described });
  const answers = (result.schema as { response?: Record<string, Record<string, unknown>> })
    .response;
  const limited = answers?.['429'];
  if (limited && !limited.headers) {
    limited.headers = {
      'retry-after': { type: 'integer', description: 'Seconds until a new request is counted.' },
    };
  }
  return result;
};
