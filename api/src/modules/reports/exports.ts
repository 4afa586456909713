import { once } from 'node:events';
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZipArchive } from 'archiver';
import type { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { TReportType } from '../../../../shared/constants.js';
import type { SqlFragment } from '../../db/sql.js';
import type { DocumentStorage } from '../uploads/storage.js';
import type { DocumentReference, ReportScope } from './cells.js';
import {
  maxCompanyCredentialsStatement,
  maxTesterCredentialsStatement,
} from './credential-cells.js';
import {
  BEGIN_REPORT_SNAPSHOT,
  bundleDocuments,
  copyStatement,
  END_REPORT_SNAPSHOT,
  maxCertificationsStatement,
  readOn,
  type SplitReport,
  serviceProvidersReportStatement,
  testKitsReportStatement,
  usersReportStatements,
} from './queries.js';

type Read = (statement: SqlFragment) => Promise<Record<string, unknown>[]>;

/** A report whose statements depend on what its snapshot holds, read through `read`. */
type ShapedReport = (read: Read) => Promise<SqlFragment | SplitReport>;

/** What reports need of document storage: reading a stored file back. */
export type DocumentReader = Pick<DocumentStorage, 'open'>;

const UTF8_BOM = '\uFEFF';

/**
 * Streams a query's rows as CSV straight from PostgreSQL (COPY … TO STDOUT): nothing is held in
 * memory but the chunk in flight. Output is RFC 4180 (CRLF line ends) with a UTF-8 byte-order
 * mark so spreadsheet programs read accented names correctly. A split query's statements, and
 * a shaped report's reads and statements (one or split), run in one read-only repeatable-read
 * transaction, so they read the same rows. The pooled
 * connection is returned when the stream ends; when it fails or is abandoned the connection is
 * closed first (it may be mid-copy or in a failed transaction) and the pool replaces it.
 */
export async function copyCsv(
  em: EntityManager,
  report: SqlFragment | SplitReport | ShapedReport,
): Promise<Readable> {
  const knex = em.getConnection().getKnex();
  const connection = (await knex.client.acquireConnection()) as Client;
  const copy = (statement: SqlFragment, header: boolean) => {
    const rows = connection.query(copyTo(copyStatement(statement, header)));
    // Errors reach the reader through the iteration; one after it was abandoned has no reader.
    rows.on('error', () => {});
    return rows;
  };
  async function* csv() {
    let finished = false;
    try {
      if ('text' in report) {
        yield* copy(report, true);
      } else {
        await connection.query(BEGIN_REPORT_SNAPSHOT);
        const shaped =
          typeof report === 'function'
            ? await report((statement) => readOn(connection, statement))
            : report;
        if ('text' in shaped) {
          yield* copy(shaped, true);
        } else {
          yield* copy(shaped.first, true);
          yield* copy(shaped.rest, false);
        }
        await connection.query(END_REPORT_SNAPSHOT);
      }
      finished = true;
    } finally {
      if (finished) knex.client.releaseConnection(connection);
      else
        void connection
          .end()
          .catch(() => {})
          .finally(() => knex.client.releaseConnection(connection));
    }
  }
  return pipeline(Readable.from(csv(), { objectMode: false }), spreadsheetText(), () => {});
}

/**
 * COPY's CSV as spreadsheet programs expect it: CRLF line ends and a UTF-8 byte-order mark.
 * COPY's chunks can end inside a character, so the bytes are decoded across chunks.
 */
export function spreadsheetText(): Transform {
  const decoder = new StringDecoder('utf8');
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk).replaceAll('\n', '\r\n');
      callback(null, first ? `${UTF8_BOM}${text}` : text);
      first = false;
    },
    flush(callback) {
      callback(null, decoder.end());
    },
  });
}

/** The first row's `n` of a count statement. */
const countOf = async (read: Read, statement: SqlFragment) =>
  Number((await read(statement))[0]?.n ?? 0);

/**
 * The Users report: its certification and credential column groups are counted in the rows'
 * own snapshot.
 */
function usersCsv(em: EntityManager, scope: ReportScope, reference: DocumentReference) {
  return copyCsv(em, async (read) => {
    const columns = {
      certifications: await countOf(read, maxCertificationsStatement(scope)),
      credentials: await countOf(read, maxTesterCredentialsStatement(scope)),
    };
    return usersReportStatements(scope, columns, reference);
  });
}

/** The Service Providers report: its credential column groups are counted in its snapshot. */
function serviceProvidersCsv(em: EntityManager, scope: ReportScope, reference: DocumentReference) {
  return copyCsv(em, async (read) =>
    serviceProvidersReportStatement(
      scope,
      await countOf(read, maxCompanyCredentialsStatement(scope)),
      reference,
    ),
  );
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
      return serviceProvidersCsv(em, scope, reference);
    case 'testKits':
      return copyCsv(em, testKitsReportStatement(scope, reference));
  }
}

const BUNDLE_FILES = {
  users: 'testers.csv',
  serviceProviders: 'service_providers.csv',
  testKits: 'service_provider_test_kits.csv',
} as const;

/** A stored document read whole (uploads are 10 MB at most; one is held at a time). */
async function wholeDocument(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

/**
 * The Implementation Integration Files: a zip with the three CSVs (whose document cells name
 * files inside the zip) and every referenced document under documents/. Entries are added one
 * at a time so only one database stream or file is open at once. The documents (PDF, JPEG and
 * PNG, compressed already) are stored as they are, not deflated again: compressing them cost
 * most of a large bundle's time for nothing. Each is read whole first, so its entry's header
 * carries its size and checksum, which every zip reader takes (a stored entry written from a
 * stream would need a trailing descriptor that streaming readers refuse).
 */
export function ieBundle(em: EntityManager, scope: ReportScope, storage: DocumentReader): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const output = new PassThrough();
  archive.on('error', (error: Error) => output.destroy(error));
  archive.pipe(output);
  const reference: DocumentReference = { kind: 'bundle' };

  const addEntry = async (source: Readable | Buffer, name: string, store = false) => {
    const added = once(archive, 'entry');
    archive.append(source, { name, store });
    await added;
  };

  (async () => {
    for (const type of ['users', 'serviceProviders', 'testKits'] as const) {
      await addEntry(await csvReport(em, type, scope, reference), BUNDLE_FILES[type]);
    }
    const documents = await bundleDocuments(em, scope);
    for (const document of documents) {
      const content = await wholeDocument(await storage.open(document.storageKey));
      await addEntry(content, document.name, true);
    }
    await archive.finalize();
  })().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );

  return output;
}
