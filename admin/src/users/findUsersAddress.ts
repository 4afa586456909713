import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-admin';

/** Find Users' query as the spec's address carries it: /users?page=&org=&name= (spec section 2). */
export interface FindUsersQuery {
  page: number;
  /** The organization's id, '' for all organizations. */
  organizationId: string;
  name: string;
}

export function findUsersQueryOf(search: string): FindUsersQuery {
  const params = new URLSearchParams(search);
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    organizationId: params.get('org') ?? '',
    name: params.get('name') ?? '',
  };
}

export function findUsersSearch({ page, organizationId, name }: FindUsersQuery): string {
  const params = new URLSearchParams({ page: String(page) });
  if (organizationId) params.set('org', organizationId);
  if (name) params.set('name', name);
  return `?${params}`;
}

/** The users resource's filter for a query: the REST list's organization and name search. */
export function usersFilterOf({ organizationId, name }: FindUsersQuery) {
  return {
    ...(organizationId ? { organization: organizationId } : {}),
    ...(name ? { q: name } : {}),
  };
}

/** The query in the address, and a way to go to another one. */
export function useFindUsersAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => findUsersQueryOf(location.search), [location.search]);
  const go = useCallback(
    (next: FindUsersQuery) =>
      navigate({ pathname: location.pathname, search: findUsersSearch(next) }),
    [navigate, location.pathname],
  );
  return { query, go };
}
