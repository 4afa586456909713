import { usePermissions } from 'react-admin';
import { consoleAllows, type TStaffRole } from '../../../shared/staff-roles';

/**
 * Whether the signed-in person's role may do this on the console (shared/staff-roles.ts, the
 * server's table). Until the role is known, nothing that changes data is offered.
 */
export function useAllowed(resource: string, action: string): boolean {
  const { permissions } = usePermissions<TStaffRole>();
  return permissions ? consoleAllows(permissions, resource, action) : false;
}
