import { z } from 'zod';
import { DIRECTORY_SLUG_MAX, DIRECTORY_SLUG_PATTERN } from './directory.js';

// An organization's public directory as staff set it on its form (issue 28): whether it is
// published, its address (a slug), the introduction and disclaimer, and whether search engines
// are asked not to index it. The same rules on both staff faces (/api/sc and /api/admin) and in
// the console; the public pages themselves are shared/directory.ts.

/** Longest introduction or disclaimer: a few paragraphs above the list. */
export const MAX_DIRECTORY_TEXT = 2_000;

export const ORGANIZATION_DIRECTORY_MESSAGES = {
  enabledInvalid: 'Publish a directory must be yes or no.',
  noindexInvalid: 'Ask search engines not to index the directory must be yes or no.',
  slugInvalid:
    'The directory address can have only lower-case letters, digits and single hyphens between words, such as springfield-water.',
  slugTooLong: `The directory address must be ${DIRECTORY_SLUG_MAX} characters or less.`,
  slugTaken: "Another organization's directory already has this address. Please choose another.",
  slugRevealsFormHash:
    "The directory address must not contain the registration link's code: anyone who saw the directory could find the form.",
  introTooLong: `The introduction must be ${MAX_DIRECTORY_TEXT.toLocaleString('en-US')} characters or less.`,
  disclaimerTooLong: `The disclaimer must be ${MAX_DIRECTORY_TEXT.toLocaleString('en-US')} characters or less.`,
} as const;
const MESSAGES = ORGANIZATION_DIRECTORY_MESSAGES;

export const ORGANIZATION_DIRECTORY_LABELS = {
  heading: 'Public directory',
  enabled: 'Publish a directory of approved testers',
  slug: 'Directory address',
  url: 'Directory URL',
  intro: 'Introduction',
  disclaimer: 'Disclaimer',
  noindex: 'Ask search engines not to index the directory',
} as const;

/**
 * A directory's address as typed: trimmed and lower case; blank or null is none (an enabled
 * directory without one is given one from the organization's name when saved).
 */
const ZDirectorySlugInput = z
  .union([z.string(), z.null()], { error: MESSAGES.slugInvalid })
  .transform((value) => (value === null ? '' : value.trim().toLowerCase()))
  .refine((slug) => slug.length <= DIRECTORY_SLUG_MAX, MESSAGES.slugTooLong)
  .refine(
    (slug) => slug === '' || slug.length > DIRECTORY_SLUG_MAX || DIRECTORY_SLUG_PATTERN.test(slug),
    MESSAGES.slugInvalid,
  )
  .transform((slug) => (slug === '' ? null : slug));

/** Staff's own words; blank or null: none (the product's default disclaimer, no introduction). */
function directoryText(tooLong: string) {
  return z
    .union([z.string(), z.null()], { error: tooLong })
    .transform((value) => (value === null ? '' : value.trim()))
    .refine((text) => text.length <= MAX_DIRECTORY_TEXT, tooLong)
    .transform((text) => (text === '' ? null : text));
}

const ZDirectoryEnabled = z.boolean({ error: MESSAGES.enabledInvalid });
const ZDirectoryNoindex = z.boolean({ error: MESSAGES.noindexInvalid });
const ZDirectoryIntro = directoryText(MESSAGES.introTooLong);
const ZDirectoryDisclaimer = directoryText(MESSAGES.disclaimerTooLong);

/** The directory fields of a create: off, no address, no words of staff's own, indexable. */
export const ZOrganizationDirectoryOnCreate = z.object({
  directoryEnabled: ZDirectoryEnabled.optional().default(false),
  directorySlug: ZDirectorySlugInput.optional().default(null),
  directoryIntro: ZDirectoryIntro.optional().default(null),
  directoryDisclaimer: ZDirectoryDisclaimer.optional().default(null),
  directoryNoindex: ZDirectoryNoindex.optional().default(false),
});
/** The directory fields of an edit: absent ones keep their value. */
export const ZOrganizationDirectoryOnEdit = z.object({
  directoryEnabled: ZDirectoryEnabled.optional(),
  directorySlug: ZDirectorySlugInput.optional(),
  directoryIntro: ZDirectoryIntro.optional(),
  directoryDisclaimer: ZDirectoryDisclaimer.optional(),
  directoryNoindex: ZDirectoryNoindex.optional(),
});
export type TOrganizationDirectorySettings = z.output<typeof ZOrganizationDirectoryOnCreate>;

/** The directory fields of one organization as staff read it (both faces). */
export const ZOrganizationDirectoryRecord = z.object({
  directoryEnabled: z.boolean(),
  directorySlug: z.string().nullable(),
  directoryIntro: z.string().nullable(),
  /** Null: the product's own words. */
  directoryDisclaimer: z.string().nullable(),
  directoryNoindex: z.boolean(),
  /** `{PUBLIC_URL}/testers/{slug}`, or null while it has no address. */
  directoryUrl: z.string().nullable(),
});

/** The public address of a directory. */
export function directoryUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/testers/${slug}`;
}
