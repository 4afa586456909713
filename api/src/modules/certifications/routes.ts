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
import { protectStaffRoutes } from '../../plugins/auth.js';
import { answerWithFieldErrors } from '../admin-rest/field-errors.js';
import {
  agencyIdByName,
  createAgency,
  createType,
  deleteAgency,
  deleteType,
  listAgencies,
  listTypes,
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
      schema: {
        tags: TAGS,
        summary: 'message: map of agency id to {agency, associatedTypes: map of type id to name}.',
      },
    },
    async (request) => {
      const { rows } = await listAgencies(request.em);
      const message = Object.fromEntries(
        rows.map((agency) => [
          String(agency.id),
          {
            agency: agency.name,
            associatedTypes: Object.fromEntries(agency.types.map((t) => [String(t.id), t.name])),
          },
        ]),
      );
      return { code: CODES.success, message };
    },
  );

  app.get(
    '/api/sc/get/certification_types',
    { schema: { tags: TAGS, summary: 'message: map of type id to name.' } },
    async (request) => {
      const { rows } = await listTypes(request.em);
      return {
        code: CODES.success,
        message: Object.fromEntries(rows.map((type) => [String(type.id), type.name])),
      };
    },
  );

  app.post(
    '/api/sc/submit/certification_agency/:agency',
    {
      schema: {
        tags: TAGS,
        summary: 'Add an agency named by the path.',
        params: z.object({ agency: ZAgencyName }),
      },
    },
    async (request, reply) => {
      const agency = await createAgency(request.em, request.staff, { name: request.params.agency });
      return reply
        .status(201)
        .send({ code: CODES.success, message: { id: agency.id, agency: agency.name } });
    },
  );

  app.delete(
    '/api/sc/submit/delete_certification_agency/:agency',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete the agency with this name (case-insensitive).',
        params: z.object({ agency: ZAgencyName }),
      },
    },
    async (request) => {
      const id = await agencyIdByName(request.em, request.params.agency);
      const agency = await deleteAgency(request.em, request.staff, id);
      return { code: CODES.success, message: { id: agency.id, agency: agency.name } };
    },
  );

  app.post(
    '/api/sc/submit/certification_type/:type',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a certification type named by the path.',
        params: z.object({ type: ZTypeName }),
      },
    },
    async (request, reply) => {
      const type = await createType(request.em, request.staff, { name: request.params.type });
      return reply
        .status(201)
        .send({ code: CODES.success, message: { id: type.id, type: type.name } });
    },
  );

  app.delete(
    '/api/sc/submit/delete_certification_type/:type',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete the certification type with this name (case-insensitive).',
        params: z.object({ type: ZTypeName }),
      },
    },
    async (request) => {
      const id = await typeIdByName(request.em, request.params.type);
      const type = await deleteType(request.em, request.staff, id);
      return { code: CODES.success, message: { id: type.id, type: type.name } };
    },
  );

  app.post(
    '/api/sc/submit/certification_type_link/:agencyID/:typeID',
    {
      schema: {
        tags: TAGS,
        summary: 'Flip an agency–type association; enabled is the state the console showed.',
        params: z.object({ agencyID: ZId, typeID: ZId }),
        body: ZCertificationLinkRequest,
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
