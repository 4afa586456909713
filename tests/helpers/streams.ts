import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import yauzl from 'yauzl';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Parses a CSV file (UTF-8 with a byte-order mark) into records keyed by the header row. */
export function parseCsv(bytes: Buffer | string): Record<string, string>[] {
  return parse(bytes, { bom: true, columns: true, record_delimiter: '\r\n' });
}

/** Every entry of a zip, by name. */
/** How each entry of a zip is written: its compression method and whether a descriptor trails it. */
export function zipEntryFormats(
  bytes: Buffer,
): Promise<Map<string, { method: number; trailingDescriptor: boolean }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const formats = new Map<string, { method: number; trailingDescriptor: boolean }>();
      zip.on('entry', (entry: yauzl.Entry) => {
        formats.set(entry.fileName, {
          method: entry.compressionMethod,
          trailingDescriptor: (entry.generalPurposeBitFlag & 0x8) !== 0,
        });
        zip.readEntry();
      });
      zip.on('end', () => resolve(formats));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          readAll(stream).then((content) => {
            entries.set(entry.fileName, content);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
