import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TStaffRole } from '../../../shared/staff-roles.js';

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
    /** Every staff route ("METHOD /path") and the role it declares: the role table. */
    staffRouteRoles: Map<string, TStaffRole>;
  }
  interface FastifyContextConfig {
    /** The least staff role a staff route needs; every staff route declares one. */
    staffRole?: TStaffRole;
  }
}

/** The route table of staff roles, filled as staff routes register. */
const staffRoutesPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('staffRouteRoles', new Map<string, TStaffRole>());
};

export const staffRoutes = fp(staffRoutesPlugin, { name: 'staff-routes' });

/**
 * Makes every route registered after it in this plugin scope staff-only: 401 before body
 * validation or any handler runs, documented with the bearer scheme in OpenAPI. Each route must
 * declare `config: { staffRole }`; one without it stops the app from starting.
 */
export function protectStaffRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', app.requireStaff);
  app.addHook('onRoute', (route) => {
    const role = (route.config as { staffRole?: TStaffRole } | undefined)?.staffRole;
    const methods = [route.method].flat();
    if (!role) {
      throw new Error(`Staff route ${methods.join(',')} ${route.url} declares no staffRole`);
    }
    for (const method of methods) app.staffRouteRoles.set(`${method} ${route.url}`, role);
    route.schema = { ...(route.schema ?? {}), security: STAFF_SECURITY };
  });
}
