// Staff roles, least to most: what each staff route needs is declared beside its path
// (`config.staffRole`, api/src/plugins/auth.ts) and the console mirrors the same table.

export const STAFF_ROLES = ['viewer', 'editor', 'administrator'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<TStaffRole, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  administrator: 'Administrator',
};

/** Whether a person holding `held` may do what needs `needed`. */
export function hasStaffRole(held: TStaffRole, needed: TStaffRole): boolean {
  return STAFF_ROLES.indexOf(held) >= STAFF_ROLES.indexOf(needed);
}

/** What the console offers, by screen and action: the same least roles as the server's routes. */
export const CONSOLE_PERMISSIONS = {
  organizations: {
    list: 'viewer',
    show: 'viewer',
    create: 'editor',
    edit: 'editor',
    delete: 'editor',
  },
  users: {
    list: 'viewer',
    show: 'viewer',
    edit: 'editor',
    create: 'editor',
    enroll: 'editor',
    delete: 'administrator',
  },
  certifications: { list: 'viewer', edit: 'administrator' },
  'credential-types': { list: 'viewer', create: 'editor', edit: 'editor' },
  reports: { list: 'viewer' },
  review: { list: 'viewer', show: 'viewer', decide: 'editor' },
  // Suspending and reinstating: whoever may approve a registration (review.decide).
  registrations: { standing: 'editor' },
  audit: { list: 'viewer' },
  staff: { list: 'administrator', edit: 'administrator', create: 'administrator' },
  // Integrations: API keys (delete revokes).
  'api-keys': { list: 'administrator', create: 'administrator', delete: 'administrator' },
  // Integrations: webhook endpoints and their delivery log.
  'webhook-endpoints': {
    list: 'administrator',
    create: 'administrator',
    edit: 'administrator',
    delete: 'administrator',
  },
  'webhook-deliveries': { list: 'administrator', show: 'administrator' },
} as const satisfies Record<string, Record<string, TStaffRole>>;

/** Whether the role may do `action` on the console's `resource` (unknown ones: Administrators). */
export function consoleAllows(role: TStaffRole, resource: string, action: string): boolean {
  const actions = (CONSOLE_PERMISSIONS as Record<string, Record<string, TStaffRole>>)[resource];
  return hasStaffRole(role, actions?.[action] ?? 'administrator');
}

/** An account's state on the Staff screen. */
export const STAFF_STATUSES = ['active', 'invited', 'deactivated'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_STATUS_LABELS: Record<TStaffStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

/** How a person can sign in; the authenticator is the second step. */
export const SIGN_IN_METHODS = ['password', 'google', 'authenticator'] as const;
export type TSignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SIGN_IN_METHOD_LABELS: Record<TSignInMethod, string> = {
  password: 'Password',
  google: 'Google',
  authenticator: 'Authenticator app',
};
