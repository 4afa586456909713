import { useDataProvider } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import type { StaffDataProvider } from '../providers/dataProvider';

/** The data provider with the console's named calls (401s log out, see useDataProvider). */
export function useStaffApi(): StaffDataProvider {
  return useDataProvider<StaffDataProvider>();
}

/** The server's message for a failed call ({message} in its answer), or the fallback. */
export function messageOf(error: unknown, fallback: string = MESSAGES.apiSubmissionError): string {
  const message = (error as { body?: { message?: unknown } } | undefined)?.body?.message;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** Field messages of a 400 answer ({message, errors: {field: message}}). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = (error as { body?: { errors?: unknown } } | undefined)?.body;
  const errors = body?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const result: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    if (typeof value === 'string') result[field] = value;
  }
  return result;
}

/** What to list above a form for a failed call: its field messages, else its message. */
export function problemsOf(error: unknown): string[] {
  const fields = Object.values(fieldErrorsOf(error));
  return fields.length ? fields : [messageOf(error)];
}
