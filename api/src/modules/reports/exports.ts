import { once } from 'node:events';
import { PassThrough, type Readable, Transform } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZipArchive } from 'archiver';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { TReportType } from '../../../../shared/constants.js';
import {
  bundleDocumentsSql,
  type DocumentReference,
  maxCertificationsSql,
  type ReportScope,
  serviceProvidersReportSql,
  testKitsReportSql,
  usersReportSql,
} from './report-sql.js';

/** What reports need of document storage: reading a stored file back. */
export interface DocumentReader {
  open(key: string): Readable;
}

const UTF8_BOM = '\uFEFF';

/**
 * Streams a query's rows as CSV straight from PostgreSQL (COPY … TO STDOUT): nothing is held in
 * memory but the chunk in flight. Output is RFC 4180 (CRLF line ends) with a UTF-8 byte-order
 * mark so spreadsheet programs read accented names correctly. The pooled connection is
 * returned when the stream ends, fails or is abandoned.
 */
export async function copyCsv(em: EntityManager, sql: string): Promise<Readable> {
  const knex = em.getConnection().getKnex();
  const connection = (await knex.client.acquireConnection()) as PoolClient;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    knex.client.releaseConnection(connection);
  };
  const source = connection.query(copyTo(`copy (${sql}) to stdout with (format csv, header true)`));
  let first = true;
  const toCrlf = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = chunk.toString('utf8').replaceAll('\n', '\r\n');
      callback(null, first ? `${UTF8_BOM}${text}` : text);
      first = false;
    },
  });
  source.on('error', (error) => {
    release();
    toCrlf.destroy(error);
  });
  source.on('end', release);
  toCrlf.on('close', () => {
    if (!released) {
      // The reader went away mid-stream: stop the copy and drop the connection.
      source.destroy();
      connection.release(true as unknown as Error);
      released = true;
    }
  });
  return source.pipe(toCrlf);
}

async function usersCsv(em: EntityManager, scope: ReportScope, reference: DocumentReference) {
  const [row] = await em.execute<{ n: number }[]>(maxCertificationsSql(scope));
  return copyCsv(em, usersReportSql(scope, row?.n ?? 0, reference));
}

/** One of the three CSV reports as a stream. */
export function csvReport(
  em: EntityManager,
  type: Exclude<TReportType, 'ieBundle'>,
  scope: ReportScope,
  reference: DocumentReference,
): Promise<Readable> {
  switch (type) {
    case 'users':
      return usersCsv(em, scope, reference);
    case 'serviceProviders':
      return copyCsv(em, serviceProvidersReportSql(scope));
    case 'testKits':
      return copyCsv(em, testKitsReportSql(scope, reference));
  }
}

export const BUNDLE_FILES = {
  users: 'testers.csv',
  serviceProviders: 'service_providers.csv',
  testKits: 'service_provider_test_kits.csv',
} as const;

/**
 * The Implementation Integration Files: a zip with the three CSVs (whose document cells name
 * files inside the zip) and every referenced document under documents/. Entries are added one
 * at a time so only one database stream or file is open at once.
 */
export function ieBundle(em: EntityManager, scope: ReportScope, storage: DocumentReader): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const output = new PassThrough();
  archive.on('error', (error: Error) => output.destroy(error));
  archive.pipe(output);
  const reference: DocumentReference = { kind: 'bundle' };

  const addEntry = async (stream: Readable, name: string) => {
    const added = once(archive, 'entry');
    archive.append(stream, { name });
    await added;
  };

  (async () => {
    for (const type of ['users', 'serviceProviders', 'testKits'] as const) {
      await addEntry(await csvReport(em, type, scope, reference), BUNDLE_FILES[type]);
    }
    const documents = await em.execute<{ name: string; storageKey: string }[]>(
      bundleDocumentsSql(scope),
    );
    for (const document of documents) {
      await addEntry(storage.open(document.storageKey), document.name);
    }
    await archive.finalize();
  })().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );

  return output;
}
