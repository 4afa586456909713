import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { EntityManager } from '@mikro-orm/postgresql';
import { fileTypeFromBuffer } from 'file-type';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { LIMITS, UPLOAD_EXTENSION_TYPES, UPLOAD_MIME_TYPES } from '../../../../shared/constants.js';
import { AppError } from '../../errors.js';
import type { LinkCache } from '../registration/link-cache.js';
import { linkInvalid, openLinkRow } from '../registration/organization-link.js';
import { insertDocument } from './queries.js';
import type { DocumentStorage } from './storage.js';

/** Every multipart limit, set explicitly: one file of at most 10,000,000 bytes and the hash. */
export const UPLOAD_LIMITS = {
  fileSize: LIMITS.maxUploadBytes,
  files: 1,
  fields: 2,
  fieldSize: 256,
  parts: 4,
  headerPairs: 50,
} as const;

/** file-type's recommended sample: enough bytes to recognize every format it knows. */
const SNIFF_BYTES = 4100;

export const fileTooLarge = () => new AppError(413, CODES.payloadTooLarge, MESSAGES.fileTooLarge);
export const fileTypeNotSupported = () =>
  new AppError(415, CODES.unsupportedMediaType, MESSAGES.fileTypeNotSupported);

interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  originalName: string;
}

async function drain(iterator: AsyncIterator<unknown>) {
  while (!(await iterator.next()).done) {
    // Reading to the end lets busboy move on to the next part; the bytes are not needed.
  }
}

/**
 * Identifies the file by its first bytes, then streams it to storage. Always consumes the
 * whole part (an unread part stalls the request) and keeps nothing unless the file is accepted.
 */
async function storeFile(part: MultipartFile, storage: DocumentStorage): Promise<StoredFile> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headSize += next.value.length;
  }
  if (headSize === 0) throw new AppError(400, CODES.badRequest, MESSAGES.fileEmpty);
  const type = await fileTypeFromBuffer(Buffer.concat(head));
  const accepted =
    type !== undefined &&
    (UPLOAD_MIME_TYPES as readonly string[]).includes(type.mime) &&
    nameAgreesWith(part.filename, type.mime);
  if (!accepted) {
    if (!ended) await drain(iterator);
    throw part.file.truncated ? fileTooLarge() : fileTypeNotSupported();
  }
  const content = Readable.from(
    (async function* () {
      yield* head;
      if (!ended) {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          yield next.value;
        }
      }
      // busboy stops at the limit and marks the stream truncated instead of failing it. Failing
      // the content here, before it ends, means storage never completes the file.
      if (part.file.truncated) throw fileTooLarge();
    })(),
  );
  const saved = await storage.save(content, type.mime);
  return { ...saved, contentType: type.mime, originalName: displayName(part.filename) };
}

/**
 * A name that claims one of the accepted types must match the content: PNG bytes named
 * certificate.pdf are refused. Other names (scan.jfif, no extension) are judged by content.
 */
function nameAgreesWith(filename: string | undefined, mime: string): boolean {
  const extension = /\.([^./\\]+)$/.exec(displayName(filename))?.[1]?.toLowerCase() ?? '';
  const claimed = UPLOAD_EXTENSION_TYPES[extension as keyof typeof UPLOAD_EXTENSION_TYPES];
  return claimed === undefined || claimed === mime;
}

/** The client's filename, kept as a label only: no folders, no control characters. */
export function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'document').slice(0, 255);
}

const LIMIT_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: fileTooLarge,
  FST_FILES_LIMIT: () => AppError.badRequest(MESSAGES.oneFilePerUpload),
  FST_PARTS_LIMIT: () => AppError.badRequest(),
  FST_FIELDS_LIMIT: () => AppError.badRequest(),
};

/** Whose an upload is: an organization's (the form's), or a signed-in registrant's. */
export interface UploadOwner {
  organizationId: number | null;
  userId: number | null;
}

/** The owner of a form's upload: the organization its `orgHash` field names. */
export const formUploadOwner =
  (em: EntityManager, cache?: LinkCache) =>
  async (orgHash: string | undefined): Promise<UploadOwner> => {
    // The link's kept row, as the form's other calls read it.
    const organization = await openLinkRow(em, orgHash, { cache });
    return { organizationId: organization.id, userId: null };
  };

/**
 * Reads the multipart fields `file` and `orgHash`, stores the file and records it as an
 * unattached document of its owner (`ownerOf` reads the hash, when it matters). Returns the
 * document id (the opaque reference).
 */
export async function receiveUpload(
  em: EntityManager,
  storage: DocumentStorage,
  parts: AsyncIterableIterator<Multipart>,
  ownerOf: (orgHash: string | undefined) => Promise<UploadOwner>,
): Promise<string> {
  let orgHash: string | undefined;
  let stored: StoredFile | undefined;
  let refusal: AppError | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'orgHash' && typeof part.value === 'string') {
          orgHash = part.valueTruncated ? '' : part.value;
        }
        continue;
      }
      if (part.fieldname !== 'file' || stored || refusal) {
        await drain(part.file[Symbol.asyncIterator]());
        continue;
      }
      try {
        stored = await storeFile(part, storage);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = error;
      }
    }
    if (refusal) throw refusal;
    if (!stored) throw AppError.badRequest(MESSAGES.fileMissing);
    const owner = await ownerOf(orgHash);
    const id = randomUUID();
    await insertDocument(em, {
      id,
      organizationId: owner.organizationId,
      uploadedBy: owner.userId,
      storageKey: stored.key,
      originalName: stored.originalName,
      contentType: stored.contentType,
      size: stored.size,
      sha256: stored.sha256,
    }).catch((error: unknown) => {
      // The kept row's organization was deleted a moment ago.
      throw (error as { code?: unknown }).code === '23503' ? linkInvalid() : error;
    });
    return id;
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    const code = (error as { code?: unknown }).code;
    const limit = typeof code === 'string' ? LIMIT_ERRORS[code] : undefined;
    throw limit ? limit() : error;
  }
}
