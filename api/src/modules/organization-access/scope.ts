import { STAFF_MESSAGES } from '../../../../shared/staff.js';
import type { TStaffAccess } from '../../../../shared/staff-roles.js';
import { AppError } from '../../errors.js';

/**
 * The organizations a staff request may touch, decided once from the session: every one for the
 * provider's staff, or the one an organization's person's session works in. Every list and read
 * of an organization's records takes it; nothing else decides it.
 */
export type OrganizationScope =
  | { readonly every: true }
  | { readonly every: false; readonly organizationId: number };

export const EVERY_ORGANIZATION: OrganizationScope = { every: true };

export function scopeOf(access: TStaffAccess): OrganizationScope {
  return access.kind === 'provider'
    ? EVERY_ORGANIZATION
    : { every: false, organizationId: access.organizationId };
}

/** The scope of whoever a change is made for: the CLI and the system act for every one. */
export function scopeOfActor(actor: { access?: TStaffAccess }): OrganizationScope {
  return actor.access ? scopeOf(actor.access) : EVERY_ORGANIZATION;
}

/** Whether a record of this organization (null: of none, or of every one) is in scope. */
export function inScope(scope: OrganizationScope, organizationId: number | null): boolean {
  return scope.every || organizationId === scope.organizationId;
}

/**
 * The organization a list or report is for: the one asked for (none: every one) for the
 * provider's staff; an organization's person's own whether they name it or not, and 404, as for
 * one that does not exist, when they name another.
 */
export function organizationFilter(
  scope: OrganizationScope,
  requested: number | undefined,
  notFound: string = STAFF_MESSAGES.orgNotFound,
): number | undefined {
  if (scope.every) return requested;
  if (requested !== undefined && requested !== scope.organizationId) {
    throw AppError.notFound(notFound);
  }
  return scope.organizationId;
}

/** The organization a record made by this request belongs to (a key, an endpoint, a person). */
export function organizationForNew(
  scope: OrganizationScope,
  requested: number | null,
): number | null {
  if (scope.every) return requested;
  if (requested !== null && requested !== scope.organizationId) {
    throw AppError.notFound(STAFF_MESSAGES.orgNotFound);
  }
  return scope.organizationId;
}

/**
 * The organizations a list of organizations may show: those asked for (none: every one) for the
 * provider's staff; an organization's person's own, among those asked for.
 */
export function organizationIds(
  scope: OrganizationScope,
  requested: number[] | undefined,
): number[] | undefined {
  if (scope.every) return requested;
  const own = scope.organizationId;
  return requested ? requested.filter((id) => id === own) : [own];
}
