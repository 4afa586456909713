import { useEffect, useState } from 'react';
import type { OrganizationMatch } from '../providers/types';
import { useStaffApi } from './api';
import { useDebounced } from './useDebounced';

export interface OrganizationSearch {
  matches: OrganizationMatch[];
  searching: boolean;
  failed: boolean;
  /** The query the matches belong to ('' before any search). */
  searched: string;
}

/** Organizations whose name matches the query, fetched as the user types (debounced). */
export function useOrganizationSearch(query: string): OrganizationSearch {
  const api = useStaffApi();
  const settled = useDebounced(query.trim());
  const [state, setState] = useState<OrganizationSearch>({
    matches: [],
    searching: false,
    failed: false,
    searched: '',
  });

  useEffect(() => {
    if (!settled) {
      setState({ matches: [], searching: false, failed: false, searched: '' });
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, searching: true }));
    api.searchOrganizations(settled).then(
      (matches) =>
        current && setState({ matches, searching: false, failed: false, searched: settled }),
      () => current && setState({ matches: [], searching: false, failed: true, searched: settled }),
    );
    return () => {
      current = false;
    };
  }, [api, settled]);

  return state;
}
