import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql.js';
import { ApiProblem } from './problems.js';
import { documentVisible, LIVE_KEY, type RequestKeyRow } from './queries.js';

// Documents through the read API: a key allowed to fetch them asks for a link to a
// certification's or test kit's document it can see; the link names the document, the key and
// an expiry, signed (HMAC-SHA256), and works without the key for five minutes, unless the key
// is revoked meanwhile. It points at the API's own address, never the staff console's.

export const DOCUMENT_LINK_SECONDS = 5 * 60;

/** The request's key, as the read API's routes know it. */
export interface ClientKey {
  id: number;
  organizationId: number | null;
  canFetchDocuments: boolean;
}

export const clientKeyOf = (row: RequestKeyRow): ClientKey => ({
  id: row.id,
  organizationId: row.organization_id,
  canFetchDocuments: row.can_fetch_documents,
});

/** The links' own key, derived from the server's secret key with a label of its own. */
export function documentLinkKey(serverKey: Buffer): Buffer {
  return createHmac('sha256', serverKey).update('backflow api document links v1').digest();
}

interface LinkClaims {
  documentId: string;
  keyId: number;
  /** Unix seconds. */
  expires: number;
}

/** The link's claims in 24 bytes: the document's UUID, the key's id, the expiry. */
function claimBytes(claims: LinkClaims): Buffer {
  const bytes = Buffer.alloc(24);
  Buffer.from(claims.documentId.replaceAll('-', ''), 'hex').copy(bytes, 0);
  bytes.writeUInt32BE(claims.keyId, 16);
  bytes.writeUInt32BE(claims.expires, 20);
  return bytes;
}

/** HMAC-SHA256 over the claims, cut to 128 bits (a path segment stays short: 54 characters). */
const signature = (signingKey: Buffer, claims: Buffer) =>
  createHmac('sha256', signingKey).update(claims).digest().subarray(0, 16);

function signLink(signingKey: Buffer, claims: LinkClaims): string {
  const bytes = claimBytes(claims);
  return Buffer.concat([bytes, signature(signingKey, bytes)]).toString('base64url');
}

/** The claims of a link this server signed, or undefined (forged, altered or malformed). */
function verifiedClaims(signingKey: Buffer, token: string): LinkClaims | undefined {
  if (!/^[A-Za-z0-9_-]{54}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  const claims = bytes.subarray(0, 24);
  const given = bytes.subarray(24);
  const expected = signature(signingKey, claims);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const hex = claims.subarray(0, 16).toString('hex');
  return {
    documentId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    keyId: claims.readUInt32BE(16),
    expires: claims.readUInt32BE(20),
  };
}

/** Refuses a key without the document right, or a document it cannot see, as not there. */
async function checkDocumentAccess(em: EntityManager, key: ClientKey, documentId: string) {
  if (!key.canFetchDocuments || !(await documentVisible(em, documentId, key.organizationId))) {
    throw new ApiProblem('not_found');
  }
}

/** A five-minute link to the document, for a key that may fetch it. */
export async function documentLink(
  em: EntityManager,
  options: { key: ClientKey; documentId: string; signingKey: Buffer; publicUrl: string },
  now = new Date(),
): Promise<{ url: string; expires_at: string }> {
  const { key, documentId } = options;
  await checkDocumentAccess(em, key, documentId);
  const expires = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_SECONDS;
  const token = signLink(options.signingKey, { documentId, keyId: key.id, expires });
  return {
    url: `${options.publicUrl}/api/v1/document-files/${token}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The key and document a link names, while the link is current, its key live and still allowed
 * to see the document; anything else is not found.
 */
export async function followDocumentLink(
  em: EntityManager,
  options: { token: string; signingKey: Buffer },
  now = new Date(),
): Promise<{ key: ClientKey; documentId: string }> {
  const claims = verifiedClaims(options.signingKey, options.token);
  if (!claims || claims.expires * 1000 <= now.getTime()) throw new ApiProblem('not_found');
  const [row] = await query<RequestKeyRow, { id: number }>(em, LIVE_KEY, { id: claims.keyId });
  if (!row) throw new ApiProblem('not_found');
  const key = clientKeyOf(row);
  await checkDocumentAccess(em, key, claims.documentId);
  return { key, documentId: claims.documentId };
}
