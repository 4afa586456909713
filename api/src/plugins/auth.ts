import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES } from '../../../shared/codes.js';
import type { TOrganizationRole } from '../../../shared/organization-roles.js';
import { STAFF_MESSAGES } from '../../../shared/staff.js';
import { accessAllows, type TStaffAccess, type TStaffRole } from '../../../shared/staff-roles.js';
import { AppError } from '../errors.js';

/**
 * The kinds of record a staff route's path names. A route open to an organization's people
 * declares each path parameter's kind (`config.organizationOf`), and the record must belong to
 * the person's organization before anything else runs; 'shared' is reference data every
 * organization reads, 'value' is not a record.
 */
export const PATH_PARAMETER_KINDS = [
  'organization',
  'organizationName',
  'organizationRef',
  'user',
  'registration',
  'document',
  'auditEntry',
  'expiringItem',
  'apiKey',
  'webhookEndpoint',
  'webhookDelivery',
  'membership',
  'location',
  'assembly',
  'assemblyCorrection',
  'assemblyComplianceChange',
  'testReport',
  'inventory_import',
  'shared',
  'value',
] as const;
export type TPathParameterKind = (typeof PATH_PARAMETER_KINDS)[number];
export type TOrganizationRecordKind = Exclude<TPathParameterKind, 'shared' | 'value'>;

/** A staff route's declared rule: who may call it, and what its path names. */
export interface StaffRouteRule {
  /** The least role of the provider's staff. */
  staffRole: TStaffRole;
  /** The least role of an organization's people; null: the provider's staff only. */
  organizationRole: TOrganizationRole | null;
  /** Each path parameter's kind (routes open to an organization's people). */
  organizationOf: Readonly<Record<string, TPathParameterKind>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Refuses the request with 401 unless it carries a live staff token; sets request.staff.
     * Decorated by the staff-auth module; protectStaffRoutes runs it as an onRequest hook, before
     * body validation.
     */
    requireStaff: (request: FastifyRequest) => Promise<void>;
    /** Who the request's person acts as, and whether two-step setup is still owed. */
    staffStanding: (request: FastifyRequest) => {
      access: TStaffAccess;
      mustEnrollTwoFactor: boolean;
    };
    /**
     * Whether the record a path parameter names belongs to the organization, and the words a
     * route answers (404) for one that does not exist. Decorated by the organization-access
     * module.
     */
    organizationRecords: {
      belongs(
        request: FastifyRequest,
        kind: TOrganizationRecordKind,
        value: string,
        organizationId: number,
      ): Promise<boolean>;
      notFound(kind: TOrganizationRecordKind): string;
    };
    /** Every staff route ("METHOD /path") and its rule: the role table. */
    staffRouteRules: Map<string, StaffRouteRule>;
  }
  interface FastifyContextConfig {
    /** The least staff role a staff route needs; every staff route declares one. */
    staffRole?: TStaffRole;
    /**
     * The least role of an organization's people, or null for what only the provider's staff
     * do; every staff route declares one.
     */
    organizationRole?: TOrganizationRole | null;
    /** The kind of each path parameter, for a route an organization's people may call. */
    organizationOf?: Readonly<Record<string, TPathParameterKind>>;
    /** Answers a person whose role requires two-step sign-in before they have set it up. */
    beforeTwoFactor?: boolean;
  }
}

/** The route table of staff rules, filled as staff routes register. */
const staffRoutesPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('staffRouteRules', new Map<string, StaffRouteRule>());
};

export const staffRoutes = fp(staffRoutesPlugin, { name: 'staff-routes' });

const forbidden = () => new AppError(403, CODES.forbidden, STAFF_MESSAGES.forbidden);

/** The path's parameters (`:id`), in order. */
const pathParameters = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');

/** The rule a route declares, or why it cannot be registered. */
function declaredRule(url: string, config: Record<string, unknown> | undefined): StaffRouteRule {
  const {
    staffRole,
    organizationRole,
    organizationOf = {},
  } = (config ?? {}) as {
    staffRole?: TStaffRole;
    organizationRole?: TOrganizationRole | null;
    organizationOf?: Record<string, TPathParameterKind>;
  };
  if (!staffRole) throw new Error('declares no staffRole');
  if (organizationRole === undefined) throw new Error('declares no organizationRole');
  if (organizationRole !== null) {
    const undeclared = pathParameters(url).filter((name) => !organizationOf[name]);
    if (undeclared.length > 0) {
      throw new Error(`declares no organizationOf for :${undeclared.join(', :')}`);
    }
  }
  for (const kind of Object.values(organizationOf)) {
    if (!PATH_PARAMETER_KINDS.includes(kind)) throw new Error(`names an unknown kind ${kind}`);
  }
  return { staffRole, organizationRole, organizationOf };
}

/**
 * Makes every route registered after it in this plugin scope staff-only: 401 without a live
 * token; 403 when the person's role is below the route's (the provider's staff by `staffRole`,
 * an organization's people by `organizationRole`, none where it is null); and, for an
 * organization's person, 404 when a record the path names is another organization's, with the
 * words of one that does not exist. All of it runs before body validation or any handler. Each
 * route must declare its rule; one without it stops the app from starting, and the OpenAPI
 * documents the routes with it by the bearer scheme (openapi-routes.ts). A person who must use
 * two-step sign-in reaches only the routes that set it up until they have.
 */
export function protectStaffRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    await app.requireStaff(request);
    const rule = app.staffRouteRules.get(`${request.method} ${request.routeOptions.url}`);
    const { access, mustEnrollTwoFactor } = app.staffStanding(request);
    if (
      !rule ||
      !accessAllows(access, { staff: rule.staffRole, organization: rule.organizationRole })
    ) {
      throw forbidden();
    }
    if (mustEnrollTwoFactor && !request.routeOptions.config.beforeTwoFactor) {
      throw new AppError(403, CODES.twoFactorRequired, STAFF_MESSAGES.twoFactorEnrollmentRequired);
    }
    if (access.kind !== 'organization') return;
    const params = (request.params ?? {}) as Record<string, string>;
    for (const [name, kind] of Object.entries(rule.organizationOf)) {
      if (kind === 'shared' || kind === 'value') continue;
      const value = params[name] ?? '';
      if (!(await app.organizationRecords.belongs(request, kind, value, access.organizationId))) {
        throw AppError.notFound(app.organizationRecords.notFound(kind));
      }
    }
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    let rule: StaffRouteRule;
    try {
      rule = declaredRule(route.url, route.config as Record<string, unknown> | undefined);
    } catch (problem) {
      throw new Error(
        `Staff route ${methods.join(',')} ${route.url} ${(problem as Error).message}`,
      );
    }
    for (const method of methods) app.staffRouteRules.set(`${method} ${route.url}`, rule);
  });
}
