import { describe, expect, it, vi } from 'vitest';
import {
  composedSql,
  idIn,
  numberedValues,
  positionalValues,
  query,
  type StatementRunner,
  sql,
  whereAll,
  withLiterals,
} from './sql.js';

describe('sql statements with named parameters', () => {
  it('numbers each distinct name once and repeats it for positional execution', () => {
    const statement = sql<{ org: number; emails: string[] }>(
      'find-people',
      'select id from users where org_id = :org and lower(email) = any(:emails::text[]) and :org > 0',
    );
    expect(statement.numbered).toBe(
      'select id from users where org_id = $1 and lower(email) = any($2::text[]) and $1 > 0',
    );
    expect(statement.positional).toBe(
      'select id from users where org_id = ? and lower(email) = any(?::text[]) and ? > 0',
    );
    expect(numberedValues(statement, { org: 7, emails: ['a@b.c'] })).toEqual([7, ['a@b.c']]);
    expect(positionalValues(statement, { org: 7, emails: ['a@b.c'] })).toEqual([7, ['a@b.c'], 7]);
  });

  it('leaves casts, quoted text, comments and dollar-quoted bodies alone', () => {
    const statement = sql<{ when: string }>(
      'quoted',
      `select to_char(:when::timestamptz, 'HH24:MI'), "a:b", $$ :not $$ -- :nor
       , data ? 'key' /* :neither */`,
    );
    expect(statement.numberedNames).toEqual(['when']);
    expect(statement.numbered).toContain(`to_char($1::timestamptz, 'HH24:MI'), "a:b", $$ :not $$`);
    expect(statement.numbered).toContain(`data ? 'key'`);
    expect(statement.positional).toContain(`data \\? 'key'`);
  });

  it('refuses to run without a value for every name', () => {
    const statement = sql<{ a: number; b: number }>('two', 'select :a + :b');
    expect(() => numberedValues(statement, { a: 1 } as never)).toThrow(/no value for :b/);
  });

  it('hands a statement and its values to a lent connection as they are', async () => {
    const statement = sql<{ id: number }>('one', 'select :id::int as id');
    const runner: StatementRunner = { run: vi.fn(async () => [{ id: 3 }]) as never };
    expect(await query(runner, statement, { id: 3 })).toEqual([{ id: 3 }]);
    expect(runner.run).toHaveBeenCalledWith(statement, { id: 3 });
  });

  it('compiles a composed text once and tells different texts apart', () => {
    const text = 'select id from users where id = :id';
    const first = composedSql<{ id: number }>('by-id', text);
    expect(composedSql<{ id: number }>('by-id', text)).toBe(first);
    const other = composedSql<{ id: number }>('by-id', `${text} and id > 0`);
    expect(other).not.toBe(first);
    expect(other.name).not.toBe(first.name);
  });

  it('writes values in as literals where no bind parameters are taken, quotes and all', () => {
    const statement = sql<{ name: string; org: number; after: Date; none: null }>(
      'copied',
      "select ':org', :org, :name, :after::timestamptz, :none, $$ $1 $$ where -:org < 0",
    );
    expect(
      withLiterals(statement, {
        name: "O'Brien \\ Sons",
        org: -7,
        after: new Date('2026-11-23T13:00:00Z'),
        none: null,
      }),
    ).toBe(
      "select ':org', (-7),  E'O''Brien \\\\ Sons', '2026-11-23T13:00:00.000Z'::timestamptz, null, $$ $1 $$ where -(-7) < 0",
    );
  });

  it('joins the conditions that apply with their values, and matches no row for no ids', () => {
    expect(
      whereAll([
        idIn('u.id', [3, 4]),
        undefined,
        false,
        { text: 'u.type = :type', params: { type: 'admin' } },
      ]),
    ).toEqual({
      text: 'where u.id in (:ids) and u.type = :type',
      params: { ids: [3, 4], type: 'admin' },
    });
    expect(whereAll([idIn('u.id', undefined)])).toEqual({ text: '', params: {} });
    expect(whereAll([idIn('u.id', [])])).toEqual({ text: 'where false', params: {} });
  });
});
