import { EntityManager } from '@mikro-orm/postgresql';
import { escapeLiteral } from 'pg';

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
 * Fixed SQL that prepared statements of several modules share (a WITH part, a subquery), with
 * the function that gives the values of its placeholders. Its names carry its owner's prefix
 * (`company…`, `email…`), so a statement embedding it spreads those values beside its own.
 * (A condition chosen per call is a SqlFragment: text and values bound together.)
 */
export interface SqlPart<Input, P extends SqlParams> {
  readonly text: string;
  readonly values: (input: Input) => P;
}

/** The values a part's placeholders take. */
export type PartValues<F> = F extends SqlPart<never, infer P> ? P : never;

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

/**
 * A piece of a statement with the values of its placeholders: a condition two statements
 * share is written once, by the function that returns its text and its values together.
 */
export interface SqlFragment<P extends SqlParams = SqlParams> {
  text: string;
  params: P;
}

/** `where` and the conditions that apply (the others given as undefined or false), with their values. */
export function whereAll(conditions: readonly (SqlFragment | false | undefined)[]): SqlFragment {
  const applying = conditions.filter((condition): condition is SqlFragment => Boolean(condition));
  return {
    text: applying.length > 0 ? `where ${applying.map((c) => c.text).join(' and ')}` : '',
    params: Object.assign({}, ...applying.map((c) => c.params)),
  };
}

/** Rows whose `column` is one of `ids` (`:ids`; an empty list matches none); undefined without a list. */
export function idIn(column: string, ids: readonly number[] | undefined): SqlFragment | undefined {
  if (!ids) return undefined;
  return ids.length > 0
    ? { text: `${column} in (:ids)`, params: { ids } }
    : { text: 'false', params: {} };
}

const composedStatements = new Map<string, Sql>();

/**
 * A statement whose text is composed from whitelisted parts (a sort's key columns, which
 * optional conditions apply): compiled once per distinct text, like `sql` for a fixed one.
 */
export function composedSql<P extends SqlParams>(name: string, text: string): Sql<P> {
  let statement = composedStatements.get(text);
  if (!statement) {
    statement = sql(`${name}-${composedStatements.size + 1}`, text);
    composedStatements.set(text, statement);
  }
  return statement as Sql<P>;
}

/** Runs a composed statement, given as its text and values, through the EntityManager. */
export const queryComposed = <Row>(
  em: EntityManager,
  name: string,
  statement: SqlFragment,
): Promise<Row[]> => query<Row, SqlParams>(em, composedSql(name, statement.text), statement.params);

const NUMBERED =
  /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$\$[\s\S]*?\$\$|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)/g;

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return escapeLiteral(value);
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  throw new Error(`No literal form for ${typeof value}`);
}

/**
 * The statement's text with each value written in as a quoted literal, for the one place
 * PostgreSQL takes no bind parameters: COPY … TO STDOUT.
 */
export function withLiterals<P extends SqlParams>(statement: Sql<P>, params: P): string {
  const values = numberedValues(statement, params);
  return statement.numbered.replace(NUMBERED, (token, number?: string) =>
    number === undefined ? token : literal(values[Number(number) - 1]),
  );
}
