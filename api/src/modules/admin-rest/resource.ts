import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TOrganizationRole } from '../../../../shared/organization-roles.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import type { TStaffRole } from '../../../../shared/staff-roles.js';
import type { TPathParameterKind } from '../../plugins/auth.js';
import type { Actor } from '../audit/service.js';
import { type OrganizationScope, scopeOf } from '../organization-access/scope.js';
import { contentRange, type ListQuery, parseListQuery, ZListQuerystring } from './list-query.js';

type Page = Omit<ListQuery, 'filter'>;

/**
 * One react-admin resource over a module's service: getList/getMany/getManyReference (GET with
 * sort/range/filter), getOne, create, update and delete, in ra-data-simple-rest's dialect.
 * Writes are optional: a read-only resource registers no POST/PUT/DELETE.
 */
interface RestResource<TResponse extends z.ZodType<{ id: number | string }>, TFilter> {
  name: string;
  /** The least role that may read (default 'viewer'). */
  readRole?: TStaffRole;
  /** The least role that may create, update or delete (default 'administrator'). */
  writeRole?: TStaffRole;
  /** The least role that may delete, when it differs from writeRole. */
  removeRole?: TStaffRole;
  /**
   * What an organization's people may do (the least role of each; null: the provider's staff
   * only) and what `:id` names, so the route table checks it is their organization's.
   */
  organization: {
    read: TOrganizationRole | null;
    create?: TOrganizationRole | null;
    update?: TOrganizationRole | null;
    remove?: TOrganizationRole | null;
    /** What `:id` names (a resource only the provider's staff reach names none). */
    record?: TPathParameterKind;
  };
  /** One record as answered (shared/admin-responses.ts); a list answers an array of them. */
  response: TResponse;
  sortFields: readonly string[];
  defaultSort: string;
  defaultOrder?: 'ASC' | 'DESC';
  /**
   * Turns react-admin's filter object into the service's filter (400 on nonsense), narrowed to
   * the organizations the request may touch.
   */
  filter(raw: Record<string, unknown>, scope: OrganizationScope): TFilter;
  /** The page and the total; a null total is more than the service counts (see contentRange). */
  list(
    em: EntityManager,
    filter: TFilter,
    page: Page,
  ): Promise<{ rows: z.output<TResponse>[]; total: number | null }>;
  /** One record as the request's organizations see it (the route table checked it is theirs). */
  getOne(em: EntityManager, id: number, scope: OrganizationScope): Promise<z.output<TResponse>>;
  create?: {
    body: z.ZodType;
    /**
     * The create's own answer when it says more than a record (a secret shown once); the
     * answer is never stored by a cache either way.
     */
    response?: z.ZodType;
    run(em: EntityManager, actor: Actor, body: never): Promise<z.output<TResponse>>;
  };
  update?: {
    body: z.ZodType;
    run(em: EntityManager, actor: Actor, id: number, body: never): Promise<z.output<TResponse>>;
  };
  remove?(em: EntityManager, actor: Actor, id: number): Promise<z.output<TResponse>>;
}

const ZIdParam = z.object({ id: ZId });

export function registerResource<TResponse extends z.ZodType<{ id: number | string }>, TFilter>(
  base: FastifyInstance,
  resource: RestResource<TResponse, TFilter>,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const path = `/api/admin/${resource.name}`;
  const tags = [`admin ${resource.name}`];
  // The services' records are checked against the schema by RestResource's types; the routes
  // only hand them on.
  const record: z.ZodType = resource.response;
  const readRole = resource.readRole ?? 'viewer';
  const { organization } = resource;
  const recordOf: Record<string, TPathParameterKind> = organization.record
    ? { id: organization.record }
    : {};

  app.get(
    path,
    {
      config: { staffRole: readRole, organizationRole: organization.read },
      schema: {
        tags,
        summary: `getList / getMany / getManyReference (sort by ${resource.sortFields.join(', ')}).`,
        querystring: ZListQuerystring,
        response: withErrorResponses({ 200: z.array(record) }),
      },
    },
    async (request, reply) => {
      const { filter, ...page } = parseListQuery(request.query, resource);
      const scope = scopeOf(request.staff.access);
      const { rows, total } = await resource.list(request.em, resource.filter(filter, scope), page);
      return reply
        .header('content-range', contentRange(resource.name, page.offset, rows.length, total))
        .header('cache-control', 'no-store')
        .send(rows);
    },
  );

  app.get(
    `${path}/:id`,
    {
      config: {
        staffRole: readRole,
        organizationRole: organization.read,
        organizationOf: recordOf,
      },
      schema: {
        tags,
        summary: 'getOne',
        params: ZIdParam,
        response: withErrorResponses({ 200: record }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await resource.getOne(request.em, request.params.id, scopeOf(request.staff.access))),
  );

  const { create, update, remove } = resource;
  const writeRole = resource.writeRole ?? 'administrator';
  if (create) {
    app.post(
      path,
      {
        config: { staffRole: writeRole, organizationRole: organization.create ?? null },
        schema: {
          tags,
          summary: create.response ? 'create (its answer says more than a record)' : 'create',
          body: create.body,
          response: withErrorResponses({ 201: create.response ?? record }),
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .header('cache-control', 'no-store')
          .send(await create.run(request.em, request.staff, request.body as never)),
    );
  }
  if (update) {
    app.put(
      `${path}/:id`,
      {
        config: {
          staffRole: writeRole,
          organizationRole: organization.update ?? null,
          organizationOf: recordOf,
        },
        schema: {
          tags,
          summary: 'update',
          params: ZIdParam,
          body: update.body,
          response: withErrorResponses({ 200: record }),
        },
      },
      async (request) =>
        update.run(request.em, request.staff, request.params.id, request.body as never),
    );
  }
  if (remove) {
    app.delete(
      `${path}/:id`,
      {
        config: {
          staffRole: resource.removeRole ?? writeRole,
          organizationRole: organization.remove ?? null,
          organizationOf: recordOf,
        },
        schema: {
          tags,
          summary: 'delete',
          params: ZIdParam,
          response: withErrorResponses({ 200: record }),
        },
      },
      async (request) => remove(request.em, request.staff, request.params.id),
    );
  }
}
