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

/**
 * A react-admin form's `validate` from a shared rule whose fields nest (contacts, a season):
 * each issue's message at its full path, where the input of that path shows it. `prepare` turns
 * the form's values into what is sent (the same step as the form's `transform`).
 */
export function zodFieldValidator(
  rule: z.ZodType,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
) {
  return (values: Record<string, unknown>): Record<string, unknown> => {
    const result = rule.safeParse(prepare(values));
    const errors: Record<string, unknown> = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      const field = path.pop();
      if (field === undefined) continue;
      let parent = errors;
      for (const key of path) {
        const next = parent[key];
        if (typeof next === 'string') break;
        parent[key] = next ?? {};
        parent = parent[key] as Record<string, unknown>;
      }
      parent[field] ??= issue.message;
    }
    return errors;
  };
}

/**
 * react-admin reads a cleared text input as null; the inventory's rules read '' as "not given"
 * (and null only for days, sizes and results, which read '' the same way). Nested values too.
 */
export function emptyForNull(values: unknown): unknown {
  if (values === null) return '';
  if (Array.isArray(values)) return values.map(emptyForNull);
  if (typeof values === 'object' && values !== undefined) {
    return Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([key, value]) => [
        key,
        emptyForNull(value),
      ]),
    );
  }
  return values;
}
