import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { AppError } from '../errors.js';

/** Errors that mean the database cannot be reached right now (answered 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${(error as { code?: string }).code ?? ''} ${error.message}`;
  return /ConnectionException|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P01|57P03|Connection terminated|not queryable|Knex: Timeout acquiring a connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(
    text,
  );
}

/**
 * The single mapping from error to answer. Every answer is JSON {code, message}; 4xx carry a
 * clear message, 5xx never carry stack traces, SQL or internals.
 */
const errorsPlugin: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.answer, ...error.extra });
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
        .send({ code: CODES.payloadTooLarge, message: 'The request is too large.' });
    }
    if (status === 415) {
      return reply
        .status(415)
        .send({ code: CODES.unsupportedMediaType, message: 'This content type is not accepted.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, schema validation, unsupported media type …).
      const message = error.validation ? validationSummary(error) : MESSAGES.badRequest;
      return reply.status(status).send({ code: CODES.badRequest, message });
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

export default fp(errorsPlugin, { name: 'errors' });
