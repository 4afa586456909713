import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSEMBLY_SERVICES,
  ASSEMBLY_STATUSES,
  ASSEMBLY_TYPES,
} from '../../../../shared/assemblies.js';
import { COMPLIANCE_STATUSES } from '../../../../shared/assembly-compliance.js';
import { ASSEMBLY_HAZARDS, endOfMonth } from '../../../../shared/assembly-due.js';
import {
  ZAssemblyCreate,
  ZAssemblyRecord,
  ZAssemblyUpdate,
  ZLocationCreate,
  ZLocationRecord,
  ZLocationUpdate,
} from '../../../../shared/inventory-api.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import { ZTestingRules, ZTestingRulesRecord } from '../../../../shared/testing-rules.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import { idFilter, idsFilter, oneOfFilter, textFilter } from '../admin-rest/list-query.js';
import { registerResource } from '../admin-rest/resource.js';
import { organizationFilter } from '../organization-access/scope.js';
import {
  ASSEMBLY_SORT_FIELDS,
  createAssembly,
  createLocation,
  getAssembly,
  getLocation,
  LOCATION_SORT_FIELDS,
  listAssemblies,
  listLocations,
  updateAssembly,
  updateLocation,
} from './service.js';
import { getTestingRules, updateTestingRules } from './testing-rules.js';

/** A due month filter (YYYY-MM) as its first and last day. */
function dueMonthFilter(value: unknown): { dueFrom?: string; dueTo?: string } {
  const month = textFilter(value, 'dueMonth');
  if (month === undefined) return {};
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    throw AppError.badRequest('filter.dueMonth must be a month as YYYY-MM.');
  }
  return { dueFrom: `${month}-01`, dueTo: endOfMonth(`${month}-01`) };
}

/**
 * An organization's inventory in the console: its locations and their assemblies, read by
 * anyone who reads the organization, created and changed by its Reviewers and Program managers
 * and by the provider's Editors. Nothing is deleted: an assembly taken out of service is
 * removed or replaced (its status), and keeps its history.
 */
export const inventoryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  // The organization's testing rules: react-admin's getOne and update of `testing-rules`, by
  // the organization's id.
  app.get(
    '/api/admin/testing-rules/:id',
    {
      config: {
        staffRole: 'viewer',
        organizationRole: 'viewer',
        organizationOf: { id: 'organization' },
      },
      schema: {
        tags: ['admin testing-rules'],
        summary: "The organization's testing rules (when its assemblies are due).",
        params: z.object({ id: ZId }),
        response: withErrorResponses({ 200: ZTestingRulesRecord }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getTestingRules(request.em, request.params.id)),
  );
  app.put(
    '/api/admin/testing-rules/:id',
    {
      config: {
        staffRole: 'editor',
        organizationRole: 'program_manager',
        organizationOf: { id: 'organization' },
      },
      schema: {
        tags: ['admin testing-rules'],
        summary:
          "Change the organization's testing rules: every tested assembly's next test due is computed again.",
        params: z.object({ id: ZId }),
        body: ZTestingRules,
        response: withErrorResponses({ 200: ZTestingRulesRecord }),
      },
    },
    async (request) =>
      updateTestingRules(request.em, request.staff, request.params.id, request.body),
  );

  registerResource(app, {
    name: 'locations',
    readRole: 'viewer',
    writeRole: 'editor',
    organization: {
      read: 'viewer',
      create: 'reviewer',
      update: 'reviewer',
      record: 'location',
    },
    response: ZLocationRecord,
    sortFields: LOCATION_SORT_FIELDS,
    defaultSort: 'accountNumber',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      q: textFilter(raw.q, 'q'),
    }),
    list: listLocations,
    getOne: (em, id) => getLocation(em, id),
    create: {
      body: ZLocationCreate,
      run: (em, actor, body: z.output<typeof ZLocationCreate>) => createLocation(em, actor, body),
    },
    update: {
      body: ZLocationUpdate,
      run: (em, actor, id, body: z.output<typeof ZLocationUpdate>) =>
        updateLocation(em, actor, id, body),
    },
  });

  registerResource(app, {
    name: 'assemblies',
    readRole: 'viewer',
    writeRole: 'editor',
    organization: {
      read: 'viewer',
      create: 'reviewer',
      update: 'reviewer',
      record: 'assembly',
    },
    response: ZAssemblyRecord,
    sortFields: ASSEMBLY_SORT_FIELDS,
    defaultSort: 'assemblyId',
    filter: (raw, scope) => ({
      ids: idsFilter(raw.id),
      organizationId: organizationFilter(scope, idFilter(raw.organization, 'organization')),
      // Of another organization's location, a person's list is empty: the rows are theirs only.
      locationId: idFilter(raw.locationId, 'locationId'),
      type: oneOfFilter(ASSEMBLY_TYPES, raw.type, 'type'),
      hazard: oneOfFilter(ASSEMBLY_HAZARDS, raw.hazard, 'hazard'),
      service: oneOfFilter(ASSEMBLY_SERVICES, raw.service, 'service'),
      status: oneOfFilter(ASSEMBLY_STATUSES, raw.status, 'status'),
      complianceStatus: oneOfFilter(COMPLIANCE_STATUSES, raw.complianceStatus, 'complianceStatus'),
      ...dueMonthFilter(raw.dueMonth),
      q: textFilter(raw.q, 'q'),
    }),
    list: listAssemblies,
    getOne: (em, id) => getAssembly(em, id),
    create: {
      body: ZAssemblyCreate,
      run: (em, actor, body: z.output<typeof ZAssemblyCreate>) => createAssembly(em, actor, body),
    },
    update: {
      body: ZAssemblyUpdate,
      run: (em, actor, id, body: z.output<typeof ZAssemblyUpdate>) =>
        updateAssembly(em, actor, id, body),
    },
  });
};
