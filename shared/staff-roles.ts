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
