import { useGetIdentity, usePermissions } from 'react-admin';
import type { TOrganizationRole } from '../../../shared/organization-roles';
import type { TAccountResponse } from '../../../shared/staff-responses';
import type { TStaffAccess } from '../../../shared/staff-roles';

/** The organization an organization's person works in during this session. */
export interface SessionOrganization {
  id: number;
  name: string;
  role: TOrganizationRole;
}

/** An organization's person's organizations, as the account lists them. */
export type AccountOrganizations = TAccountResponse['organizations'];

/** The organizations of the signed-in person's account (empty for the provider's staff). */
export function useAccountOrganizations(): AccountOrganizations | undefined {
  const { identity } = useGetIdentity();
  return identity?.organizations as AccountOrganizations | undefined;
}

/**
 * Whose console this is: the organization an organization's person works in (their screens show
 * it instead of an organization picker; the server narrows every call to it anyway), null for
 * the provider's staff, undefined until known.
 */
export function useSessionOrganization(): SessionOrganization | null | undefined {
  const { permissions, isPending } = usePermissions<TStaffAccess>();
  const organizations = useAccountOrganizations();
  if (isPending) return undefined;
  if (permissions?.kind !== 'organization') return null;
  if (!organizations) return undefined;
  const { organizationId, role } = permissions;
  const name = organizations.find((organization) => organization.id === organizationId)?.name;
  return { id: organizationId, name: name ?? '', role };
}

/**
 * Whether the person chooses the organization a screen is for (the provider's staff), rather
 * than working in their own; nothing is offered to choose until it is known.
 */
export function usePicksOrganization(): boolean {
  return useSessionOrganization() === null;
}
