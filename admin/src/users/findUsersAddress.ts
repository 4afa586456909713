import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-admin';
import { STANDINGS, type TStanding } from '../../../shared/standing';
import { useSessionOrganization } from '../components/useSessionOrganization';

/**
 * Find Users' query as the spec's address carries it: /users?page=&org=&name= (spec section 2),
 * and with an organization the registrations' standing (&standing=suspended).
 */
export interface FindUsersQuery {
  page: number;
  /** The organization's id, '' for all organizations. */
  organizationId: string;
  name: string;
  /** Only with an organization: its registrations of this standing. */
  standing?: TStanding;
}

const standingOf = (value: string | null): TStanding | undefined =>
  STANDINGS.find((standing) => standing === value);

export function findUsersQueryOf(search: string): FindUsersQuery {
  const params = new URLSearchParams(search);
  const organizationId = params.get('org') ?? '';
  const standing = organizationId ? standingOf(params.get('standing')) : undefined;
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    organizationId,
    name: params.get('name') ?? '',
    ...(standing ? { standing } : {}),
  };
}

export function findUsersSearch({ page, organizationId, name, standing }: FindUsersQuery): string {
  const params = new URLSearchParams({ page: String(page) });
  if (organizationId) params.set('org', organizationId);
  if (name) params.set('name', name);
  if (organizationId && standing) params.set('standing', standing);
  return `?${params}`;
}

/** The users resource's filter for a query: the REST list's organization, name and standing. */
export function usersFilterOf({ organizationId, name, standing }: FindUsersQuery) {
  return {
    ...(organizationId ? { organization: organizationId } : {}),
    ...(name ? { q: name } : {}),
    ...(organizationId && standing ? { standing } : {}),
  };
}

/**
 * The query in the address, and a way to go to another one. An organization's person always
 * searches their own organization, whether the address names it or not.
 */
export function useFindUsersAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const ownOrganizationId = useSessionOrganization()?.id;
  const query = useMemo(() => {
    const asked = findUsersQueryOf(location.search);
    return ownOrganizationId === undefined
      ? asked
      : { ...asked, organizationId: String(ownOrganizationId) };
  }, [location.search, ownOrganizationId]);
  const go = useCallback(
    (next: FindUsersQuery) =>
      navigate({ pathname: location.pathname, search: findUsersSearch(next) }),
    [navigate, location.pathname],
  );
  return { query, go };
}
