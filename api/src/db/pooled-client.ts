import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client, QueryResultRow } from 'pg';
import { numberedValues, type Sql, type SqlParams, type StatementRunner } from './sql.js';

// A connection of the ORM's pool used straight through the pg driver, for the few paths where
// the ORM's layers cost more than the statements: no unit of work, no query building, and named
// statements that each connection parses and plans once (see docs/decisions.md, "The final
// submit writes with plain SQL").

/** A lent connection: statements run by their name, and transactions. */
export interface PooledClient extends StatementRunner {
  /** Runs `work` in a transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Lends `work` a connection of the pool and takes it back afterwards. A connection that broke
 * on the way (or could not roll back) is closed before it goes back, so the pool replaces it.
 */
export async function withPooledClient<T>(
  em: EntityManager,
  work: (client: PooledClient) => Promise<T>,
): Promise<T> {
  const knex = em.getConnection().getKnex();
  const connection = (await knex.client.acquireConnection()) as Client;
  let broken = false;
  const client: PooledClient = {
    async run<Row, P extends SqlParams>(statement: Sql<P>, params: P) {
      // The connection parses and plans a statement the first time it meets its name.
      const result = await watched(
        connection.query<Row & QueryResultRow>({
          name: statement.name,
          text: statement.numbered,
          values: numberedValues(statement, params),
        }),
      );
      return result.rows;
    },
    async transaction<T>(transactionWork: () => Promise<T>) {
      await watched(connection.query('begin'));
      let result: T;
      try {
        result = await transactionWork();
      } catch (error) {
        await connection.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      }
      await watched(connection.query('commit'));
      return result;
    },
  };
  /** A query's promise; a failure that is not PostgreSQL refusing the statement breaks it. */
  const watched = <R>(query: Promise<R>) =>
    query.catch((error: unknown) => {
      if (!isStatementError(error)) broken = true;
      throw error;
    });
  try {
    return await work(client);
  } finally {
    if (broken) {
      await connection.end().catch(() => {});
    }
    knex.client.releaseConnection(connection);
  }
}

/**
 * Whether an error is PostgreSQL refusing a statement (the connection stays usable) rather than
 * the connection failing. The server's refusals carry a five-character SQLSTATE; connection
 * exceptions (08…) and shutdowns (57P0…) end the connection.
 */
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57P0)/.test(code);
}
