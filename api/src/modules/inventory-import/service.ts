import { type Readable, Transform } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TESTING_RULES, type TTestingRules } from '../../../../shared/assembly-due.js';
import { CODES } from '../../../../shared/codes.js';
import {
  emptyMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  INVENTORY_IMPORT_LIMITS,
  INVENTORY_IMPORT_MESSAGES,
  mappingFor,
  REQUIRED_IMPORT_FIELDS,
  type TImportMapping,
  type TImportSummary,
  type TInventoryImport,
} from '../../../../shared/inventory-import.js';
import type { AppConfig } from '../../config.js';
import { withPooledClient } from '../../db/pooled-client.js';
import type { StatementRunner } from '../../db/sql.js';
import { AppError, fieldErrors } from '../../errors.js';
import type { Actor } from '../audit/service.js';
import { testingRulesForShare } from '../inventory/queries.js';
import { organizationForNew, scopeOfActor } from '../organization-access/scope.js';
import type { DocumentStorage } from '../uploads/storage.js';
import { applyPlan } from './apply.js';
import {
  csvRows,
  FileRefusal,
  type FileRow,
  kindOf,
  type TFileKind,
  xlsxRows,
} from './file-rows.js';
import {
  BatchRow,
  columnsOf,
  entryChanges,
  newPlanMemory,
  type PlanContext,
  planBatch,
  rowValues,
} from './plan-rows.js';
import {
  assembliesNumbered,
  changesPage,
  type Db,
  deleteEntries,
  entryCounts,
  type ImportRow,
  importById,
  insertEntries,
  insertImport,
  insertMissing,
  inventoryFingerprint,
  locationsNumbered,
  organizationExists,
  rememberedMapping,
  setImportFailed,
  setImportFile,
  setImportPlanned,
  setImportPlanning,
  setImportProgress,
} from './queries.js';

// An organization's inventory imported from the utility's own file: the file kept in document
// storage, a plan made by streaming its rows against the inventory (written in batches, so a
// 100,000-row file never sits in memory), then applied all at once (apply.ts).

const BATCH = 1_000;

export interface ImportDeps {
  storage: DocumentStorage;
  bounds: AppConfig['inventoryImport'];
  /** A fresh EntityManager outside any transaction: progress that other instances poll. */
  fork: () => EntityManager;
}

export function toImport(row: ImportRow): TInventoryImport {
  const mapping = emptyMapping();
  for (const field of IMPORT_FIELDS) mapping[field] = row.mapping[field] ?? null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    fileName: row.file_name,
    state: row.state,
    rowsRead: row.rows_read,
    headers: row.headers,
    mapping,
    markMissingRemoved: row.mark_missing_removed,
    summary: row.summary,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    appliedAt: row.applied_at ? new Date(row.applied_at).toISOString() : null,
  };
}

async function importOrFail(em: EntityManager, id: number): Promise<ImportRow> {
  const row = await importById(em, { id });
  if (!row) throw AppError.notFound(INVENTORY_IMPORT_MESSAGES.notFound);
  return row;
}

export const getImport = async (em: EntityManager, id: number) =>
  toImport(await importOrFail(em, id));

export async function createImport(
  em: EntityManager,
  actor: Actor,
  body: { organizationId?: number },
): Promise<TInventoryImport> {
  const organizationId = organizationForNew(scopeOfActor(actor), body.organizationId ?? null);
  if (organizationId === null)
    throw fieldErrors({ organizationId: 'Please choose an organization.' });
  if (!(await organizationExists(em, { id: organizationId }))) {
    throw AppError.notFound('Organization not found.');
  }
  return toImport(await insertImport(em, { organizationId, staffId: actor.id }));
}

function refuseChange(row: ImportRow): void {
  if (row.state === 'applied') throw AppError.conflict(INVENTORY_IMPORT_MESSAGES.cannotChange);
  if (row.state === 'applying') throw AppError.conflict(INVENTORY_IMPORT_MESSAGES.busy);
}

const tooLarge = (message: string) => new AppError(413, CODES.payloadTooLarge, message);

/** Counts the bytes going through, refusing past the bound; keeps the first bytes for the kind. */
function bounded(maxBytes: number) {
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(tooLarge(INVENTORY_IMPORT_MESSAGES.tooLarge(Math.round(maxBytes / 1048576))));
        return;
      }
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8)]);
      callback(null, chunk);
    },
  });
  return { stream, head: () => head };
}

/**
 * Keeps the uploaded file (streamed to storage, refused past the byte bound before it is all
 * read, nothing kept of it), then plans it with the remembered or guessed mapping.
 */
export async function receiveFile(
  em: EntityManager,
  deps: ImportDeps,
  id: number,
  upload: { fileName: string; declaredBytes: number | null; content: Readable },
): Promise<TInventoryImport> {
  const row = await importOrFail(em, id);
  refuseChange(row);
  const { maxBytes } = deps.bounds;
  if (upload.declaredBytes !== null && upload.declaredBytes > maxBytes) {
    upload.content.resume();
    throw tooLarge(INVENTORY_IMPORT_MESSAGES.tooLarge(Math.round(maxBytes / 1048576)));
  }
  const counter = bounded(maxBytes);
  upload.content.on('error', (error) => counter.stream.destroy(error));
  const saved = await deps.storage.save(upload.content.pipe(counter.stream));
  const kind = kindOf(counter.head());
  const previousKey = row.storage_key;
  if (kind === null || saved.size === 0) {
    await deps.storage.remove(saved.key);
    await setImportFailed(em, {
      id,
      error: INVENTORY_IMPORT_MESSAGES.notSpreadsheet,
      keepFile: false,
    });
    return getImport(em, id);
  }
  await setImportFile(em, {
    id,
    fileName: upload.fileName.slice(0, INVENTORY_IMPORT_LIMITS.fileName),
    fileKind: kind,
    storageKey: saved.key,
    sha256: saved.sha256,
    size: saved.size,
  });
  if (previousKey) await deps.storage.remove(previousKey);
  return plan(em, deps, id, { mapping: null, markMissingRemoved: row.mark_missing_removed });
}

/** Plans again from the stored file with the mapping chosen on the console's screen. */
export async function chooseMapping(
  em: EntityManager,
  deps: ImportDeps,
  id: number,
  body: { mapping: Partial<TImportMapping>; markMissingRemoved: boolean },
): Promise<TInventoryImport> {
  const row = await importOrFail(em, id);
  refuseChange(row);
  if (!row.storage_key) throw AppError.conflict(INVENTORY_IMPORT_MESSAGES.noFile);
  const mapping = emptyMapping();
  for (const field of IMPORT_FIELDS) mapping[field] = body.mapping[field] ?? null;
  const errors: Record<string, string> = {};
  const used = new Map<string, string>();
  for (const field of IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === null) {
      if (REQUIRED_IMPORT_FIELDS.includes(field)) {
        errors[`mapping.${field}`] = INVENTORY_IMPORT_MESSAGES.fieldRequired(
          IMPORT_FIELD_LABELS[field],
        );
      }
    } else if (!row.headers.includes(header)) {
      errors[`mapping.${field}`] = INVENTORY_IMPORT_MESSAGES.headerUnknown;
    } else if (used.has(header)) {
      errors[`mapping.${field}`] = INVENTORY_IMPORT_MESSAGES.headerTwice;
    } else used.set(header, field);
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return plan(em, deps, id, { mapping, markMissingRemoved: body.markMissingRemoved });
}

/** The file's rows, header first, in the lists they are read in (file-rows.ts). */
async function* rowsOf(deps: ImportDeps, row: ImportRow): AsyncGenerator<FileRow[]> {
  if (!row.storage_key || !row.file_kind) throw new FileRefusal(INVENTORY_IMPORT_MESSAGES.noFile);
  const content = await deps.storage.open(row.storage_key);
  yield* (row.file_kind as TFileKind) === 'xlsx'
    ? xlsxRows(content, deps.bounds.maxUnzippedBytes)
    : csvRows(content);
}

const rulesOf = async (em: EntityManager, organizationId: number): Promise<TTestingRules> =>
  (await testingRulesForShare(em, { organizationId })) ?? DEFAULT_TESTING_RULES;

/** The plan's counts, from its entries. */
async function summaryOf(db: Db, importId: number): Promise<TImportSummary> {
  const summary: TImportSummary = {
    newLocations: 0,
    changedLocations: 0,
    newAssemblies: 0,
    changedAssemblies: 0,
    unchanged: 0,
    missing: 0,
    refused: 0,
  };
  for (const { kind, entity, count } of await entryCounts(db, { importId })) {
    if (kind === 'new') summary[entity === 'location' ? 'newLocations' : 'newAssemblies'] += count;
    else if (kind === 'changed') {
      summary[entity === 'location' ? 'changedLocations' : 'changedAssemblies'] += count;
    } else if (kind === 'unchanged') summary.unchanged += count;
    else summary[kind] += count;
  }
  return summary;
}

/**
 * Makes the plan: reads the header row, then the rows a batch at a time, each batch compared
 * with the records it names and written as entries. A malformed file fails the import with
 * its reason; one past a bound is refused (413) and forgotten.
 */
export async function plan(
  em: EntityManager,
  deps: ImportDeps,
  id: number,
  choice: { mapping: TImportMapping | null; markMissingRemoved: boolean },
): Promise<TInventoryImport> {
  const row = await importOrFail(em, id);
  const rules = await rulesOf(em, row.organization_id);
  // The batches' statements on one lent connection: their jsonb lists go as bound values,
  // never written into the statement's text.
  await withPooledClient(em, (db) => planOn(db, deps, row, rules, choice));
  return getImport(em, id);
}

async function planOn(
  db: StatementRunner,
  deps: ImportDeps,
  row: ImportRow,
  rules: TTestingRules,
  choice: { mapping: TImportMapping | null; markMissingRemoved: boolean },
): Promise<void> {
  const { id } = row;
  const organizationId = row.organization_id;
  await deleteEntries(db, { importId: id });
  // Taken before the inventory is read: a write meanwhile makes the plan stale, never wrong.
  const fingerprint = await inventoryFingerprint(db, { organizationId });
  let rowsRead = 0;
  const rows = rowsOf(deps, row);
  try {
    const first = await rows.next();
    const header = first.done ? undefined : first.value[0];
    const headers = header ? header.cells.map((cell) => cell.trim()) : [];
    if (!header || headers.every((cell) => cell === '')) {
      throw new FileRefusal(INVENTORY_IMPORT_MESSAGES.noHeaderRow);
    }
    const mapping =
      choice.mapping ?? mappingFor(headers, await rememberedMapping(db, { organizationId }));
    await setImportPlanning(db, {
      id,
      headers,
      mapping,
      markMissingRemoved: choice.markMissingRemoved,
    });
    const columns = columnsOf(headers, mapping);
    const memory = newPlanMemory();
    const complete = REQUIRED_IMPORT_FIELDS.every((field) => mapping[field] !== null);
    let batch: BatchRow[] = [];
    /** The batch's context: the records on file its rows name, each looked up by its key. */
    const contextOf = async (rows: typeof batch): Promise<PlanContext> => ({
      mapping,
      columns,
      rules,
      memory,
      locationsOnFile: new Map(
        (
          await locationsNumbered(db, {
            organizationId,
            accounts: [...new Set(rows.map((r) => (r.values.accountNumber ?? '').toLowerCase()))],
          })
        ).map((location) => [location.account_number.toLowerCase(), location]),
      ),
      assembliesOnFile: new Map(
        (
          await assembliesNumbered(db, {
            organizationId,
            ids: [...new Set(rows.map((r) => (r.values.assemblyId ?? '').toLowerCase()))],
          })
        ).map((assembly) => [assembly.assembly_id.toLowerCase(), assembly]),
      ),
    });
    const flush = async () => {
      // Planned in one expression, the rows then let go of: what waits on the database while
      // the entries are written is their text only (insertEntries).
      const writing = insertEntries(db, {
        importId: id,
        entries: planBatch(batch, await contextOf(batch)),
      });
      batch = [];
      await writing;
      await setImportProgress(deps.fork(), { id, rowsRead });
    };
    /** Counts a row and adds it to the batch: whether the batch is full. */
    const take = (fileRow: FileRow) => {
      rowsRead++;
      if (rowsRead > deps.bounds.maxRows) {
        throw new FileRefusal(INVENTORY_IMPORT_MESSAGES.tooManyRows(deps.bounds.maxRows), true);
      }
      // Without its required columns the import waits for a mapping: the rows are only counted.
      if (complete) batch.push(new BatchRow(fileRow.row, rowValues(fileRow, columns)));
      return batch.length >= BATCH;
    };
    const afterHeader = first.value as FileRow[];
    for (let index = 1; index < afterHeader.length; index++) {
      if (take(afterHeader[index] as FileRow)) await flush();
    }
    for await (const fileRows of rows) {
      for (const fileRow of fileRows) if (take(fileRow)) await flush();
    }
    if (complete) {
      await flush();
      await insertMissing(db, { importId: id, organizationId });

      await setImportPlanned(db, {
        id,
        rowsRead,
        summary: await summaryOf(db, id),
        fingerprint,
        plannedSha256: row.file_sha256,
      });
    } else {
      const missing = REQUIRED_IMPORT_FIELDS.find((field) => mapping[field] === null);
      await setImportProgress(db, { id, rowsRead });
      await setImportFailed(db, {
        id,
        error: INVENTORY_IMPORT_MESSAGES.fieldRequired(
          IMPORT_FIELD_LABELS[missing ?? 'assemblyId'],
        ),
        keepFile: true,
      });
    }
  } catch (error) {
    // The file let go of first (a refusal before the rows' loop leaves it open).
    await rows.return(undefined);
    if (!(error instanceof FileRefusal)) throw error;
    await deleteEntries(db, { importId: id });
    await setImportFailed(db, { id, error: error.message, keepFile: !error.bound });
    if (error.bound) {
      if (row.storage_key) await deps.storage.remove(row.storage_key);
      throw tooLarge(error.message);
    }
  }
}

export async function importChanges(
  em: EntityManager,
  id: number,
  page: { kind?: string; start: number; end: number },
) {
  await importOrFail(em, id);
  const { rows, total } = await changesPage(em, {
    importId: id,
    kind: page.kind ?? null,
    offset: page.start,
    limit: Math.min(Math.max(page.end - page.start, 0), 500),
  });
  return {
    rows: rows.map((entry) => ({
      row: entry.row,
      kind: entry.kind,
      entity: entry.entity,
      key: entry.key,
      changes: entryChanges(entry),
      refusals: entry.refusals,
    })),
    total,
  };
}

/**
 * Applies the plan (apply.ts); a plan made of another inventory or another file is made again
 * and answered 409 so that it is read before it is applied.
 */
export async function applyImport(
  em: EntityManager,
  deps: ImportDeps,
  actor: Actor,
  id: number,
): Promise<TInventoryImport> {
  const outcome = await applyPlan(em, actor, id);
  if (outcome === 'stale' || outcome === 'file-changed') {
    const row = await importOrFail(em, id);
    await plan(em, deps, id, {
      mapping: mappingFor(row.headers, row.mapping),
      markMissingRemoved: row.mark_missing_removed,
    });
    throw AppError.conflict(
      outcome === 'stale' ? INVENTORY_IMPORT_MESSAGES.stale : INVENTORY_IMPORT_MESSAGES.fileChanged,
    );
  }
  const row = await importOrFail(em, id);
  if (outcome.storageKey) await deps.storage.remove(outcome.storageKey).catch(() => undefined);
  return toImport(row);
}
