// The JSON shape a request schema describes, checked before its rules: a list where an object
// belongs (or the reverse, or either where a single value belongs) is a request no form sends,
// answered 400 with where it went wrong, instead of being read as an empty or invalid entry.
import type { z } from 'zod';
import { MESSAGES } from './codes.js';
import { fillMessage } from './fill-message.js';

export type TShapeKind = 'object' | 'list' | 'value';

export interface TShapeProblem {
  /** Where in the body, as `testKitInfo[0].kitSerial`. */
  field: string;
  expected: TShapeKind;
}

/** What the walk reads of a zod 4 schema's definition. */
interface TDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema.def as unknown as TDef;

function kindOf(value: unknown): TShapeKind {
  if (Array.isArray(value)) return 'list';
  return value !== null && typeof value === 'object' ? 'object' : 'value';
}

function fieldName(path: readonly (string | number)[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('');
}

/**
 * The first place where `value` does not have the JSON shape `schema` describes, or null.
 * Absent and null values pass (the rules call them required); so do values the schema leaves
 * open (`unknown`), and scalars of the wrong type (the rules call them invalid).
 */
export function shapeProblem(
  schema: z.ZodType,
  value: unknown,
  path: readonly (string | number)[] = [],
): TShapeProblem | null {
  if (value === undefined || value === null) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? shapeProblem(def.innerType, value, path) : null;
    case 'pipe': {
      // z.preprocess puts its transform first: the schema after it describes what is sent.
      const sent = def.in && defOf(def.in).type === 'transform' ? def.out : def.in;
      return sent ? shapeProblem(sent, value, path) : null;
    }
    case 'object': {
      if (kindOf(value) !== 'object') return { field: fieldName(path), expected: 'object' };
      const fields = value as Record<string, unknown>;
      for (const [key, fieldSchema] of Object.entries(def.shape ?? {})) {
        const problem = Object.hasOwn(fields, key)
          ? shapeProblem(fieldSchema, fields[key], [...path, key])
          : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'record': {
      // A map keyed by ids ("12": {…}): an object whose every value has the value's shape.
      if (kindOf(value) !== 'object') return { field: fieldName(path), expected: 'object' };
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        const problem = def.valueType ? shapeProblem(def.valueType, item, [...path, key]) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'array': {
      if (!Array.isArray(value)) return { field: fieldName(path), expected: 'list' };
      for (const [index, item] of value.entries()) {
        const problem = def.element ? shapeProblem(def.element, item, [...path, index]) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'unknown':
    case 'any':
    case 'transform':
      return null;
    default:
      return kindOf(value) === 'value' ? null : { field: fieldName(path), expected: 'value' };
  }
}

const SHAPE_MESSAGES: Record<TShapeKind, string> = {
  object: MESSAGES.shapeNotObject,
  list: MESSAGES.shapeNotList,
  value: MESSAGES.shapeNotValue,
};

/** The 400's message: which field, and what it must be. */
export function shapeProblemMessage(problem: TShapeProblem): string {
  return fillMessage(SHAPE_MESSAGES[problem.expected], { field: problem.field || 'body' });
}
