import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { CODES, MESSAGES } from '../../shared/codes.js';

/**
 * The one error type modules throw for answers they mean to give: a stable code, an HTTP
 * status and the user-facing message (a string or an object, as the spec names it). Extra
 * fields are merged into the JSON answer (react-admin reads `errors` for field messages).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly answer: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(typeof answer === 'string' ? answer : code);
  }

  static badRequest(message: string = MESSAGES.badRequest, extra?: Record<string, unknown>) {
    return new AppError(400, CODES.badRequest, message, extra);
  }
  static unauthorized(message: string = MESSAGES.unauthorized) {
    return new AppError(401, CODES.unauthorized, message);
  }
  static notFound(message: string = MESSAGES.notFound) {
    return new AppError(404, CODES.notFound, message);
  }
  static conflict(message: string) {
    return new AppError(409, CODES.conflict, message);
  }
  static unavailable() {
    return new AppError(503, CODES.unavailable, MESSAGES.unavailable);
  }
}

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

/** Whether the database refused a write for the unique constraint (or index) named so. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  return (
    error instanceof UniqueConstraintViolationException &&
    String((error as { constraint?: string }).constraint ?? error.message).includes(constraint)
  );
}

/**
 * Runs a write whose field must be unique: a duplicate the database refuses (one arriving
 * concurrently, after any check before the write) answers 409 on that field, in its words.
 */
export async function uniqueField<T>(
  field: string,
  message: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw fieldError(field, message, 409);
    throw error;
  }
}
