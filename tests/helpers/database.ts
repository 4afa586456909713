import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from '../setup/postgres.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database with every migration applied, cloned from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = inject('testDatabase');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}" template "${template}"`);
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
