import { useState } from 'react';
import { fieldErrorsOf, messageOf } from '../components/api';
import { type OrganizationErrors, serverErrors } from './organizationForm';

/** Field errors inline plus the list on top: client checks, or the server's answer as returned. */
export function useOrganizationErrors() {
  const [fieldErrors, setFieldErrors] = useState<OrganizationErrors>({});
  const [summary, setSummary] = useState<string[]>([]);

  return {
    fieldErrors,
    summary,
    clear() {
      setFieldErrors({});
      setSummary([]);
    },
    showClient(errors: OrganizationErrors) {
      setFieldErrors(errors);
      setSummary([...new Set(Object.values(errors).filter((message) => message !== undefined))]);
    },
    showServer(error: unknown) {
      const fields = serverErrors(fieldErrorsOf(error));
      const message = messageOf(error);
      setFieldErrors(fields);
      setSummary([...new Set([message, ...Object.values(fields).filter((m) => m !== undefined)])]);
    },
  };
}
