import { useMemo, useSyncExternalStore } from 'react';
import {
  localizeMessage,
  type TKey,
  type TParams,
  translate,
} from '../../../../shared/i18n/catalogue.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import { currentLanguage, subscribeLanguage } from './language.js';

export type TTranslate = (key: TKey, params?: TParams) => string;

export interface TI18n {
  language: TLanguage;
  t: TTranslate;
  /** A message of the checks or the server, shown in the current language. */
  localize(message: string): string;
  /** A YYYY-MM-DD day as people of the language write it. */
  formatDate(isoDay: string): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
}

/** Translation bound to an explicit language, for code outside React. */
export function i18nFor(language: TLanguage): TI18n {
  return {
    language,
    t: (key, params) => translate(language, key, params),
    localize: (message) => localizeMessage(message, language),
    formatDate: (isoDay) => formatDay(language, isoDay),
    formatNumber: (value, options) => new Intl.NumberFormat(language, options).format(value),
  };
}

/** The current language's translation; components re-render when the switch changes it. */
export function useI18n(): TI18n {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage);
  return useMemo(() => i18nFor(language), [language]);
}
