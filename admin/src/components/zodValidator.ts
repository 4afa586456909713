import type { z } from 'zod';

/**
 * A react-admin form's `validate` from a shared rule: the first message of each top-level field,
 * so the console checks a record with the very rules the server applies to it.
 */
export function zodValidator(rule: z.ZodType) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const result = rule.safeParse(values);
    const errors: Record<string, string> = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  };
}
