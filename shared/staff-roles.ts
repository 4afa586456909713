// Staff roles, least to most: what each staff route needs is declared beside its path
// (`config.staffRole`, api/src/plugins/auth.ts) and the console mirrors the same table. An
// organization's own people hold the roles of shared/organization-roles.ts instead.

import { hasOrganizationRole, type TOrganizationRole } from './organization-roles.js';

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

/**
 * Who the signed-in person acts as: one of the provider's staff with their role over every
 * organization, or an organization's person with their role in the organization their session
 * is in (they switch between their organizations without signing in again).
 */
export type TStaffAccess =
  | { kind: 'provider'; role: TStaffRole }
  | { kind: 'organization'; role: TOrganizationRole; organizationId: number };

/** The least roles of an action: the provider's staff's, and an organization's (null: none). */
interface ConsoleRule {
  staff: TStaffRole;
  organization: TOrganizationRole | null;
}
const may = (staff: TStaffRole, organization: TOrganizationRole | null): ConsoleRule => ({
  staff,
  organization,
});

/** What the console offers, by screen and action: the same least roles as the server's routes. */
export const CONSOLE_PERMISSIONS = {
  organizations: {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    create: may('editor', null),
    // A Program manager edits the settings that are the organization's own.
    edit: may('editor', 'program_manager'),
    delete: may('editor', null),
  },
  users: {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    edit: may('editor', null),
    create: may('editor', null),
    enroll: may('editor', 'reviewer'),
    delete: may('administrator', null),
  },
  certifications: { list: may('viewer', 'viewer'), edit: may('administrator', null) },
  'credential-types': {
    list: may('viewer', 'viewer'),
    create: may('editor', null),
    edit: may('editor', null),
  },
  reports: { list: may('viewer', 'viewer') },
  // The Expiring list (and its CSV).
  expiring: { list: may('viewer', 'viewer') },
  review: {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    decide: may('editor', 'reviewer'),
  },
  // Suspending and reinstating: whoever may approve a registration (review.decide).
  registrations: { standing: may('editor', 'reviewer') },
  audit: { list: may('viewer', 'viewer') },
  staff: {
    list: may('administrator', null),
    edit: may('administrator', null),
    create: may('administrator', null),
  },
  // An organization's inventory: its locations and their assemblies (never deleted).
  locations: {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    create: may('editor', 'reviewer'),
    edit: may('editor', 'reviewer'),
  },
  assemblies: {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    create: may('editor', 'reviewer'),
    edit: may('editor', 'reviewer'),
  },
  // Each assembly's compliance status as it changed (the assembly page's history).
  'assembly-compliance-changes': {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
  },
  // Testers' corrections of the inventory, accepted or refused by the organization.
  'assembly-corrections': {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    edit: may('editor', 'reviewer'),
  },
  // Test reports filed from the field: the organization's queue, accepted, rejected or returned.
  'test-reports': {
    list: may('viewer', 'viewer'),
    show: may('viewer', 'viewer'),
    edit: may('editor', 'reviewer'),
  },
  // When its assemblies are due: a section of the organization's page.
  'testing-rules': { show: may('viewer', 'viewer'), edit: may('editor', 'program_manager') },
  'test-report-rules': { show: may('viewer', 'viewer'), edit: may('editor', 'program_manager') },
  // A spreadsheet of the inventory, planned and then applied.
  'inventory-imports': { create: may('editor', 'program_manager') },
  // An organization's own people in the console (its page's People).
  'organization-people': {
    list: may('administrator', 'program_manager'),
    create: may('administrator', 'program_manager'),
    edit: may('administrator', 'program_manager'),
    delete: may('administrator', 'program_manager'),
  },
  // Integrations: API keys (delete revokes).
  'api-keys': {
    list: may('administrator', 'program_manager'),
    create: may('administrator', 'program_manager'),
    delete: may('administrator', 'program_manager'),
  },
  // Integrations: webhook endpoints and their delivery log.
  'webhook-endpoints': {
    list: may('administrator', 'program_manager'),
    create: may('administrator', 'program_manager'),
    edit: may('administrator', 'program_manager'),
    delete: may('administrator', 'program_manager'),
  },
  'webhook-deliveries': {
    list: may('administrator', 'program_manager'),
    show: may('administrator', 'program_manager'),
  },
} as const satisfies Record<string, Record<string, ConsoleRule>>;

/** Whether the access admits an action of these least roles. */
export function accessAllows(access: TStaffAccess, rule: ConsoleRule): boolean {
  if (access.kind === 'provider') return hasStaffRole(access.role, rule.staff);
  return rule.organization !== null && hasOrganizationRole(access.role, rule.organization);
}

/** Whether the person may do `action` on the console's `resource` (unknown ones: Administrators). */
export function consoleAllows(access: TStaffAccess, resource: string, action: string): boolean {
  const actions = (CONSOLE_PERMISSIONS as Record<string, Record<string, ConsoleRule>>)[resource];
  return accessAllows(access, actions?.[action] ?? may('administrator', null));
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
