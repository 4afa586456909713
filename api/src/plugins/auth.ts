import type { FastifyInstance, FastifyRequest } from 'fastify';

/** OpenAPI security requirement of every staff route. */
const STAFF_SECURITY = [{ bearer: [] as string[] }];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Refuses the request with 401 unless it carries a live staff token; sets request.staff.
     * Decorated by the staff-auth module; protectStaffRoutes runs it as an onRequest hook, before
     * body validation.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Makes every route registered after it in this plugin scope staff-only: 401 before body
 * validation or any handler runs, and documented with the bearer scheme in OpenAPI.
 */
export function protectStaffRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', app.requireStaff);
  app.addHook('onRoute', (route) => {
    route.schema = { ...(route.schema ?? {}), security: STAFF_SECURITY };
  });
}
