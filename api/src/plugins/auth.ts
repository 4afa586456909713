import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES } from '../../../shared/codes.js';
import { STAFF_MESSAGES } from '../../../shared/staff.js';
import { hasStaffRole, type TStaffRole } from '../../../shared/staff-roles.js';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Refuses the request with 401 unless it carries a live staff token; sets request.staff.
     * Decorated by the staff-auth module; protectStaffRoutes runs it as an onRequest hook, before
     * body validation.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** The role the request's staff member holds, and whether two-step setup is still owed. */
    staffStanding: (request: FastifyRequest) => { role: TStaffRole; mustEnrollTwoFactor: boolean };
    /** Every staff route ("METHOD /path") and the role it declares: the role table. */
    staffRouteRoles: Map<string, TStaffRole>;
  }
  interface FastifyContextConfig {
    /** The least staff role a staff route needs; every staff route declares one. */
    staffRole?: TStaffRole;
    /** Answers a person whose role requires two-step sign-in before they have set it up. */
    beforeTwoFactor?: boolean;
  }
}

/** The route table of staff roles, filled as staff routes register. */
const staffRoutesPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('staffRouteRoles', new Map<string, TStaffRole>());
};

export const staffRoutes = fp(staffRoutesPlugin, { name: 'staff-routes' });

const forbidden = () => new AppError(403, CODES.forbidden, STAFF_MESSAGES.forbidden);

/**
 * Makes every route registered after it in this plugin scope staff-only: 401 without a live
 * token, 403 when the person's role is below the route's, both before body validation or any
 * handler runs. Each route must declare `config: { staffRole }`; one without it stops the app
 * from starting, and the OpenAPI documents the routes with it by the bearer scheme
 * (openapi-routes.ts). A person whose role must use two-step sign-in reaches only the routes
 * that set it up until they have.
 */
export function protectStaffRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    await app.requireStaff(request);
    const { staffRole, beforeTwoFactor } = request.routeOptions.config;
    const standing = app.staffStanding(request);
    if (!staffRole || !hasStaffRole(standing.role, staffRole)) throw forbidden();
    if (standing.mustEnrollTwoFactor && !beforeTwoFactor) {
      throw new AppError(403, CODES.twoFactorRequired, STAFF_MESSAGES.twoFactorEnrollmentRequired);
    }
  });
  app.addHook('onRoute', (route) => {
    const role = (route.config as { staffRole?: TStaffRole } | undefined)?.staffRole;
    const methods = [route.method].flat();
    if (!role) {
      throw new Error(`Staff route ${methods.join(',')} ${route.url} declares no staffRole`);
    }
    for (const method of methods) app.staffRouteRoles.set(`${method} ${route.url}`, role);
  });
}
