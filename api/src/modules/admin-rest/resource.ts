import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZId } from '../../../../shared/staff.js';
import type { Actor } from '../audit/service.js';
import { contentRange, type ListQuery, parseListQuery, ZListQuerystring } from './list-query.js';

type Page = Omit<ListQuery, 'filter'>;

/**
 * One react-admin resource over a module's service: getList/getMany/getManyReference (GET with
 * sort/range/filter), getOne, create, update and delete, in ra-data-simple-rest's dialect.
 * Writes are optional: a read-only resource registers no POST/PUT/DELETE.
 */
interface RestResource<TRecord extends { id: number | string }, TFilter> {
  name: string;
  sortFields: readonly string[];
  defaultSort: string;
  defaultOrder?: 'ASC' | 'DESC';
  /** Turns react-admin's filter object into the service's filter (400 on nonsense). */
  filter(raw: Record<string, unknown>): TFilter;
  /** The page and the total; a null total is more than the service counts (see contentRange). */
  list(
    em: EntityManager,
    filter: TFilter,
    page: Page,
  ): Promise<{ rows: TRecord[]; total: number | null }>;
  getOne(em: EntityManager, id: number): Promise<TRecord>;
  create?: { body: z.ZodType; run(em: EntityManager, actor: Actor, body: never): Promise<TRecord> };
  update?: {
    body: z.ZodType;
    run(em: EntityManager, actor: Actor, id: number, body: never): Promise<TRecord>;
  };
  remove?(em: EntityManager, actor: Actor, id: number): Promise<TRecord>;
}

const ZIdParam = z.object({ id: ZId });

export function registerResource<TRecord extends { id: number | string }, TFilter>(
  base: FastifyInstance,
  resource: RestResource<TRecord, TFilter>,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const path = `/api/admin/${resource.name}`;
  const tags = [`admin ${resource.name}`];

  app.get(
    path,
    {
      schema: {
        tags,
        summary: `getList / getMany / getManyReference (sort by ${resource.sortFields.join(', ')}).`,
        querystring: ZListQuerystring,
      },
    },
    async (request, reply) => {
      const { filter, ...page } = parseListQuery(request.query, resource);
      const { rows, total } = await resource.list(request.em, resource.filter(filter), page);
      return reply
        .header('content-range', contentRange(resource.name, page.offset, rows.length, total))
        .header('cache-control', 'no-store')
        .send(rows);
    },
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'getOne', params: ZIdParam } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await resource.getOne(request.em, request.params.id)),
  );

  const { create, update, remove } = resource;
  if (create) {
    app.post(
      path,
      { schema: { tags, summary: 'create', body: create.body } },
      async (request, reply) =>
        reply.status(201).send(await create.run(request.em, request.staff, request.body as never)),
    );
  }
  if (update) {
    app.put(
      `${path}/:id`,
      { schema: { tags, summary: 'update', params: ZIdParam, body: update.body } },
      async (request) =>
        update.run(request.em, request.staff, request.params.id, request.body as never),
    );
  }
  if (remove) {
    app.delete(
      `${path}/:id`,
      { schema: { tags, summary: 'delete', params: ZIdParam } },
      async (request) => remove(request.em, request.staff, request.params.id),
    );
  }
}
