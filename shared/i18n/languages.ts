// The languages of the public site and how one is chosen. No imports: the widget's first
// download reads it.

export const LANGUAGES = ['en', 'es'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { en: 'English', es: 'Español' };

/** The language a tag names ('es', 'ES', 'es-MX'), or null for any other. */
export function languageOf(tag: unknown): TLanguage | null {
  if (typeof tag !== 'string') return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary) ?? null;
}

/** The first source that names a language, in the order given; English when none does. */
export function resolveLanguage(sources: readonly unknown[]): TLanguage {
  for (const source of sources) {
    const language = languageOf(source);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The address parameter that names the language (?lang=es); the site's switch writes it too. */
export const LANGUAGE_PARAMETER = 'lang';
/** The embed frame's parameter for the embed's `lang` option, set by embed.js. */
export const EMBED_LANGUAGE_PARAMETER = 'embedLang';

/**
 * The language a public page opens in: the address (?lang=es), the embed's lang option, the
 * choice remembered on this site, then the reader's languages in their order. The site decides
 * it in the browser; the server decides it from the same address and Accept-Language (it cannot
 * see the remembered choice) to name the page's words in its head.
 */
export function pageLanguage(
  search: string,
  remembered: string | null,
  preferred: readonly unknown[],
): TLanguage {
  const address = new URLSearchParams(search);
  return resolveLanguage([
    address.get(LANGUAGE_PARAMETER),
    address.get(EMBED_LANGUAGE_PARAMETER),
    remembered,
    ...preferred,
  ]);
}

/** The most preferred language of an Accept-Language header that the site speaks, or null. */
export function languageFromAcceptLanguage(header: string | undefined): TLanguage | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, position) => {
      const [tag, ...parameters] = part.split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: languageOf(tag), weight: q === undefined ? 1 : Number(q), position };
    })
    .filter((entry) => entry.language && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  return ranked[0]?.language ?? null;
}

const dayFormats = new Map<TLanguage, Intl.DateTimeFormat>();

/** A YYYY-MM-DD day as readers of the language write it ('December 25, 2026'); else as given. */
export function formatDay(language: TLanguage, isoDay: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(isoDay) ? new Date(`${isoDay}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime())) return isoDay;
  let format = dayFormats.get(language);
  if (!format) {
    // Made once per language: the reminder run writes thousands of dates.
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.format(day);
}
