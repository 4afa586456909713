import { createHash, randomBytes } from 'node:crypto';

// The secrets in personal links and cookies (registration links, status, resume, sign-in and
// password links, registrant sessions): 256 random bits written as 43 base64url characters, of
// which only the SHA-256 is kept on file.

const TOKEN_BYTES = 32;

/** A new secret token: 256 random bits, URL-safe. */
export const newSecretToken = () => randomBytes(TOKEN_BYTES).toString('base64url');

/** What is kept on file of a token (64 hex characters). */
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a text could be one of our tokens (anything else is unknown without a lookup). */
export const isSecretTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
