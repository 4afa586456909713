import { ORGANIZATION_ROLE_LABELS } from '../../../shared/organization-roles';
import type { TAccountResponse } from '../../../shared/staff-responses';
import { STAFF_ROLE_LABELS } from '../../../shared/staff-roles';

/** Whom the signed-in person acts as: "Editor", or "Reviewer of Springfield Water". */
export function accessLabel(account: Pick<TAccountResponse, 'access' | 'organizations'>): string {
  const { access } = account;
  if (access.kind === 'provider') return STAFF_ROLE_LABELS[access.role];
  const organization = account.organizations.find((o) => o.id === access.organizationId);
  return `${ORGANIZATION_ROLE_LABELS[access.role]} of ${organization?.name ?? ''}`.trim();
}
