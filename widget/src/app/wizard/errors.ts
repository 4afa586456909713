import { MESSAGES } from '../../../../shared/codes.js';
import { localizeMessage } from '../../../../shared/i18n/catalogue.js';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages.js';
import type {
  TCertErrors,
  TCredentialErrors,
  TFieldErrors,
  TFinalErrorsMessage,
  TPositionErrors,
} from '../../../../shared/registration-errors.js';
import type { TWizardErrors, TWizardState } from './state.js';

// The server's error shapes (and the same shapes built from the shared schemas on the client)
// turned into one map of field paths, plus the general list shown above the form.

/**
 * Messages are kept in English, whichever language the server answered in, and shown in the
 * language of the moment: switching languages with errors on screen translates them too.
 */
const kept = (message: string) => localizeMessage(message, DEFAULT_LANGUAGE);

function generalList(messages: readonly unknown[] | undefined): string[] {
  const list: string[] = [];
  for (const message of messages ?? []) {
    if (typeof message !== 'string') continue;
    const text = kept(message);
    // 'Field required.' is never listed on its own: the field itself is highlighted.
    if (text !== MESSAGES.fieldRequired && !list.includes(text)) list.push(text);
  }
  return list;
}

function addFields(
  target: Record<string, string>,
  prefix: string,
  fields: TFieldErrors | undefined,
) {
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (typeof message === 'string') target[`${prefix}.${name}`] ??= kept(message);
  }
}

export function generalErrors(...messages: unknown[]): TWizardErrors {
  return { general: generalList(messages), fields: {} };
}

export function fieldError(path: string, message: string): TWizardErrors {
  return { general: generalList([message]), fields: { [path]: kept(message) } };
}

export function companyErrors(message: {
  company_errors?: TFieldErrors;
  generalErrors?: string[];
}): TWizardErrors {
  const fields: Record<string, string> = {};
  addFields(fields, 'company', message.company_errors);
  return { general: generalList(message.generalErrors), fields };
}

/** A person's errors: their fields, their certifications' and their credentials'. */
interface TPeopleErrors {
  people?: TPositionErrors | undefined;
  certs?: TCertErrors | undefined;
  credentials?: Record<string, TCredentialErrors> | undefined;
}

/** Per-person errors of one list; `offset` skips positions that belong to another list. */
function addPeople(
  fields: Record<string, string>,
  list: 'admins' | 'testers',
  errors: TPeopleErrors,
  offset = 0,
  count = Number.POSITIVE_INFINITY,
) {
  const inRange = (position: string) => {
    const index = Number(position) - offset;
    return Number.isInteger(index) && index >= 0 && index < count ? index : undefined;
  };
  for (const [position, personFields] of Object.entries(errors.people ?? {})) {
    const index = inRange(position);
    if (index !== undefined) addFields(fields, `${list}.${index}`, personFields);
  }
  const nested = [
    ['certs', errors.certs],
    ['credentials', errors.credentials],
  ] as const;
  for (const [kind, byPerson] of nested) {
    for (const [position, byItem] of Object.entries(byPerson ?? {})) {
      const index = inRange(position);
      if (index === undefined) continue;
      for (const [item, itemFields] of Object.entries(byItem ?? {})) {
        addFields(fields, `${list}.${index}.${kind}.${item}`, itemFields);
      }
    }
  }
}

export function adminErrors(message: {
  adminErrors?: TPositionErrors;
  generalErrors?: string[];
}): TWizardErrors {
  const fields: Record<string, string> = {};
  addPeople(fields, 'admins', { people: message.adminErrors });
  return { general: generalList(message.generalErrors), fields };
}

export function testerErrors(message: {
  testerErrors?: TPositionErrors;
  certErrors?: TCertErrors;
  generalErrors?: string[];
}): TWizardErrors {
  const fields: Record<string, string> = {};
  addPeople(fields, 'testers', { people: message.testerErrors, certs: message.certErrors });
  return { general: generalList(message.generalErrors), fields };
}

export function testKitErrors(message: {
  testKitErrors?: TPositionErrors;
  generalErrors?: string[];
}): TWizardErrors {
  const fields: Record<string, string> = {};
  for (const [position, kitFields] of Object.entries(message.testKitErrors ?? {})) {
    addFields(fields, `testKits.${position}`, kitFields);
  }
  return { general: generalList(message.generalErrors), fields };
}

/**
 * FINAL ERRORS (or the credential rules' part of it, on a credentials page): userInfo lists the
 * admins first, then the testers (see payload.ts); the company's credentials are keyed by type.
 */
export function finalErrors(
  message: Partial<TFinalErrorsMessage>,
  state: Pick<TWizardState, 'admins' | 'testers'>,
): TWizardErrors {
  const fields: Record<string, string> = {};
  const admins = state.admins.length;
  const people = {
    people: message.userErrors,
    certs: message.certErrors,
    credentials: message.credentialErrors,
  };
  addFields(fields, 'company', message.company_errors);
  for (const [typeId, credentialFields] of Object.entries(message.companyCredentialErrors ?? {})) {
    addFields(fields, `companyCredentials.${typeId}`, credentialFields);
  }
  addPeople(fields, 'admins', people, 0, admins);
  addPeople(fields, 'testers', people, admins, state.testers.length);
  for (const [position, kitFields] of Object.entries(message.testKitErrors ?? {})) {
    addFields(fields, `testKits.${position}`, kitFields);
  }
  return { general: generalList(message.generalErrors), fields };
}

/** Both sets of errors, as one check shows them. */
export function bothErrors(first: TWizardErrors, second: TWizardErrors): TWizardErrors {
  return {
    general: [...first.general, ...second.general.filter((text) => !first.general.includes(text))],
    fields: { ...second.fields, ...first.fields },
  };
}

export function hasErrors(errors: TWizardErrors): boolean {
  return errors.general.length > 0 || Object.keys(errors.fields).length > 0;
}

/** Errors whose path starts with `prefix.` (one block of a repeated list). */
export function errorsUnder(errors: TWizardErrors, prefix: string): [string, string][] {
  return Object.entries(errors.fields).filter(([path]) => path.startsWith(`${prefix}.`));
}

/** The element id of the input for a field path. */
export function fieldId(path: string): string {
  return `field-${path.replaceAll('.', '-')}`;
}
