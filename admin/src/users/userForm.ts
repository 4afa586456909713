import { ZAdminUserCreate } from '../../../shared/staff';
import { zodValidator } from '../components/zodValidator';

/** The person's fields a save sends (the record also carries what User Info shows beside them). */
const USER_FIELDS = ['type', 'firstName', 'lastName', 'email', 'phone'] as const;

/** The Add user dialog's and User Info's checks: the server's own rules (shared/staff.ts). */
export const validateUser = zodValidator(ZAdminUserCreate);

/** What a save sends: the person's fields only. */
export function userFields(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(USER_FIELDS.map((field) => [field, record[field]]));
}
