import { ZStaffUserRequest } from '../../../shared/staff';
import type { UserFields } from '../providers/types';

export type UserErrors = Partial<Record<keyof UserFields, string>>;

export const EMPTY_USER: UserFields = {
  userType: '',
  userFirstName: '',
  userLastName: '',
  userEmail: '',
  userPhone: '',
};

/** The shared user rules (shared/staff.ts), messages keyed by field. */
export function validateUser(user: UserFields): UserErrors {
  const result = ZStaffUserRequest.safeParse(user);
  const errors: UserErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof UserFields;
    if (field in EMPTY_USER && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Server field errors, whichever naming the server used. */
export function userServerErrors(fieldErrors: Record<string, string>): UserErrors {
  const aliases: Record<string, keyof UserFields> = {
    type: 'userType',
    firstName: 'userFirstName',
    lastName: 'userLastName',
    email: 'userEmail',
    phone: 'userPhone',
  };
  const errors: UserErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const last = path.split('.').pop() ?? '';
    const field = (last in EMPTY_USER ? last : aliases[last]) as keyof UserFields | undefined;
    if (field) errors[field] = message;
  }
  return errors;
}
