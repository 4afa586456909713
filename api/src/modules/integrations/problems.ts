import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { TProblem } from '../../../../shared/integration-api.js';
import { AppError } from '../../errors.js';
import { isDatabaseUnavailable } from '../../plugins/errors.js';

// The read API's errors as RFC 9457 problems (application/problem+json), installed for
// /api/v1 only: the rest of the API keeps its {code, message} answers.

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Each kind of problem the read API answers: its status, title and default detail. */
export const PROBLEMS = {
  bad_request: {
    status: 400,
    title: 'Bad request',
    detail: 'The request is not one this API takes.',
  },
  missing_api_key: {
    status: 401,
    title: 'Unauthorized',
    detail: 'Send an API key: Authorization: Bearer bfk_live_…',
  },
  invalid_api_key: {
    status: 401,
    title: 'Unauthorized',
    detail: 'This API key is unknown or has been revoked.',
  },
  not_found: { status: 404, title: 'Not found', detail: 'Nothing here for this key.' },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    detail: 'This key has used its requests for this minute; retry after Retry-After seconds.',
  },
  internal_error: {
    status: 500,
    title: 'Internal server error',
    detail: 'Something went wrong on our side.',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    detail: 'The service is unavailable for a moment; try again shortly.',
  },
} as const;
export type TProblemCode = keyof typeof PROBLEMS;

/** A refusal of the read API, thrown anywhere below its routes. */
export class ApiProblem extends Error {
  override name = 'ApiProblem';
  constructor(
    readonly code: TProblemCode,
    readonly detail: string = PROBLEMS[code].detail,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function problemBody(code: TProblemCode, detail: string = PROBLEMS[code].detail): TProblem {
  const { status, title } = PROBLEMS[code];
  return { type: `urn:backflow:problem:${code}`, title, status, detail, code };
}

function sendProblem(reply: FastifyReply, problem: ApiProblem) {
  return reply
    .status(PROBLEMS[problem.code].status)
    .headers(problem.headers)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .header('cache-control', 'no-store')
    .send(problemBody(problem.code, problem.detail));
}

/** Fastify's own 4xx (validation, malformed query) as a sentence a developer can act on. */
function requestDetail(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return PROBLEMS.bad_request.detail;
  const where = `${error.validationContext ?? 'request'}${first.instancePath.replaceAll('/', '.')}`;
  return `${where}: ${first.message ?? 'invalid'}`;
}

/** The one mapping from an error to a problem, for every error under /api/v1. */
function problemOf(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof AppError) {
    if (error.status === 404) return new ApiProblem('not_found');
    if (error.status === 400) return new ApiProblem('bad_request', error.message);
    if (error.status === 503) return new ApiProblem('unavailable');
  }
  if (isDatabaseUnavailable(error)) return new ApiProblem('unavailable');
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) return new ApiProblem('rate_limited');
  if (status >= 400 && status < 500) {
    return new ApiProblem('bad_request', requestDetail(error as FastifyError));
  }
  return new ApiProblem('internal_error');
}

/**
 * Installs problem answers in this plugin's scope (encapsulated: /api/v1 only): thrown errors,
 * and requests no route matches under the prefix.
 */
export function answerWithProblems(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const problem = problemOf(error);
    if (problem.code === 'internal_error') request.log.error({ err: error }, 'request failed');
    if (problem.code === 'unavailable') request.log.warn({ err: error }, 'database unavailable');
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((_request, reply) => sendProblem(reply, new ApiProblem('not_found')));
}
