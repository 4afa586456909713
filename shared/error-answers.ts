import { z } from 'zod';

// What a refused call answers, as the OpenAPI documents it and the staff routes check it.

/** Every error answer: a stable code, the message to show and, on validation, one per field. */
export const ZErrorResponse = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/**
 * A public call's refusal (/api/tr, /api/uploads, /api/drafts, /api/account): the code and a
 * sentence, or the messages by field the call names (ADMIN ERRORS' adminErrors, the account's
 * fieldErrors, the status link's generalErrors and fieldErrors …).
 */
export const ZPublicErrorAnswer = z.object({
  code: z.string(),
  message: z.union([z.string(), z.record(z.string(), z.unknown())]),
});
