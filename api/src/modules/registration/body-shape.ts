import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { MESSAGES } from '../../../../shared/codes.js';
import { shapeProblem, shapeProblemMessage } from '../../../../shared/request-shape.js';
import { AppError } from '../../errors.js';

/**
 * The public calls' body check. Their body schemas document them in the OpenAPI, and the
 * services apply the rules themselves (answering with the spec's codes), so here Fastify only
 * checks the JSON shape: an object at the top, and lists, objects and single values where the
 * schema has them. Anything else is a 400 saying where; a rule failure is never turned into one.
 */
export const shapedBodyOnly: FastifySchemaCompiler<unknown> =
  ({ schema, httpPart }) =>
  (data) => {
    if (httpPart !== 'body') return { value: data };
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      return { error: AppError.badRequest(MESSAGES.bodyNotObject) };
    }
    const problem = shapeProblem(schema as z.ZodType, data);
    return problem ? { error: AppError.badRequest(shapeProblemMessage(problem)) } : { value: data };
  };
