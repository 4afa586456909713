import rosetta from 'rosetta';
import { fillMessage } from '../fill-message.js';
import { en } from './en.js';
import { DEFAULT_LANGUAGE, type TLanguage } from './languages.js';

// The message catalogue the widget and the server read: rosetta keeps each language's table and
// looks keys up by their dotted path. English is always here; Spanish is added by whoever needs
// it (the server at start, the widget when the language is chosen).

type TEntry = string | ((params: never) => string);

/** A catalogue: the English one's keys, each a text or a function of its values. */
export type TCatalogue = CatalogueOf<typeof en>;
export type CatalogueOf<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (params: infer P) => string
      ? (params: P) => string
      : CatalogueOf<T[K]>;
};

export type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends TEntry ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue, as 'section.name'. */
export type TKey = LeafKeys<typeof en>;
/** The keys of the messages a registrant can see from the checks and the server. */
export type TMessageCatalogueKey = keyof typeof en.messages;

export type TParams = Record<string, string | number>;

const store = rosetta<TCatalogue>({ en });

/** Makes a language's table available (Spanish is loaded only where it is needed). */
export function addCatalogue(language: TLanguage, catalogue: TCatalogue) {
  store.set(language, catalogue);
  messageIndex = undefined;
}

export function hasCatalogue(language: TLanguage): boolean {
  return store.table(language) !== undefined;
}

/** The text of a key in a language (English while that language's table is missing). */
export function translate(language: TLanguage, key: TKey, params: TParams = {}): string {
  const lookUp = (from: TLanguage) => store.t(key, params, from) as unknown;
  const text = lookUp(language) || lookUp(DEFAULT_LANGUAGE);
  return typeof text === 'string' ? fillMessage(text, params) : key;
}

interface TIndexedMessage {
  key: TMessageCatalogueKey;
  pattern: RegExp;
  names: string[];
}

let messageIndex: TIndexedMessage[] | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every loaded language's message texts, each as a pattern that reads its values back. */
function indexMessages(): TIndexedMessage[] {
  const index: TIndexedMessage[] = [];
  for (const language of ['en', 'es'] as const) {
    const table = store.table(language)?.messages;
    if (!table) continue;
    for (const [key, template] of Object.entries(table)) {
      const names: string[] = [];
      const source = template
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return escapeRegExp(part);
          names.push(name);
          return '(.+?)';
        })
        .join('');
      index.push({ key: key as TMessageCatalogueKey, pattern: new RegExp(`^${source}$`), names });
    }
  }
  return index;
}

/**
 * A message from the checks or the server (in any loaded language, with its values filled in)
 * in the given language; text that is no catalogue message is returned as it is.
 */
export function localizeMessage(text: string, language: TLanguage): string {
  messageIndex ??= indexMessages();
  for (const { key, pattern, names } of messageIndex) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return translate(language, `messages.${key}`, params);
  }
  return text;
}
