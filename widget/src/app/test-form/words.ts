import { useEffect, useState } from 'react';
import {
  addFieldCatalogue,
  checkMessage,
  type TFieldKey,
  translateField,
} from '../../../../shared/i18n/field.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import type { TCheckFailure } from '../../../../shared/test-report-checks.js';
import { useI18n } from '../i18n/use-i18n.js';
import type { TFormError } from './report.js';

// The test form's words: the field catalogue (shared/i18n/field.ts), its Spanish fetched the
// first time the page shows in Spanish, on this page only.

let spanish: Promise<void> | undefined;
let spanishReady = false;

/** Fetches the field catalogue's Spanish, once. */
export function loadFieldWords(language: TLanguage): Promise<void> {
  if (language !== 'es' || spanishReady) return Promise.resolve();
  spanish ??= import('../../../../shared/i18n/field-es.js').then(({ FIELD_ES }) => {
    addFieldCatalogue('es', FIELD_ES);
    spanishReady = true;
  });
  return spanish;
}

/** The field's words in a language, outside the test form's pages (once its Spanish is here). */
export async function fieldWordsIn(language: TLanguage) {
  await loadFieldWords(language);
  return (key: TFieldKey, params: Record<string, string | number> = {}) =>
    translateField(language, key, params);
}

export type TFieldWords = ReturnType<typeof useFieldWords>;

/** The site's words and the field's, in the language shown; `ready` once the field's are here. */
export function useFieldWords() {
  const i18n = useI18n();
  const [, setLoaded] = useState(0);
  const ready = i18n.language === 'en' || spanishReady;
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadFieldWords(i18n.language).then(
      () => current && setLoaded((count) => count + 1),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [ready, i18n.language]);
  const tf = (key: TFieldKey, params: Record<string, string | number> = {}) =>
    translateField(i18n.language, key, params);
  return {
    ...i18n,
    ready,
    tf,
    checkText: (failure: TCheckFailure) => checkMessage(failure, i18n.language),
    /** A form error in the language shown (the server's own words as they came). */
    errorText: (error: TFormError) =>
      typeof error === 'string'
        ? i18n.localize(error)
        : 'check' in error
          ? checkMessage(error.check, i18n.language)
          : tf(error.key, error.params),
  };
}
