import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { makeTempFolder, startEmbeddedPostgres } from '../../api/src/db/embedded-postgres.js';
import { createOrm, migrate } from '../../api/src/db/orm.js';

// One PostgreSQL server for the whole run (embedded, or TEST_DATABASE_URL), with a template
// database built by running the real migrations. Each test file clones the template.

export const TEMPLATE_DATABASE = 'backflow_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const temp = external ? undefined : await makeTempFolder('backflow-test-pg-');
  const server = temp
    ? await startEmbeddedPostgres({ dataDir: `${temp}/pg`, removeOnStop: temp, unsafeFast: true })
    : undefined;
  const adminUrl = server?.url ?? (external as string);

  await recreateTemplate(adminUrl);
  const orm = await createOrm({ databaseUrl: withDatabase(adminUrl, TEMPLATE_DATABASE) });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
  project.provide('testDatabase', { adminUrl, template: TEMPLATE_DATABASE });

  return async () => {
    if (server) await server.stop();
    else await dropTemplate(adminUrl);
  };
}

async function recreateTemplate(adminUrl: string) {
  await dropTemplate(adminUrl);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database "${TEMPLATE_DATABASE}"`);
  } finally {
    await client.end();
  }
}

async function dropTemplate(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
