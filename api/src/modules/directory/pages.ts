import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { directorySearchOf } from '../../../../shared/directory.js';
import type { TDirectoryInput } from '../../../../shared/directory-page.js';
import { readParentOrigin } from '../../../../shared/embed-origin.js';
import { frameAncestors } from '../../../../shared/embedding.js';
import { directoryText } from '../../../../shared/i18n/directory.js';
import { programTimeZone, todayInProgramZone } from '../../../../shared/program-zone.js';
import { BASE_CSP_DIRECTIVES, cspHeader } from '../../plugins/security.js';
import {
  rendererLoader,
  requestPageLanguage,
  siteStylesheet,
} from '../../plugins/server-render.js';
import { publicRateLimits } from '../registration/public-api.js';
import { spreadsheetSafeText } from '../reports/cells.js';
import { type DirectoryListing, directoryBySlug, directoryCsvRows } from './service.js';
import { directoryChangedAt } from './versions.js';

// The public directory's pages (issue 28): /testers/{slug} (a page of a search), its print view
// and its CSV, written whole by the server from the site's own components (entry-server.tsx), so
// they work without any script. Every answer is read live; a short shared cache lifetime, an
// ETag of what the directory shows and the time it last changed let browsers and proxies keep
// it without ever showing a change later than that lifetime.

export interface DirectoryPagesOptions {
  webRoot: string;
  production: boolean;
  publicUrl: string;
}

/** How long browsers and shared caches may keep an answer without asking again. */
const CACHE = 'public, max-age=60';

/**
 * The answer's validators: an ETag of what the directory shows (its version), the language and
 * the search, and the time it last changed. Answers true when the browser's copy is current
 * (the reply is then a 304).
 */
function validated(
  request: FastifyRequest,
  reply: FastifyReply,
  listing: DirectoryListing,
  changedAt: Date,
  variant: string,
): boolean {
  const tag = `"${createHash('sha256').update(`${listing.version}|${variant}`).digest('base64url').slice(0, 27)}"`;
  reply
    .header('etag', tag)
    .header('last-modified', changedAt.toUTCString())
    .header('cache-control', CACHE)
    .header('vary', 'Accept-Language, Accept-Encoding');
  if (listing.organization.noindex) reply.header('x-robots-tag', 'noindex');
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(changedAt.getTime() / 1000) * 1000 <= since;
}

export async function directoryPages(app: FastifyInstance, options: DirectoryPagesOptions) {
  const renderer = rendererLoader(options.webRoot);
  // Loaded with the server, not by the first resident's page.
  void renderer();
  const stylesheet = siteStylesheet(options.webRoot, options.production);
  const frameScript = existsSync(path.join(options.webRoot, 'widget', 'directory-frame.js'))
    ? '/directory-frame.js'
    : null;
  // A new build writes the pages differently: its time is part of every ETag.
  const renderFile = path.join(options.webRoot, 'widget-server', 'entry-server.js');
  const build = existsSync(renderFile) ? String(statSync(renderFile).mtimeMs) : 'none';
  const rateLimit = publicRateLimits(app.config).orgInfo;
  const framedCsp = (allowed: readonly string[]) =>
    cspHeader({
      ...BASE_CSP_DIRECTIVES,
      'frame-ancestors': frameAncestors(allowed, options.production),
    });

  /** A page of the site, or the not-found page (404) where no directory is published. */
  const sendPage = async (
    request: FastifyRequest<{ Params: { slug: string }; Querystring: Record<string, unknown> }>,
    reply: FastifyReply,
    kind: 'page' | 'print',
  ) => {
    const language = requestPageLanguage(request);
    const search = directorySearchOf(request.query);
    const render = await renderer();
    const today = todayInProgramZone();
    const listing = await directoryBySlug(request.em, request.params.slug, {
      q: search.q,
      city: search.city,
      sort: search.sort,
      // The print view is every entry of the search.
      ...(kind === 'print' ? { page: 1, all: true } : { page: search.page }),
      today,
      language,
    });
    reply.type('text/html; charset=utf-8');
    if (!render) return reply.status(503).send('The site has not been built.');
    if (!listing) {
      return reply
        .status(404)
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Language')
        .send(render.renderDirectoryNotFound({ language, stylesheet: stylesheet() }));
    }
    // In a host page's frame (embed.js's ?embed=): only sites the organization allows frame it.
    const embedOrigin = readParentOrigin(request.url.split('?')[1] ?? '');
    reply
      .header('content-security-policy', framedCsp(listing.organization.embedOrigins))
      .removeHeader('x-frame-options');
    const changedAt = await directoryChangedAt(request.em, listing);
    const variant = `${build}|${kind}|${language}|${JSON.stringify(search)}|${embedOrigin ?? ''}`;
    if (validated(request, reply, listing, changedAt, variant)) return reply.status(304).send();
    const input: TDirectoryInput = {
      language,
      search,
      view: {
        organization: listing.organization,
        asOf: listing.asOf,
        total: listing.total,
        cities: listing.cities,
        entries: listing.entries,
        page: 'page' in listing ? listing.page : 1,
        pages: 'pages' in listing ? listing.pages : 1,
      },
      timeZone: programTimeZone(),
      stylesheet: stylesheet(),
      frameScript: embedOrigin ? frameScript : null,
      canonicalUrl: `${options.publicUrl}/testers/${listing.organization.slug}`,
      embedOrigin,
    };
    return sendCompressed(
      request,
      reply,
      kind === 'print' ? render.renderDirectoryPrint(input) : render.renderDirectoryPage(input),
    );
  };

  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/testers/:slug',
    { config: { rateLimit }, schema: { hide: true } },
    (request, reply) => sendPage(request, reply, 'page'),
  );
  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/testers/:slug/print',
    { config: { rateLimit }, schema: { hide: true } },
    (request, reply) => sendPage(request, reply, 'print'),
  );
  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/testers/:slug/csv',
    { config: { rateLimit }, schema: { hide: true } },
    async (request, reply) => {
      const language = requestPageLanguage(request);
      const search = directorySearchOf(request.query);
      const csv = await directoryCsvRows(request.em, request.params.slug, {
        q: search.q,
        city: search.city,
        sort: search.sort,
        today: todayInProgramZone(),
        language,
      });
      if (!csv) {
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .send(directoryText(language, 'notFound'));
      }
      const changedAt = await directoryChangedAt(request.em, csv);
      const variant = `csv|${language}|${JSON.stringify(search)}`;
      if (validated(request, reply, csv, changedAt, variant)) return reply.status(304).send();
      // The header row in the language, then one row per certification shown.
      const body = stringify(
        csv.rows.map((row) => row.map(spreadsheetSafeText)),
        { record_delimiter: '\r\n' },
      );
      const asOf = todayInProgramZone(csv.asOf);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csv.organization.slug}-testers-${asOf}.csv"`,
        )
        .send(`\uFEFF${body}`);
    },
  );
}

/**
 * The page gzipped where the browser takes it (a fifth of its size; about 0.3 ms for a page):
 * on a phone's connection the bytes are most of the wait.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
}
