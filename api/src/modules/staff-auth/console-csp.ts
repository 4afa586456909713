import { BASE_CSP_DIRECTIVES, cspHeader } from '../../plugins/security.js';

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';

/**
 * The console pages' Content-Security-Policy when Google sign-in is configured: the base policy
 * plus Google Identity Services' script, button frame and styles. Undefined without a client id.
 */
export function consoleCspWithGoogle(googleClientId: string | undefined): string | undefined {
  if (!googleClientId) return undefined;
  const base = BASE_CSP_DIRECTIVES;
  return cspHeader({
    ...base,
    'script-src': [...(base['script-src'] ?? []), `${GOOGLE_IDENTITY}client`],
    'frame-src': [GOOGLE_IDENTITY],
    'connect-src': [...(base['connect-src'] ?? []), GOOGLE_IDENTITY],
    'style-src': [...(base['style-src'] ?? []), `${GOOGLE_IDENTITY}style`],
  });
}
