import { OAuth2Client } from 'google-auth-library';

/** Where Google's public signing keys come from: Google in production, a local key in tests. */
export interface GoogleKeyProvider {
  /** Signing certificates by key id (PEM). */
  certificates(): Promise<Record<string, string>>;
}

/** Google's published certificates, cached by the library as long as Google's headers allow. */
export function googlePublishedKeys(): GoogleKeyProvider {
  const client = new OAuth2Client();
  return {
    async certificates() {
      const { certs } = await client.getFederatedSignonCertsAsync();
      return certs as Record<string, string>;
    },
  };
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  subject: string;
  email: string;
}

type GoogleRefusal = 'invalid' | 'unverified-email' | 'wrong-domain';

export class GoogleSignInRefused extends Error {
  override name = 'GoogleSignInRefused';
  constructor(readonly reason: GoogleRefusal) {
    super(reason);
  }
}

interface GoogleCheck {
  clientId: string;
  staffEmailDomain: string;
  keys: GoogleKeyProvider;
}

// Used only for its offline verifier; it never fetches anything here.
const verifier = new OAuth2Client();

/**
 * Verifies a Google ID token: RS256 signature against the provider's keys, issuer, audience
 * (our client id) and expiry (the library), then email_verified and the hosted domain, which
 * the library leaves to us.
 */
export async function verifyGoogleIdToken(
  token: string,
  check: GoogleCheck,
): Promise<GoogleIdentity> {
  if (headerAlgorithm(token) !== 'RS256') throw new GoogleSignInRefused('invalid');
  const certificates = await check.keys.certificates();
  let payload: Record<string, unknown> | undefined;
  try {
    const ticket = await verifier.verifySignedJwtWithCertsAsync(
      token,
      certificates,
      check.clientId,
      GOOGLE_ISSUERS,
    );
    payload = ticket.getPayload() as Record<string, unknown> | undefined;
  } catch {
    throw new GoogleSignInRefused('invalid');
  }
  const subject = payload?.sub;
  const email = payload?.email;
  if (typeof subject !== 'string' || typeof email !== 'string' || subject === '') {
    throw new GoogleSignInRefused('invalid');
  }
  if (payload?.email_verified !== true) throw new GoogleSignInRefused('unverified-email');
  const domain = check.staffEmailDomain.toLowerCase();
  const hostedDomain = typeof payload?.hd === 'string' ? payload.hd.toLowerCase() : '';
  if (hostedDomain !== domain || !email.toLowerCase().endsWith(`@${domain}`)) {
    throw new GoogleSignInRefused('wrong-domain');
  }
  return { subject, email };
}

function headerAlgorithm(token: string): string | undefined {
  const [header] = token.split('.');
  try {
    const parsed = JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8'));
    return typeof parsed?.alg === 'string' ? parsed.alg : undefined;
  } catch {
    return undefined;
  }
}
