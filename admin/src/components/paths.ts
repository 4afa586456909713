import { useCallback } from 'react';
import { useBasename } from 'react-admin';

/** Console paths are absolute under the basename (/scadmin): '/create' → '/scadmin/create'. */
export function useConsolePath(): (path: string) => string {
  const basename = useBasename();
  return useCallback((path: string) => `${basename}${path}`, [basename]);
}

/** The view/edit page of an organization, with its name URL-encoded. */
export const organizationPath = (name: string) => `/vieworedit/${encodeURIComponent(name)}`;
