import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { frameAncestors } from '../../../shared/embedding.js';
import type { TOrgInfo } from '../../../shared/registration.js';
import {
  ACCOUNT_CONFIRM_EMAIL_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  matchRoute,
  TEST_FORM_PATH,
  type TRoute,
} from '../../../shared/site-routes.js';
import { firstScreenHints, type TManifest } from './first-screen.js';
import { BASE_CSP_DIRECTIVES, cspHeader } from './security.js';
import { requestPageLanguage, serverRenderer } from './server-render.js';

interface WebOptions {
  /** Folder holding widget/ and admin/ as built by Vite. */
  webRoot: string;
  production: boolean;
  /** Links the public site shows, written into its page's meta tags. */
  links: { support: string; knowledgeBase: string };
  /** The sites that may embed the form a link opens (empty: any); undefined for no form. */
  embedOrigins: (formHash: string) => Promise<string[] | undefined>;
  /** The public description of the form a link opens; null when it opens none (or no longer). */
  orgInfo: (formHash: string) => Promise<TOrgInfo | null>;
}

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
// embed.js keeps its name (cities paste it into their pages): cache briefly, not for a year.
const EMBED_CACHE = 'public, max-age=300';
/** My registrations' pages, which keep the default headers that forbid framing. */
const ACCOUNT_ROUTES = new Set<TRoute['name']>([
  'account',
  'accountSignIn',
  'accountConfirmEmail',
  'testForm',
]);

/**
 * Serves the built front ends: the public site (/, /form/*, My registrations at /account,
 * /account/sign-in and /account/confirm-email, embed.js) and the console (/scadmin/*), with SPA
 * fallbacks to each index.html. Hashed assets are cached for a year, HTML is revalidated on
 * every load.
 */
const webPlugin: FastifyPluginAsync<WebOptions> = async (app, options) => {
  const widgetDir = path.join(options.webRoot, 'widget');
  const adminDir = path.join(options.webRoot, 'admin');

  // A form may be framed by the sites its organization names, by default any https site.
  const formCsp = (allowed: readonly string[]) =>
    cspHeader({
      ...BASE_CSP_DIRECTIVES,
      'frame-ancestors': frameAncestors(allowed, options.production),
    });
  const defaultFormCsp = formCsp([]);

  const widgetIndex = indexLoader(path.join(widgetDir, 'index.html'), options.production, (html) =>
    withMeta(
      withMeta(html, 'backflow-support-url', options.links.support),
      'backflow-knowledge-base-url',
      options.links.knowledgeBase,
    ),
  );
  const renderOrgHome = serverRenderer(options);
  const adminIndex = indexLoader(path.join(adminDir, 'index.html'), options.production);
  const manifest = fileLoader<TManifest>(
    path.join(widgetDir, '.vite', 'manifest.json'),
    options.production,
    (json) => JSON.parse(json) as TManifest,
    {},
  );

  /**
   * The site's page, in the language it will open in, naming in its head what its first screen
   * needs (first-screen.ts); a form link's page is framed only where its organization allows,
   * My registrations' pages never (they act for a signed-in person; the site's links open them
   * in a new tab from a frame, where the browser would withhold their cookie anyway).
   */
  const sendWidget = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    const formHash = /^\/form\/([^/]+)/.exec(pathname)?.[1];
    const allowed = formHash === undefined ? undefined : await options.embedOrigins(formHash);
    // As the site will choose it, but for the choice it remembered in the browser, which the
    // page applies itself (fetching those words then).
    const language = requestPageLanguage(request);
    reply.header('vary', 'Accept-Language');
    if (!ACCOUNT_ROUTES.has(matchRoute(pathname).name)) {
      reply
        .header('content-security-policy', allowed ? formCsp(allowed) : defaultFormCsp)
        .removeHeader('x-frame-options');
    }
    const page = widgetIndex().replace('<html lang="en">', `<html lang="${language}">`);
    const rendered =
      status === 200 && formHash !== undefined && matchRoute(pathname).name === 'home'
        ? await renderOrgHome(request, page, { hash: formHash, search, language })
        : null;
    const html = rendered ?? page;
    const head = firstScreenHints(manifest(), pathname, language, html, {
      served: rendered !== null,
    });
    return sendHtml(reply, head ? html.replace('</head>', `${head}</head>`) : html, status);
  };

  await app.register(fastifyStatic, {
    root: widgetDir,
    prefix: '/',
    wildcard: false,
    index: false,
    serve: existsSync(widgetDir),
    cacheControl: false,
    // Sends the build's .br or .gz copy when the browser accepts it (scripts/compress-dist.mjs).
    preCompressed: true,
    setHeaders: (reply, servedPath) => {
      const filePath = uncompressedPath(servedPath);
      reply.header('cache-control', isHashedAsset(filePath) ? LONG_CACHE : NO_CACHE);
      // The embed loader is fetched by <script> tags on other sites.
      if (filePath.endsWith(`${path.sep}embed.js`)) {
        reply.header('cache-control', EMBED_CACHE);
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      // The directory's frame script keeps its name too (its pages are written by the server).
      if (filePath.endsWith(`${path.sep}directory-frame.js`)) {
        reply.header('cache-control', EMBED_CACHE);
      }
    },
  });
  await app.register(fastifyStatic, {
    root: adminDir,
    prefix: '/scadmin/',
    wildcard: false,
    index: false,
    decorateReply: false,
    serve: existsSync(adminDir),
    cacheControl: false,
    // Sends the build's .br or .gz copy when the browser accepts it (scripts/compress-dist.mjs).
    preCompressed: true,
    setHeaders: (reply, servedPath) => {
      reply.header(
        'cache-control',
        isHashedAsset(uncompressedPath(servedPath)) ? LONG_CACHE : NO_CACHE,
      );
    },
  });

  app.get('/', (request, reply) => sendWidget(request, reply));
  app.get('/form/*', (request, reply) => sendWidget(request, reply));
  app.get(ACCOUNT_PATH, (request, reply) => sendWidget(request, reply));
  app.get(ACCOUNT_SIGN_IN_PATH, (request, reply) => sendWidget(request, reply));
  app.get(ACCOUNT_CONFIRM_EMAIL_PATH, (request, reply) => sendWidget(request, reply));
  app.get(TEST_FORM_PATH, (request, reply) => sendWidget(request, reply));
  app.get(`${TEST_FORM_PATH}/*`, (request, reply) => sendWidget(request, reply));
  app.get('/scadmin', (_request, reply) => sendHtml(reply, adminIndex()));
  app.get('/scadmin/*', (_request, reply) => sendHtml(reply, adminIndex()));

  // The one not-found handler: page paths get the public site's not-found screen, the rest JSON.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return sendWidget(request, reply, 404);
    return reply.status(404).send({ code: CODES.notFound, message: MESSAGES.notFound });
  });
};

/** The asset a precompressed copy stands for (index-Ab12.js.br → index-Ab12.js). */
function uncompressedPath(filePath: string): string {
  return filePath.replace(/\.(br|gz)$/, '');
}

function isHashedAsset(filePath: string): boolean {
  return /[-.][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg)$/.test(filePath);
}

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head>' +
  '<body><h1>This page has not been built yet.</h1><p>Run <code>npm run build</code>, then reload.</p></body></html>';

/** Reads a built file once in production, on every request in development (rebuilds show). */
function fileLoader<T>(
  file: string,
  cache: boolean,
  read: (text: string) => T,
  missing: T,
): () => T {
  let cached: { value: T } | undefined;
  return () => {
    if (cached) return cached.value;
    if (!existsSync(file)) return missing;
    const value = read(readFileSync(file, 'utf8'));
    if (cache) cached = { value };
    return value;
  };
}

function indexLoader(
  file: string,
  cache: boolean,
  prepare: (html: string) => string = (html) => html,
): () => string {
  return fileLoader(file, cache, prepare, NOT_BUILT);
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** Sets the content of a <meta name=…> tag the page already has. */
function withMeta(html: string, name: string, content: string): string {
  return html.replace(
    new RegExp(`(<meta name="${name}" content=")[^"]*(")`),
    (_match, start: string, end: string) => `${start}${escapeAttribute(content)}${end}`,
  );
}

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', NO_CACHE)
    .type('text/html; charset=utf-8')
    .send(html);
}

export default fp(webPlugin, { name: 'web', dependencies: ['security'] });
