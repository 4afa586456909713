import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, Parser } from 'csv-parse';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { INVENTORY_IMPORT_MESSAGES } from '../../../../shared/inventory-import.js';

// The rows of the utility's file as text cells (header row first), in the lists they arrive in
// (a list per piece of the file read, so 100,000 rows are not 100,000 awaits): CSV through
// csv-parse, an xlsx's first worksheet through its zip and XML, both streamed. A cell is never
// evaluated: a formula cell reads as its formula's literal text. What cannot be read is a
// FileRefusal with the product's words.

export type TFileKind = 'csv' | 'xlsx';

/** A file the import refuses: malformed (planned as failed), or past a bound (`bound`). */
export class FileRefusal extends Error {
  override name = 'FileRefusal';
  constructor(
    message: string,
    readonly bound = false,
  ) {
    super(message);
  }
}

export interface FileRow {
  /** As the spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: string[];
  /** The cells an xlsx stores as numbers (a date cell is a serial day number). */
  numeric?: ReadonlySet<number>;
}

/** An xlsx is a zip (PK\3\4); a file with NUL bytes that is not one is no spreadsheet either. */
export function kindOf(head: Buffer): TFileKind | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  return head.includes(0) ? null : 'csv';
}

/**
 * An object stream's objects, each time it has some all those it holds as one list: as the
 * stream's own async iterator (ended, failed, destroyed once left), one await per arrival.
 */
async function* chunksOf<T>(stream: Readable): AsyncGenerator<T[]> {
  let wake = () => {};
  const readable = () => wake();
  /** Undefined while the stream runs; null once it has ended, else its error. */
  let outcome: Error | null | undefined;
  stream.on('readable', readable);
  const stop = finished(stream, { writable: false }, (error) => {
    outcome = error ?? null;
    wake();
  });
  try {
    for (;;) {
      const chunk: T[] = [];
      for (let item = stream.destroyed ? null : stream.read(); item !== null; ) {
        chunk.push(item);
        item = stream.destroyed ? null : stream.read();
      }
      if (chunk.length > 0) yield chunk;
      else if (outcome) throw outcome;
      else if (outcome === null) return;
      else
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
    }
  } finally {
    stream.off('readable', readable);
    stop();
    stream.destroy();
  }
}

/** A CSV row (a class, as BatchRow in plan-rows.ts: its instances are never pretenured). */
class CsvRow implements FileRow {
  constructor(
    readonly row: number,
    readonly cells: string[],
  ) {}
}

/**
 * csv-parse's stream, its records pushed as rows numbered by the parser's line count (its
 * `info`): csv-parse pushes each record as it completes it, when the count is the record's line,
 * as its `info` option would snapshot it, without two objects of counters per record.
 */
class RowParser extends Parser {
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    const row = record === null ? null : new CsvRow(this.info.lines, record as string[]);
    return super.push(row, encoding);
  }
}

export async function* csvRows(content: Readable): AsyncGenerator<FileRow[]> {
  const parser = content.pipe(
    new RowParser({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
    }),
  );
  content.on('error', (error) => parser.destroy(error));
  try {
    yield* chunksOf<FileRow>(parser);
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      throw new FileRefusal(
        INVENTORY_IMPORT_MESSAGES.badCsv(line, error.message.replace(/^[^:]*:\s*/, '')),
      );
    }
    throw error;
  }
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(new FileRefusal(INVENTORY_IMPORT_MESSAGES.badXlsx)) : resolve(zip),
    ),
  );

/** Every entry of the zip by name, refusing one whose declared unzipped size passes the bound. */
async function entriesOf(zip: yauzl.ZipFile, maxUnzippedBytes: number) {
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      if (total > maxUnzippedBytes) {
        reject(
          new FileRefusal(
            INVENTORY_IMPORT_MESSAGES.unzippedTooLarge(Math.round(maxUnzippedBytes / 1048576)),
            true,
          ),
        );
        return;
      }
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', () => reject(new FileRefusal(INVENTORY_IMPORT_MESSAGES.badXlsx)));
    zip.readEntry();
  });
  return entries;
}

/** The entry's bytes, unzipped: yauzl refuses more than its declared (and bounded) size. */
const entryStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream
        ? reject(new FileRefusal(INVENTORY_IMPORT_MESSAGES.badXlsx))
        : resolve(stream),
    ),
  );

/** Streams an XML entry through saxes, the handlers set by `listen`: what they emit, by chunk. */
async function* xmlEvents<T>(
  stream: Readable,
  listen: (parser: SaxesParser, emit: (item: T) => void) => void,
): AsyncGenerator<T[]> {
  const parser = new SaxesParser();
  let items: T[] = [];
  listen(parser, (item) => items.push(item));
  try {
    for await (const chunk of stream) {
      parser.write((chunk as Buffer).toString('utf8'));
      if (items.length > 0) {
        const ready = items;
        items = [];
        yield ready;
      }
    }
    parser.close();
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(INVENTORY_IMPORT_MESSAGES.badXlsx);
  }
  if (items.length > 0) yield items;
}

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined) {
  const strings: string[] = [];
  if (!entry) return strings;
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  const events = xmlEvents<string>(await entryStream(zip, entry), (parser, emit) => {
    parser.on('opentag', (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') inPhonetic = true;
      else if (tag.name === 't' && !inPhonetic) inText = true;
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 'si') {
        emit(current ?? '');
        current = null;
      } else if (tag.name === 'rPh') inPhonetic = false;
      else if (tag.name === 't') inText = false;
    });
    parser.on('text', (text) => {
      if (inText && current !== null) current += text;
    });
  });
  for await (const texts of events) for (const text of texts) strings.push(text);
  return strings;
}

/** The workbook's first worksheet's entry name (workbook.xml's first sheet, through its rels). */
async function firstSheetName(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) {
  const workbook = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (workbook && rels) {
    let relationId: string | null = null;
    for await (const ids of xmlEvents<string>(await entryStream(zip, workbook), (parser, emit) =>
      parser.on('opentag', (tag) => {
        if (tag.name === 'sheet') emit(String(tag.attributes['r:id'] ?? ''));
      }),
    )) {
      for (const id of ids) relationId ??= id;
    }
    let target: string | null = null;
    for await (const relationships of xmlEvents<[string, string]>(
      await entryStream(zip, rels),
      (parser, emit) =>
        parser.on('opentag', (tag) => {
          if (tag.name === 'Relationship') {
            emit([String(tag.attributes.Id), String(tag.attributes.Target)]);
          }
        }),
    )) {
      for (const found of relationships) if (found[0] === relationId) target = found[1];
    }
    if (target) {
      const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      if (entries.has(name)) return name;
    }
  }
  return [...entries.keys()].filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name)).sort()[0];
}

/** "BC12" → 54 (zero-based column of a cell reference). */
function columnOf(reference: string): number {
  let column = 0;
  for (const letter of reference.replace(/\d+$/, ''))
    column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

async function* sheetRows(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  strings: string[],
): AsyncGenerator<FileRow[]> {
  let row: FileRow | null = null;
  let cell: { column: number; type: string; value: string; formula: string | null } | null = null;
  let reading: 'v' | 'f' | 't' | null = null;
  let nextRow = 1;
  yield* xmlEvents<FileRow>(await entryStream(zip, entry), (parser, emit) => {
    parser.on('opentag', (tag) => {
      if (tag.name === 'row') {
        const number = Number(tag.attributes.r ?? nextRow);
        row = { row: number, cells: [], numeric: new Set() };
        nextRow = number + 1;
      } else if (tag.name === 'c' && row) {
        const reference = String(tag.attributes.r ?? '');
        cell = {
          column: reference ? columnOf(reference) : row.cells.length,
          type: String(tag.attributes.t ?? 'n'),
          value: '',
          formula: null,
        };
      } else if (cell && (tag.name === 'v' || tag.name === 'f' || tag.name === 't')) {
        reading = tag.name;
        if (tag.name === 'f') cell.formula = '';
      }
    });
    parser.on('text', (text) => {
      if (!cell || !reading) return;
      if (reading === 'f') cell.formula += text;
      else cell.value += text;
    });
    parser.on('closetag', (tag) => {
      if (tag.name === 'v' || tag.name === 'f' || tag.name === 't') reading = null;
      else if (tag.name === 'c' && cell && row) {
        const { column, type, value, formula } = cell;
        // A formula is data: its literal text, never its result, so nothing later evaluates it.
        const text =
          formula !== null
            ? `=${formula}`
            : type === 's'
              ? (strings[Number(value)] ?? '')
              : type === 'b'
                ? value === '1'
                  ? 'TRUE'
                  : 'FALSE'
                : value;
        while (row.cells.length < column) row.cells.push('');
        row.cells[column] = text;
        if (formula === null && type === 'n' && value !== '')
          (row.numeric as Set<number>).add(column);
        cell = null;
      } else if (tag.name === 'row' && row) {
        if (row.cells.some((text) => text.trim() !== '')) emit(row);
        row = null;
      }
    });
  });
}

/**
 * The rows of an xlsx held in `file` (a zip needs to be read from its end): its entries'
 * unzipped sizes bounded first, then the first worksheet streamed.
 */
export async function* xlsxFileRows(
  file: string,
  maxUnzippedBytes: number,
): AsyncGenerator<FileRow[]> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip, maxUnzippedBytes);
    const sheet = await firstSheetName(zip, entries);
    const sheetEntry = sheet ? entries.get(sheet) : undefined;
    if (!sheetEntry) throw new FileRefusal(INVENTORY_IMPORT_MESSAGES.noSheet);
    const strings = await sharedStrings(zip, entries.get('xl/sharedStrings.xml'));
    yield* sheetRows(zip, sheetEntry, strings);
  } finally {
    zip.close();
  }
}

/** The rows of an xlsx streamed from storage: spooled to a private temporary file, then read. */
export async function* xlsxRows(
  content: Readable,
  maxUnzippedBytes: number,
): AsyncGenerator<FileRow[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'inventory-import-'));
  try {
    const file = path.join(folder, 'workbook.xlsx');
    await pipeline(content, createWriteStream(file, { mode: 0o600 }));
    yield* xlsxFileRows(file, maxUnzippedBytes);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
