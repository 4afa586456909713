import { usePermissions } from 'react-admin';
import { consoleAllows, type TStaffAccess } from '../../../shared/staff-roles';

/**
 * Whether the signed-in person may do this on the console: their staff role, or their role in
 * the organization they work in (shared/staff-roles.ts, the server's table). Until it is known,
 * nothing that changes data is offered.
 */
export function useAllowed(resource: string, action: string): boolean {
  const { permissions } = usePermissions<TStaffAccess>();
  return permissions ? consoleAllows(permissions, resource, action) : false;
}
