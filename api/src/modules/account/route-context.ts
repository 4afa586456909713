import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import { AppError } from '../../errors.js';

// What the account's routes share: their OpenAPI tag, how a body's rule failures are answered,
// and what each group of routes is given by the plugin that registers them.

export const tags = ['my registrations'];

export type AccountApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface RouteContext {
  /** onRequest hook: the signed-in person as request.accountUserId, or 401. */
  signedIn: (request: FastifyRequest) => Promise<void>;
  /** Per client address and minute. */
  rateLimit: { max: number; timeWindow: number };
  publicUrl: string;
}

/** A body's rule failures as the account's answer: 422 {code, message: {fieldErrors}}. */
export function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) fieldErrors[issue.path.join('.')] ??= issue.message;
  throw new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors });
}
