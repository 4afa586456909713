import pg from 'pg';

// Instances started together on one database take turns through start-up: the first migrates
// and seeds while the others wait on a PostgreSQL advisory lock, then find nothing left to do.
// The lock belongs to a connection of its own, so a process that dies while holding it
// releases it with the connection.

const LOCK = "hashtextextended('backflow-registration-platform:startup', 0)";

/** Runs `work` (migrations, the seed) while holding the start-up lock. */
export async function withStartupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  // A connection lost while waiting or working fails the start-up through its query or `work`.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${LOCK})`);
    return await work();
  } finally {
    // Ending the session releases the lock even when unlocking fails.
    await client.query(`select pg_advisory_unlock(${LOCK})`).catch(() => {});
    await client.end().catch(() => {});
  }
}
