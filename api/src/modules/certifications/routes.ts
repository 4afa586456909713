import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '../../../../shared/codes.js';
import {
  ZAgencyName,
  ZCertificationLinkRequest,
  ZId,
  ZTypeName,
} from '../../../../shared/staff.js';
import {
  withErrorResponses,
  ZAgencyChangeResponse,
  ZCertificationAgenciesResponse,
  ZCertificationLinkResponse,
  ZCertificationTypesResponse,
  ZTypeChangeResponse,
} from '../../../../shared/staff-responses.js';
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../../plugins/errors.js';
import type { Actor } from '../audit/service.js';
import {
  agencyIdByName,
  createAgency,
  createType,
  deleteAgency,
  deleteType,
  listAgencies,
  listTypes,
  toAssociatedCertifications,
  toggleAgencyType,
  typeIdByName,
} from './service.js';

const TAGS = ['staff certifications'];

/** The console's certification agency and type calls of spec section 7 (/api/sc, staff token). */
export const certificationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  protectStaffRoutes(app);
  answerWithFieldErrors(app);

  app.get(
    '/api/sc/get/certification_agencies',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: TAGS,
        summary: 'message: map of agency id to {agency, associatedTypes: map of type id to name}.',
        response: withErrorResponses({ 200: ZCertificationAgenciesResponse }),
      },
    },
    async (request) => {
      const { rows } = await listAgencies(request.em);
      return { code: CODES.success, message: toAssociatedCertifications(rows) };
    },
  );

  app.get(
    '/api/sc/get/certification_types',
    {
      config: { staffRole: 'viewer', organizationRole: 'viewer' },
      schema: {
        tags: TAGS,
        summary: 'message: map of type id to name.',
        response: withErrorResponses({ 200: ZCertificationTypesResponse }),
      },
    },
    async (request) => {
      const { rows } = await listTypes(request.em);
      return {
        code: CODES.success,
        message: Object.fromEntries(rows.map((type) => [String(type.id), type.name])),
      };
    },
  );

  // Adding and deleting an agency or a type: the same two calls, each in its own words.
  const namedCalls = <R extends { id: number; name: string }>(named: {
    /** The path word (certification_agency, certification_type) and the answer's key. */
    key: 'agency' | 'type';
    label: string;
    /** The answer of both calls: SUCCESS with {id, <key>: name}. */
    response: z.ZodType;
    schema: z.ZodType<string>;
    create: (em: EntityManager, actor: Actor, input: { name: string }) => Promise<R>;
    idByName: (em: EntityManager, name: string) => Promise<number>;
    remove: (em: EntityManager, actor: Actor, id: number) => Promise<R>;
  }) => {
    // The path names its parameter as the spec does: {agency} or {type}.
    const params = z.object({ [named.key]: named.schema });
    const nameIn = (request: { params: unknown }) =>
      (request.params as Record<string, string>)[named.key] as string;
    const answer = (record: R) => ({
      code: CODES.success,
      message: { id: record.id, [named.key]: record.name },
    });
    app.post(
      `/api/sc/submit/certification_${named.key}/:${named.key}`,
      {
        config: { staffRole: 'administrator', organizationRole: null },
        schema: {
          tags: TAGS,
          summary: `Add ${named.label} named by the path.`,
          params,
          response: withErrorResponses({ 201: named.response }),
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(answer(await named.create(request.em, request.staff, { name: nameIn(request) }))),
    );
    app.delete(
      `/api/sc/submit/delete_certification_${named.key}/:${named.key}`,
      {
        config: { staffRole: 'administrator', organizationRole: null },
        schema: {
          tags: TAGS,
          summary: `Delete ${named.label} with this name (case-insensitive).`,
          params,
          response: withErrorResponses({ 200: named.response }),
        },
      },
      async (request) => {
        const id = await named.idByName(request.em, nameIn(request));
        return answer(await named.remove(request.em, request.staff, id));
      },
    );
  };
  namedCalls({
    key: 'agency',
    label: 'an agency',
    response: ZAgencyChangeResponse,
    schema: ZAgencyName,
    create: createAgency,
    idByName: agencyIdByName,
    remove: deleteAgency,
  });
  namedCalls({
    key: 'type',
    label: 'a certification type',
    response: ZTypeChangeResponse,
    schema: ZTypeName,
    create: createType,
    idByName: typeIdByName,
    remove: deleteType,
  });

  app.post(
    '/api/sc/submit/certification_type_link/:agencyID/:typeID',
    {
      config: { staffRole: 'administrator', organizationRole: null },
      schema: {
        tags: TAGS,
        summary: 'Flip an agency–type association; enabled is the state the console showed.',
        params: z.object({ agencyID: ZId, typeID: ZId }),
        body: ZCertificationLinkRequest,
        response: withErrorResponses({ 200: ZCertificationLinkResponse }),
      },
    },
    async (request) => {
      const { agencyID, typeID } = request.params;
      const enabled = await toggleAgencyType(
        request.em,
        request.staff,
        agencyID,
        typeID,
        request.body.enabled,
      );
      return { code: CODES.success, message: { agencyID, typeID, enabled } };
    },
  );
};
