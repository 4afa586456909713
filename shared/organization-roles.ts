// The roles an organization's own people hold in the console, least to most, and what each
// reaches: every staff route declares the least of them it admits (`config.organizationRole`,
// api/src/plugins/auth.ts), or none for what only the provider's staff do.

export const ORGANIZATION_ROLES = ['viewer', 'reviewer', 'program_manager'] as const;
export type TOrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_LABELS: Record<TOrganizationRole, string> = {
  viewer: 'Viewer',
  reviewer: 'Reviewer',
  program_manager: 'Program manager',
};

/** What each role does, as the invitation and the people list say it. */
export const ORGANIZATION_ROLE_DESCRIPTIONS: Record<TOrganizationRole, string> = {
  viewer:
    "Reads the organization's registrations, people, companies, Expiring, reports and audit log.",
  reviewer:
    "Also decides the Review Queue, renewals and corrections, and suspends and reinstates the organization's registrations.",
  program_manager:
    "Also manages the organization's people, its own settings, and its API keys and webhook endpoints.",
};

/** Whether a person holding `held` in an organization may do what needs `needed` there. */
export function hasOrganizationRole(held: TOrganizationRole, needed: TOrganizationRole): boolean {
  return ORGANIZATION_ROLES.indexOf(held) >= ORGANIZATION_ROLES.indexOf(needed);
}
