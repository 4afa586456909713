import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { TDirectoryInput } from '../../../shared/directory-page.js';
import {
  languageFromAcceptLanguage,
  pageLanguage,
  type TLanguage,
} from '../../../shared/i18n/languages.js';
import type { TOrgInfo } from '../../../shared/registration.js';

// The organization home written on the server, so a phone shows it, and its Get Started works,
// before the site's code has arrived (docs/decisions.md "The organization home is written by the
// server"). The renderer is the site's own components, built by widget/server.vite.config.ts into
// widget-server/entry-server.js; without that build every page is left to the browser as before.

/** What widget/src/entry-server.tsx exports (its types live with the site). */
export interface TRenderer {
  renderOrgHome(input: {
    hash: string;
    org: TOrgInfo;
    language: TLanguage;
    links: { support: string; knowledgeBase: string };
  }): { body: string; title: string; data: string };
  renderDirectoryPage(input: TDirectoryInput): string;
  renderDirectoryPrint(input: TDirectoryInput): string;
  renderDirectoryNotFound(input: Pick<TDirectoryInput, 'language' | 'stylesheet'>): string;
}

export interface ServerRenderOptions {
  webRoot: string;
  links: { support: string; knowledgeBase: string };
  /** The public description of the form a link opens; null when it opens none (or no longer). */
  orgInfo: (formHash: string) => Promise<TOrgInfo | null>;
}

/**
 * The language a page opens in, as the server can tell it: the address (?lang=, the embed's
 * language), then the reader's Accept-Language (not the choice the browser remembered, which
 * the site's own code applies).
 */
export function requestPageLanguage(request: FastifyRequest): TLanguage {
  const search = request.url.split('?')[1] ?? '';
  return pageLanguage(search, null, [
    languageFromAcceptLanguage(request.headers['accept-language']),
  ]);
}

/** Loads the renderer once, on first use; null when the site's server build is not there. */
export function rendererLoader(webRoot: string): () => Promise<TRenderer | null> {
  const file = path.join(webRoot, 'widget-server', 'entry-server.js');
  let loading: Promise<TRenderer | null> | undefined;
  return () => {
    loading ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<TRenderer>)
      : Promise.resolve(null);
    return loading;
  };
}

/** The site's stylesheet link, as Vite writes it into index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;

/** The site's stylesheet a page names, read once per file (names carry the content's hash). */
function stylesheetReader(webRoot: string): (html: string) => string | null {
  const styles = new Map<string, string | null>();
  return (html) => {
    const file = STYLESHEET.exec(html)?.[1];
    if (!file) return null;
    if (!styles.has(file)) {
      const css = path.join(webRoot, 'widget', file);
      const text = existsSync(css) ? readFileSync(css, 'utf8') : null;
      styles.set(file, text && !/<\/style/i.test(text) ? text : null);
    }
    return styles.get(file) ?? null;
  };
}

/**
 * The site's stylesheet as its built index.html names it (null without a build): written into
 * the pages only the server writes (the directory), which load none of the site's files.
 */
export function siteStylesheet(webRoot: string, cache: boolean): () => string | null {
  const read = stylesheetReader(webRoot);
  const index = path.join(webRoot, 'widget', 'index.html');
  let kept: string | null | undefined;
  // Read once in production; in development on every page, so a rebuild shows.
  return () => {
    if (kept !== undefined) return kept;
    const css = existsSync(index) ? read(readFileSync(index, 'utf8')) : null;
    if (cache && css !== null) kept = css;
    return css;
  };
}

/**
 * The page's stylesheet written into it: the first screen then paints with the document,
 * without waiting a round trip for the one file that holds its painting back.
 */
function stylesheetInliner(webRoot: string): (html: string) => string {
  const read = stylesheetReader(webRoot);
  return (html) => {
    const css = read(html);
    const found = STYLESHEET.exec(html);
    return css && found ? html.replace(found[0], () => `<style>${css}</style>`) : html;
  };
}

/**
 * A page shown inside a frame is left to the browser: the site renders differently there (its
 * links open new tabs) and embed.js's own address says so (?embed=).
 */
function framedRequest(request: FastifyRequest, search: string): boolean {
  return request.headers['sec-fetch-dest'] === 'iframe' || new URLSearchParams(search).has('embed');
}

export function serverRenderer(options: ServerRenderOptions) {
  const renderer = rendererLoader(options.webRoot);
  const inlineStylesheet = stylesheetInliner(options.webRoot);
  // Loaded with the server, not by the first visitor's page.
  void renderer();
  /**
   * The page with the organization home written into it, or null to leave it to the browser (a
   * link that opens no form shows its error there; a framed page; no server build).
   */
  return async (
    request: FastifyRequest,
    html: string,
    page: { hash: string; search: string; language: TLanguage },
  ): Promise<string | null> => {
    if (framedRequest(request, page.search)) return null;
    const render = await renderer();
    if (!render) return null;
    const org = await options.orgInfo(page.hash);
    if (!org) return null;
    const screen = render.renderOrgHome({
      hash: page.hash,
      org,
      language: page.language,
      links: options.links,
    });
    return inlineStylesheet(html)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${screen.title}</title>`)
      .replace('<div id="root"></div>', () => `<div id="root">${screen.body}</div>${screen.data}`);
  };
}
