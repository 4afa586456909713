import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { AppError, fieldErrors } from '../errors.js';

/** The error and the errors it was wrapped around (cause, or MikroORM's previous), in order. */
function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let current = error; current instanceof Error && chain.length < 5; ) {
    chain.push(current);
    current = current.cause ?? (current as { previous?: unknown }).previous;
  }
  return chain;
}

const codeOf = (error: Error) => String((error as { code?: unknown }).code ?? '');

/**
 * Errors that mean the database cannot be reached right now (answered 503, not 500): a refused
 * or broken connection, PostgreSQL's connection-exception (08…) and shutdown (57P0…) states,
 * here or in the error it was wrapped around.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some(
    (link) =>
      /^(08|57P0)/.test(codeOf(link)) ||
      /ConnectionException|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|Connection ended unexpectedly|not queryable|Knex: Timeout acquiring a connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|terminating connection/i.test(
        `${link.name} ${codeOf(link)} ${link.message}`,
      ),
  );
}

/**
 * Text PostgreSQL cannot store (a NUL character, bytes that are not UTF-8): the request's
 * fault, refused with the statement, so nothing was written. As a bound value PostgreSQL
 * refuses it (22021, 22P05); written into a statement's text (MikroORM inlines values) a NUL
 * ends the text early and the server calls the message malformed (08P01, connection kept).
 */
function isUnstorableText(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = codeOf(link);
    return (
      code === '22021' ||
      code === '22P05' ||
      (code === '08P01' && link.message.includes('invalid message format'))
    );
  });
}

/** How long an unexplained failure waits to learn whether the database is there. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers a trivial query now. Asked only after a failure no rule
 * explains: one that happened as the database went away (an error thrown while a transaction
 * was being unwound, say) is an outage for the caller, not a fault of ours.
 */
async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  if (!app.hasDecorator('orm')) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([app.orm.isConnected(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The single mapping from error to answer. Every answer is JSON {code, message}; 4xx carry a
 * clear message, 5xx never carry stack traces, SQL or internals.
 */
const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.answer, ...error.extra });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ code: CODES.badRequest, message: MESSAGES.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: CODES.unavailable, message: MESSAGES.unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: CODES.rateLimited, message: MESSAGES.rateLimited });
    }
    if (status === 413) {
      return reply
        .status(413)
        .send({ code: CODES.payloadTooLarge, message: MESSAGES.payloadTooLarge });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ code: CODES.unsupportedMediaType, message: MESSAGES.contentTypeNotAccepted });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, schema validation, unsupported media type …).
      const message = error.validation ? validationSummary(error) : MESSAGES.badRequest;
      return reply.status(status).send({ code: CODES.badRequest, message });
    }
    if (!(await databaseAnswers(app))) {
      request.log.warn({ err: error }, 'request failed while the database was unavailable');
      return reply.status(503).send({ code: CODES.unavailable, message: MESSAGES.unavailable });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: CODES.internalError, message: MESSAGES.internalError });
  });
};

function validationSummary(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return MESSAGES.badRequest;
  const where = first.instancePath
    ? first.instancePath.replace(/^\//, '').replaceAll('/', '.')
    : '';
  return where ? `${where}: ${first.message ?? 'invalid'}` : (first.message ?? MESSAGES.badRequest);
}

/** Makes schema validation in this plugin scope answer with fieldErrors (exact rule messages). */
export function answerWithFieldErrors(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((issues: FastifySchemaValidationError[], dataVar) => {
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || dataVar;
      errors[field] ??= issue.message ?? MESSAGES.badRequest;
    }
    return fieldErrors(errors);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
