import { z } from 'zod';
import { LIMITS } from './constants.js';

// Which sites may embed an organization's form: staff set the list on the organization; the
// form's page sends it as Content-Security-Policy frame-ancestors, and the embed loader asks
// before framing (docs/embedding.md).

export const EMBED_MESSAGES = {
  originInvalid:
    'Each allowed embedding site must be a web address such as https://www.example.gov (no path).',
  tooManyOrigins: `At most ${LIMITS.maxEmbedOrigins} allowed embedding sites.`,
} as const;

/**
 * The sites that may embed an organization's form, as origins (https://host[:port]); plain http
 * only for this machine's own pages. Blank entries are dropped; an empty list means any https
 * site. Each entry is kept as the browser writes the origin, so CSP and checks compare alike.
 */
export const ZEmbedOrigins = z
  .array(z.string(), { error: EMBED_MESSAGES.originInvalid })
  .transform((entries, context) => {
    const origins: string[] = [];
    for (const entry of entries.map((text) => text.trim()).filter(Boolean)) {
      const origin = embedOriginOf(entry);
      if (!origin) {
        context.addIssue({ code: 'custom', message: EMBED_MESSAGES.originInvalid });
        return z.NEVER;
      }
      if (!origins.includes(origin)) origins.push(origin);
    }
    return origins;
  })
  .refine((origins) => origins.length <= LIMITS.maxEmbedOrigins, EMBED_MESSAGES.tooManyOrigins);

function embedOriginOf(text: string): string | undefined {
  if (text.length > LIMITS.longText) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && local);
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return secure && bare && !text.endsWith('?') && !text.endsWith('#') ? url.origin : undefined;
}

/** Pages of this machine, which may frame the form outside production (development, tests). */
const LOCAL_PAGE = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

/**
 * The form page's Content-Security-Policy frame-ancestors: the organization's sites (and the
 * form's own, for its playground), or any https site when it names none; outside production
 * also this machine's pages.
 */
export function frameAncestors(allowed: readonly string[], production: boolean): string[] {
  if (allowed.length > 0) return ["'self'", ...allowed];
  return production ? ['https:'] : ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];
}

/** Whether a page of `origin` may embed the form: the same rule as frameAncestors. */
export function mayEmbed(allowed: readonly string[], origin: string, production: boolean): boolean {
  if (allowed.length > 0) return allowed.includes(origin);
  return origin.startsWith('https://') || (!production && LOCAL_PAGE.test(origin));
}
