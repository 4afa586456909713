import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

interface SecurityOptions {
  /** HSTS only makes sense when the site is served over https. */
  https: boolean;
  /** Google sign-in is configured: the console's pages may load Google Identity Services. */
  googleSignIn: boolean;
}

/** Content-Security-Policy directives shared by every page; frame-ancestors varies by area. */
export const BASE_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // MUI/emotion inject style elements at run time; scripts stay strict.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';

/**
 * The console's pages show documents it fetched with the staff token from object URLs of their
 * own: images, and PDFs in the browser's viewer inside a frame. Only blob: is added.
 */
const CONSOLE_DIRECTIVES: Record<string, string[]> = {
  ...BASE_CSP_DIRECTIVES,
  'img-src': [...(BASE_CSP_DIRECTIVES['img-src'] ?? []), 'blob:'],
  'frame-src': ['blob:'],
};
const CONSOLE_CSP = cspHeader(CONSOLE_DIRECTIVES);

/** With Google sign-in: Google Identity Services' script, frame and styles as well. */
const CONSOLE_CSP_WITH_GOOGLE = cspHeader({
  ...CONSOLE_DIRECTIVES,
  'script-src': [...(BASE_CSP_DIRECTIVES['script-src'] ?? []), `${GOOGLE_IDENTITY}client`],
  'frame-src': [GOOGLE_IDENTITY, ...(CONSOLE_DIRECTIVES['frame-src'] ?? [])],
  'connect-src': [...(BASE_CSP_DIRECTIVES['connect-src'] ?? []), GOOGLE_IDENTITY],
  'style-src': [...(BASE_CSP_DIRECTIVES['style-src'] ?? []), `${GOOGLE_IDENTITY}style`],
});

/**
 * Security headers on every response, 404s and errors included. The default forbids framing;
 * the public form overrides frame-ancestors (see web.ts) so cities can embed it. Helmet's
 * middleware is built once here and sets the headers as each request arrives.
 */
const securityPlugin: FastifyPluginAsync<SecurityOptions> = async (app, options) => {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: BASE_CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // The console's pages (and only they) show documents, and load Google sign-in when it is on.
  const consoleCsp = options.googleSignIn ? CONSOLE_CSP_WITH_GOOGLE : CONSOLE_CSP;
  app.addHook('onSend', async (request, reply, payload) => {
    const isConsolePage = request.url === '/scadmin' || request.url.startsWith('/scadmin/');
    const isHtml = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (isConsolePage && isHtml) reply.header('content-security-policy', consoleCsp);
    return payload;
  });
};

export default fp(securityPlugin, { name: 'security' });
