import {
  SIGN_IN_METHOD_LABELS,
  STAFF_ROLE_LABELS,
  STAFF_STATUS_LABELS,
  type TSignInMethod,
} from '../../../shared/staff-roles';

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

export const ROLE_CHOICES = choices(STAFF_ROLE_LABELS);
export const STATUS_CHOICES = choices(STAFF_STATUS_LABELS);

/** "Password, Authenticator app", or "None yet" for an invitation not taken up. */
export const signInMethodText = (methods: readonly TSignInMethod[] | undefined) =>
  methods?.length ? methods.map((method) => SIGN_IN_METHOD_LABELS[method]).join(', ') : 'None yet';
