import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

// What the server logs, and what it never logs: personal data (emails, phones, names),
// secrets (passwords, tokens) and registration-link hashes are redacted or left out.

const SENSITIVE_KEYS = [
  'email',
  'userEmail',
  'recipientEmail',
  'password',
  'token',
  'verified',
  'authorization',
  'phone',
  'userPhone',
  'companyPhone',
  'firstName',
  'lastName',
  'userFirstName',
  'userLastName',
  'formHash',
  'orgHash',
  'hashValue',
  'cookie',
];

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** Paths whose next segment is a registration-link hash. */
const HASH_SEGMENTS = /(\/form\/|\/api\/tr\/get\/orginfo\/|\/api\/tr\/status\/)[^/?#]+/g;
/** A registrant's status-link token, after its form's (masked) hash. */
const STATUS_TOKENS = /(\/form\/\[hash\]\/status\/|\/api\/tr\/status\/\[hash\]\/)[^/?#]+/g;

/**
 * The request path as logged: hash and status-token segments masked, query strings dropped
 * (they carry searches).
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathOnly = queryAt === -1 ? url : url.slice(0, queryAt);
  const masked = pathOnly.replace(HASH_SEGMENTS, '$1[hash]').replace(STATUS_TOKENS, '$1[token]');
  return queryAt === -1 ? masked : `${masked}?[query]`;
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  stack?: string;
  statusCode?: number;
  constraint?: string;
  table?: string;
}

/** knex puts the failed statement, values included, in front of a driver error's message. */
const STARTS_WITH_SQL =
  /^\s*(select|insert|update|delete|with|begin|commit|rollback|savepoint|release|set|copy)\s/i;

/**
 * Database driver errors carry the SQL and its parameter values in their message: log only the
 * kind of failure. Other errors keep their message and stack (they hold no request data).
 */
export function loggableError(error: ErrorLike) {
  // MikroORM's DriverExceptions carry sqlState; raw pg errors carry severity and routine; a
  // connection failure reaches us as a plain Error whose message starts with the statement.
  const isDriverError =
    typeof error === 'object' &&
    error !== null &&
    ('sqlState' in error ||
      'severity' in error ||
      'routine' in error ||
      /Exception$/.test(error.name ?? '') ||
      STARTS_WITH_SQL.test(error.message ?? ''));
  if (isDriverError) {
    return {
      type: error.name ?? 'Error',
      message: 'database error',
      stack: '',
      code: error.code,
      constraint: error.constraint,
      table: error.table,
    };
  }
  return {
    type: error.name ?? 'Error',
    message: error.message ?? '',
    code: error.code,
    statusCode: error.statusCode,
    stack: error.stack ?? '',
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: loggableError,
    },
  };
}

/**
 * One line per request, written when it completes (or is aborted): the method, the masked
 * path, the status, the time taken and the request id. Fastify's default adds an "incoming
 * request" line to each, which doubled the logging cost of every call.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
