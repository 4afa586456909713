import { useState } from 'react';
import { fieldErrorsOf, messageOf } from './api';

type FieldErrors = Partial<Record<string, string>>;

function messagesOf(errors: FieldErrors): string[] {
  return Object.values(errors).filter((message): message is string => message !== undefined);
}

/**
 * Field errors inline plus the list on top: client checks, or the server's answer as returned.
 * `toFields` maps the server's field errors onto the form's fields.
 */
export function useFormErrors<E extends FieldErrors>(
  toFields: (server: Record<string, string>) => E,
) {
  const [fieldErrors, setFieldErrors] = useState<E>({} as E);
  const [summary, setSummary] = useState<string[]>([]);

  return {
    fieldErrors,
    summary,
    clear() {
      setFieldErrors({} as E);
      setSummary([]);
    },
    showClient(errors: E) {
      setFieldErrors(errors);
      setSummary([...new Set(messagesOf(errors))]);
    },
    showServer(error: unknown) {
      const fields = toFields(fieldErrorsOf(error));
      const message = messageOf(error);
      setFieldErrors(fields);
      setSummary([...new Set([message, ...messagesOf(fields)])]);
    },
  };
}
