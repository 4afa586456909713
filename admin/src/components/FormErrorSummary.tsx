import { type TranslateFunction, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { ErrorList } from './ErrorList';

/** A field error's words, read as react-admin's ValidationError reads them under the input. */
function errorText(message: unknown, translate: TranslateFunction): string {
  if (typeof message === 'string') return translate(message, { _: message });
  if (message && typeof message === 'object' && 'message' in message) {
    const { message: key, args } = message as { message: string; args?: object };
    return translate(key, { _: key, ...args });
  }
  return '';
}

/** Every field error's words, those of nested fields (a contact's email) too. */
function messagesOf(errors: object, translate: TranslateFunction): string[] {
  return Object.values(errors).flatMap((error) => {
    const text = errorText(error?.message, translate);
    if (text !== '') return [text];
    return error && typeof error === 'object' && !('type' in error)
      ? messagesOf(error, translate)
      : [];
  });
}

/**
 * The errors of a react-admin form listed above it once a submit was tried: the client's checks
 * and the server's field errors alike (react-admin puts a 400's `errors` on the fields).
 */
export function FormErrorSummary() {
  const { errors, submitCount } = useFormState();
  const translate = useTranslate();
  const messages = submitCount === 0 ? [] : messagesOf(errors, translate);
  return <ErrorList errors={[...new Set(messages)]} />;
}
