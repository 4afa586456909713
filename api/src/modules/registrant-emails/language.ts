import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LANGUAGE, languageOf, type TLanguage } from '../../../../shared/i18n/languages.js';
import { query } from '../../db/sql.js';
import { REGISTRANT_LANGUAGE } from './queries.js';

// Emails to registrants (welcome, changes requested, reminders …) are written in the language the
// person registered in; emails to staff stay English. docs/i18n.md says how to add one.

/** The language to write to a registrant in: the one their registration was made in. */
export async function registrantLanguage(
  em: EntityManager,
  registrant: { userId: number; organizationId: number },
): Promise<TLanguage> {
  const [row] = await query<{ language: string }, typeof registrant>(
    em,
    REGISTRANT_LANGUAGE,
    registrant,
  );
  return languageOf(row?.language) ?? DEFAULT_LANGUAGE;
}
