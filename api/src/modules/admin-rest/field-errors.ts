import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { AppError } from '../../errors.js';

/**
 * A validation failure as the staff faces answer it: 400 {code, message, errors: {field: message}}.
 * message is the first problem (the /api/sc console shows it); react-admin puts `errors` on fields.
 */
export function fieldErrors(errors: Record<string, string>, status = 400): AppError {
  const message = Object.values(errors)[0] ?? MESSAGES.badRequest;
  const code = status === 409 ? CODES.conflict : CODES.badRequest;
  return new AppError(status, code, message, { errors });
}

/** One field's problem. */
export function fieldError(field: string, message: string, status = 400): AppError {
  return fieldErrors({ [field]: message }, status);
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
