import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Endpoint signing secrets must be usable (we sign with them), so they are encrypted at rest
// rather than hashed: AES-256-GCM with a key from configuration, a fresh 96-bit nonce per
// encryption, and the format's version as associated data.

const FORMAT = 'v1';
const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const ASSOCIATED_DATA = Buffer.from(`webhook-signing-secret:${FORMAT}`);

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

/** `v1.<nonce>.<ciphertext>.<tag>`, each part base64url: safe in a text column. */
export function encryptSecret(secret: string, key: Buffer): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, nonce, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret `encryptSecret` sealed; throws SecretBoxError when altered or the key differs. */
export function decryptSecret(sealed: string, key: Buffer): string {
  checkKey(key);
  const parts = sealed.split('.');
  const [format, nonce = '', ciphertext = '', tag = ''] = parts;
  const nonceBytes = Buffer.from(nonce, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (
    parts.length !== 4 ||
    format !== FORMAT ||
    nonceBytes.length !== NONCE_BYTES ||
    tagBytes.length !== TAG_BYTES
  ) {
    throw new SecretBoxError('not a sealed signing secret');
  }
  const decipher = createDecipheriv(ALGORITHM, key, nonceBytes, { authTagLength: TAG_BYTES });
  decipher.setAAD(ASSOCIATED_DATA);
  decipher.setAuthTag(tagBytes);
  try {
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new SecretBoxError(
      'the sealed signing secret was altered or the key is not the one used',
    );
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(`the encryption key must be ${KEY_BYTES} bytes`);
  }
}
