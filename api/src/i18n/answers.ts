import { localizeMessage } from '../../../shared/i18n/catalogue.js';
import type { TLanguage } from '../../../shared/i18n/languages.js';

// Public answers in the registrant's language: the code stays as the spec names it; the message
// (or, in an object message, the messages under its *errors / *Errors keys) is looked up in the
// shared catalogue. Data in an answer (organization info, company matches, ids) is never touched.

function localizeDeep(value: unknown, language: TLanguage): unknown {
  if (typeof value === 'string') return localizeMessage(value, language);
  if (Array.isArray(value)) return value.map((item) => localizeDeep(item, language));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, localizeDeep(item, language)]),
    );
  }
  return value;
}

const isErrorList = (key: string) => /errors$/i.test(key);

/** The answer with its messages in `language` (a copy; the original is left as it was). */
export function localizeAnswer(answer: unknown, language: TLanguage): unknown {
  if (language === 'en' || !answer || typeof answer !== 'object' || Array.isArray(answer)) {
    return answer;
  }
  const { message, ...rest } = answer as { message?: unknown };
  if (typeof message === 'string') return { ...rest, message: localizeMessage(message, language) };
  if (!message || typeof message !== 'object' || Array.isArray(message)) return answer;
  const localized = Object.fromEntries(
    Object.entries(message).map(([key, value]) => [
      key,
      isErrorList(key) ? localizeDeep(value, language) : value,
    ]),
  );
  return { ...rest, message: localized };
}
