import { EntityManager } from '@mikro-orm/postgresql';

// Statements with named parameters. Each module's queries.ts writes its SQL with `:name`
// placeholders and callers pass one object of values, so no caller ever counts positions.
// A statement is compiled once: to pg's `$1 … $n` (named prepared statements on a pooled
// connection, db/pooled-client.ts) and to `?` for the EntityManager's execute.

/** Values of a statement's parameters, by name. */
export type SqlParams = Record<string, unknown>;

/** A statement and the names of its parameters; `P` types the values a caller passes. */
export interface Sql<P extends SqlParams = SqlParams> {
  /** The prepared statement's name on a pooled connection; unique per text. */
  readonly name: string;
  /** The text with `$1 … $n`, one number per distinct name. */
  readonly numbered: string;
  /** The names in the order of `$1 … $n`. */
  readonly numberedNames: readonly string[];
  /** The text with a `?` per placeholder, for the EntityManager's execute. */
  readonly positional: string;
  /** The name behind each `?`, in order (a name used twice appears twice). */
  readonly positionalNames: readonly string[];
  /** Phantom: the parameter values' type. */
  readonly params?: P;
}

/**
 * Placeholders outside quoted text and comments: `:name` not preceded by another colon (a cast
 * such as `::jsonb` is not a placeholder). Quoted literals, quoted identifiers, dollar-quoted
 * bodies and comments are matched first and kept as they are. A `?` (jsonb's operator, or one
 * inside a literal) stays in the numbered text and is escaped in the positional one.
 */
const TOKENS =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$\$[\s\S]*?\$\$|--[^\n]*|\/\*[\s\S]*?\*\/|::|:([A-Za-z_][A-Za-z0-9_]*)|\?/g;

/** Compiles `text` (with `:name` placeholders) into a statement called `name`. */
export function sql<P extends SqlParams = Record<string, never>>(
  name: string,
  text: string,
): Sql<P> {
  const numberedNames: string[] = [];
  const positionalNames: string[] = [];
  let numbered = '';
  let positional = '';
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const [token, parameter] = match;
    const before = text.slice(last, match.index);
    last = match.index + token.length;
    if (parameter) {
      let number = numberedNames.indexOf(parameter) + 1;
      if (number === 0) number = numberedNames.push(parameter);
      numbered += `${before}$${number}`;
      positional += `${before}?`;
      positionalNames.push(parameter);
    } else {
      numbered += before + token;
      positional += before + token.replaceAll('?', '\\?');
    }
  }
  numbered += text.slice(last);
  positional += text.slice(last);
  return { name, numbered, numberedNames, positional, positionalNames };
}

function valuesIn(names: readonly string[], statement: Sql, params: SqlParams): unknown[] {
  return names.map((parameter) => {
    if (!(parameter in params)) {
      throw new Error(`Statement ${statement.name}: no value for :${parameter}`);
    }
    return params[parameter];
  });
}

/** The values for `$1 … $n`. */
export const numberedValues = <P extends SqlParams>(statement: Sql<P>, params: P): unknown[] =>
  valuesIn(statement.numberedNames, statement as Sql, params);

/** The values for each `?`. */
export const positionalValues = <P extends SqlParams>(statement: Sql<P>, params: P): unknown[] =>
  valuesIn(statement.positionalNames, statement as Sql, params);

/**
 * SQL that statements of several modules share (a WITH part, a subquery), with the function
 * that gives the values of its placeholders. Its names carry its owner's prefix (`company…`,
 * `email…`), so a statement embedding it spreads those values beside its own.
 */
export interface SqlFragment<Input, P extends SqlParams> {
  readonly text: string;
  readonly values: (input: Input) => P;
}

/** The values a fragment's placeholders take. */
export type FragmentValues<F> = F extends SqlFragment<never, infer P> ? P : never;

/** A connection that runs statements by their name (db/pooled-client.ts). */
export interface StatementRunner {
  run<Row, P extends SqlParams>(statement: Sql<P>, params: P): Promise<Row[]>;
}

/**
 * Runs a statement on a lent connection, or through the EntityManager (its transaction, if one
 * is open). The EntityManager spreads an array value into a list (`in (:ids)`); a statement
 * that must run both ways passes lists as json.
 */
export function query<Row, P extends SqlParams>(
  db: EntityManager | StatementRunner,
  statement: Sql<P>,
  params: P,
): Promise<Row[]> {
  if (!(db instanceof EntityManager)) return db.run<Row, P>(statement, params);
  // MikroORM leaves a text without values untouched, escapes included.
  if (statement.positionalNames.length === 0) return db.execute<Row[]>(statement.numbered);
  return db.execute<Row[]>(statement.positional, positionalValues(statement, params));
}

/** jsonb parameters: one value carries a whole list of rows. */
export const json = (value: unknown): string => JSON.stringify(value);
