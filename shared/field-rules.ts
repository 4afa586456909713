import { z } from 'zod';

// A form field's rule written once, in two forms that answer alike: a zod schema (for the
// console's forms, the server's routes and their OpenAPI documents) and a plain reader for text
// (for the rows of a file of 100,000, where the schemas' parsers were most of what planning it
// allocated). Each rule builds both from the same bound, message and parse, so a table of rules
// (shared/assemblies.ts) makes the object's schema and its reader together: the same values,
// the same issues (path and message) in the same order, an issue that stops the object's own
// checks where zod's would (shared/assemblies-readers.test.ts holds them to it).

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}
/** What a reader answers, as a schema's safeParse would (its issues, without zod's codes). */
export type FieldsRead<T> = { success: true; data: T } | { success: false; issues: FieldIssue[] };

/** A row's issues as they are found; `aborted` once one stops the object's own checks. */
export class Issues {
  list: FieldIssue[] | null = null;
  aborted = false;
  add(field: string, message: string, aborts: boolean, role?: string) {
    this.push(role ? ['contacts', role, field] : [field], message);
    if (aborts) this.aborted = true;
  }
  push(path: FieldIssue['path'], message: string) {
    if (this.list === null) this.list = [];
    this.list.push({ path, message });
  }
  /** zod's issues of a value read by its schema, under `prefix`. */
  pushAll(prefix: FieldIssue['path'], issues: readonly { path: PropertyKey[]; message: string }[]) {
    for (const issue of issues) {
      this.push([...prefix, ...(issue.path as (string | number)[])], issue.message);
    }
  }
}

/** One field's rule: its schema, and its reader for a row's text (`role`: a contact's). */
export interface FieldRule<S extends z.ZodType = z.ZodType> {
  schema: S;
  read(value: string | undefined, at: Issues, field: string, role?: string): z.output<S>;
}
type Rules = Record<string, FieldRule>;

/** The object schema's shape of a table of rules. */
export function schemasOf<R extends Rules>(rules: R): { [K in keyof R]: R[K]['schema'] } {
  return Object.fromEntries(Object.entries(rules).map(([field, rule]) => [field, rule.schema])) as {
    [K in keyof R]: R[K]['schema'];
  };
}

/** Reads a row's text with a table of rules, field by field in the table's order. */
export function readWith<R extends Rules>(
  rules: R,
  input: Partial<Record<keyof R, string>>,
  at: Issues,
  role?: string,
): { [K in keyof R]: z.output<R[K]['schema']> } {
  const read: Record<string, unknown> = {};
  for (const field in rules) {
    read[field] = (rules[field] as FieldRule).read(input[field], at, field, role);
  }
  return read as { [K in keyof R]: z.output<R[K]['schema']> };
}

/** A choice as people type it: trimmed, lower case. */
export const choiceText = (value: string) => value.trim().toLowerCase();

/**
 * Whether a text is longer than `max` as zod measures it: in code points (a surrogate pair
 * counts once), counted only when its UTF-16 length is already past the bound.
 */
function isTooLong(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let length = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    if (
      (text.charCodeAt(index) & 0xfc00) === 0xd800 &&
      (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    ) {
      length--;
      index++;
    }
  }
  return length > max;
}

/** Optional text: trimmed, '' when absent, at most `max` (a continuable issue, as zod's max). */
export function textRule(max: number, tooLong: string) {
  return {
    schema: z.string().trim().max(max, tooLong).optional().default(''),
    read(value: string | undefined, at: Issues, field: string, role?: string) {
      if (value === undefined) return '';
      const trimmed = value.trim();
      if (isTooLong(trimmed, max)) at.add(field, tooLong, false, role);
      return trimmed;
    },
  } satisfies FieldRule;
}

/** Required text: trimmed, at least one character and at most `max`. */
export function requiredRule(message: string, max: number, tooLong: string) {
  return {
    schema: z.string({ error: message }).trim().min(1, message).max(max, tooLong),
    read(value: string | undefined, at: Issues, field: string, role?: string) {
      if (typeof value !== 'string') {
        at.add(field, message, true, role);
        return '';
      }
      const trimmed = value.trim();
      if (trimmed.length < 1) at.add(field, message, false, role);
      else if (isTooLong(trimmed, max)) at.add(field, tooLong, false, role);
      return trimmed;
    },
  } satisfies FieldRule;
}

/** One of `values`, as people type it; `blank`: the choice when nothing is given. */
export function choiceRule<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
  options: { blank?: T[number] } = {},
) {
  const { blank } = options;
  const typed = z.preprocess(
    (value) => (typeof value === 'string' ? choiceText(value) : value),
    z.enum(values, { error: message }),
  );
  return {
    schema:
      blank === undefined
        ? typed
        : z.preprocess(
            (value) => (value === undefined || value === '' || value === null ? blank : value),
            typed,
          ),
    read(value: string | undefined, at: Issues, field: string, role?: string): T[number] {
      const read = value === undefined || (blank !== undefined && value === '') ? blank : value;
      if (read === undefined) {
        at.add(field, message, true, role);
        return '' as T[number];
      }
      const chosen = choiceText(read);
      if (!(values as readonly string[]).includes(chosen)) at.add(field, message, true, role);
      return chosen as T[number];
    },
  } satisfies FieldRule;
}

/** One of `values` as people type it, or null when blank. */
export function optionalChoiceRule<const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) {
  return {
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? choiceText(value) || null : (value ?? null)),
      z.enum(values, { error: message }).nullable(),
    ),
    read(value: string | undefined, at: Issues, field: string, role?: string) {
      const chosen = (value === undefined ? '' : choiceText(value)) || null;
      if (chosen !== null && !(values as readonly string[]).includes(chosen)) {
        at.add(field, message, true, role);
      }
      return chosen as T[number] | null;
    },
  } satisfies FieldRule;
}

/**
 * A text read by `parse` (a day, a size), or null when blank; a text `parse` refuses is an
 * issue that stops the object's own checks. `numbers`: the schema also takes a number, as its
 * text.
 */
export function parsedRule<T>(
  parse: (text: string) => T | null,
  message: string,
  options: { numbers?: boolean } = {},
) {
  return {
    schema: z.preprocess(
      (value) =>
        options.numbers && typeof value === 'number'
          ? String(value)
          : typeof value === 'string'
            ? value.trim() === ''
              ? null
              : value
            : (value ?? null),
      z
        .string()
        .nullable()
        .transform((value, context): T | null => {
          if (value === null) return null;
          const parsed = parse(value);
          if (parsed === null) {
            context.addIssue({ code: 'custom', message });
            return z.NEVER;
          }
          return parsed;
        }),
    ),
    read(value: string | null | undefined, at: Issues, field: string, role?: string): T | null {
      if (value === null || value === undefined || value.trim() === '') return null;
      const parsed = parse(value);
      if (parsed === null) at.add(field, message, true, role);
      return parsed;
    },
  } satisfies FieldRule;
}

/** A rule whose value is then changed by `change` (in the schema and the reader alike). */
export function mapRule<S extends z.ZodType, T>(
  rule: FieldRule<S>,
  change: (value: z.output<S>) => T,
) {
  return {
    schema: rule.schema.transform(change),
    read: (value: string | undefined, at: Issues, field: string, role?: string) =>
      change(rule.read(value, at, field, role)),
  } satisfies FieldRule;
}
