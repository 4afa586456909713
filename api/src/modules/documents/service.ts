import type { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply } from 'fastify';
import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import { fileContent } from '../../../../shared/staff-responses.js';
import { Document } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { DocumentMissingError, type DocumentStorage } from '../uploads/storage.js';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** What sendDocument answers, as a route declares its 200: the stored bytes in their type. */
export const DOCUMENT_ANSWER = {
  description: 'The stored bytes, in their own media type.',
  content: fileContent([...Object.keys(EXTENSIONS), 'application/octet-stream']),
};

export interface DocumentDownload {
  stream: Readable;
  /** Chosen by the server: never the uploader's file name. */
  filename: string;
  contentType: string;
  size: number;
}

/**
 * Sends an opened document: the server's own file name, never sniffed, never cached; inline
 * (its owner viewing it in the browser) or as a download.
 */
export function sendDocument(
  reply: FastifyReply,
  document: DocumentDownload,
  options: { disposition: 'inline' | 'attachment'; cacheControl: string },
) {
  return reply
    .header('content-type', document.contentType)
    .header('content-length', document.size)
    .header('content-disposition', `${options.disposition}; filename="${document.filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', options.cacheControl)
    .send(document.stream);
}

/** Opens a stored document for a staff download; 404 when the row or the file is gone. */
export async function openDocument(
  em: EntityManager,
  storage: DocumentStorage,
  id: string,
): Promise<DocumentDownload> {
  const document = await em.findOne(Document, { id });
  if (!document) throw AppError.notFound(STAFF_MESSAGES.documentNotFound);
  const contentType = EXTENSIONS[document.contentType]
    ? document.contentType
    : 'application/octet-stream';
  const extension = EXTENSIONS[document.contentType] ?? 'bin';
  const stream = await storage.open(document.storageKey).catch((error: unknown) => {
    throw error instanceof DocumentMissingError
      ? AppError.notFound(STAFF_MESSAGES.documentNotFound)
      : error;
  });
  return {
    stream,
    filename: `document-${document.id.slice(0, 8)}.${extension}`,
    contentType,
    size: document.size,
  };
}
