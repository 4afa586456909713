import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVENTORY_IMPORT_MESSAGES,
  ZImportChangesPage,
  ZImportChangesQuery,
  ZInventoryImport,
  ZInventoryImportCreate,
  ZInventoryImportMappingUpdate,
} from '../../../../shared/inventory-import.js';
import { ZId } from '../../../../shared/staff.js';
import { withErrorResponses } from '../../../../shared/staff-responses.js';
import { AppError } from '../../errors.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import {
  applyImport,
  chooseMapping,
  createImport,
  getImport,
  type ImportDeps,
  importChanges,
  receiveFile,
} from './service.js';

/** The file's content types; the content decides (an xlsx is a zip), these only let it in. */
const FILE_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

const BY_ID = { params: z.object({ id: ZId }) };
const EDIT = {
  staffRole: 'editor',
  organizationRole: 'program_manager',
  organizationOf: { id: 'inventory_import' },
} as const;

/**
 * An organization's inventory imported from the utility's file: its Program managers and the
 * provider's Editors upload it, choose its columns, read the plan and apply it.
 */
export const inventoryImportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);
  // The file is streamed as it arrives (its bounds are the import's own), never buffered.
  app.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, payload));

  const deps = (): ImportDeps => ({
    storage: app.documentStorage,
    bounds: app.config.inventoryImport,
    fork: () => app.orm.em.fork(),
  });

  app.post(
    '/api/admin/inventory-imports',
    {
      config: { staffRole: 'editor', organizationRole: 'program_manager' },
      schema: {
        tags: ['admin inventory-imports'],
        summary: 'Start an import of the organization’s inventory from its own file.',
        body: ZInventoryImportCreate,
        response: withErrorResponses({ 201: ZInventoryImport }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createImport(request.em, request.staff, request.body)),
  );

  app.get(
    '/api/admin/inventory-imports/:id',
    {
      config: { ...EDIT, staffRole: 'viewer', organizationRole: 'program_manager' },
      schema: {
        tags: ['admin inventory-imports'],
        summary: 'The import: its state, how many rows planning has read, its columns and plan.',
        ...BY_ID,
        response: withErrorResponses({ 200: ZInventoryImport }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getImport(request.em, request.params.id)),
  );

  app.put(
    '/api/admin/inventory-imports/:id/file',
    {
      config: EDIT,
      schema: {
        tags: ['admin inventory-imports'],
        summary: 'Upload the file (CSV or xlsx, the raw body) and plan it.',
        ...BY_ID,
        querystring: z.object({ name: z.string().trim().max(255).optional() }),
        response: withErrorResponses({ 200: ZInventoryImport }),
      },
    },
    async (request) => {
      const content = request.body as NodeJS.ReadableStream | undefined;
      if (!content || typeof (content as { pipe?: unknown }).pipe !== 'function') {
        throw AppError.badRequest(INVENTORY_IMPORT_MESSAGES.notSpreadsheet);
      }
      const declared = Number(request.headers['content-length']);
      return receiveFile(request.em, deps(), request.params.id, {
        fileName: request.query.name || 'inventory',
        declaredBytes: Number.isFinite(declared) ? declared : null,
        content: content as import('node:stream').Readable,
      });
    },
  );

  app.put(
    '/api/admin/inventory-imports/:id/mapping',
    {
      config: EDIT,
      schema: {
        tags: ['admin inventory-imports'],
        summary: 'Choose the column of each field and plan again from the stored file.',
        ...BY_ID,
        body: ZInventoryImportMappingUpdate,
        response: withErrorResponses({ 200: ZInventoryImport }),
      },
    },
    async (request) => chooseMapping(request.em, deps(), request.params.id, request.body),
  );

  app.get(
    '/api/admin/inventory-imports/:id/changes',
    {
      config: { ...EDIT, staffRole: 'viewer' },
      schema: {
        tags: ['admin inventory-imports'],
        summary:
          'A page of the plan: rows _start to _end (exclusive), of one kind or of every change.',
        ...BY_ID,
        querystring: ZImportChangesQuery,
        response: withErrorResponses({ 200: ZImportChangesPage }),
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(
        await importChanges(request.em, request.params.id, {
          kind: request.query.kind,
          start: request.query._start,
          end: request.query._end,
        }),
      ),
  );

  app.post(
    '/api/admin/inventory-imports/:id/apply',
    {
      config: EDIT,
      schema: {
        tags: ['admin inventory-imports'],
        summary:
          'Apply the plan in one transaction (409 and planned again if the inventory changed).',
        ...BY_ID,
        response: withErrorResponses({ 200: ZInventoryImport }),
      },
    },
    async (request) => applyImport(request.em, deps(), request.staff, request.params.id),
  );
};
