import type { TPublicOrgInfo } from '../org/org-info.js';

// The choices of a certification's agency and type: the organization's enabled agencies, and
// the types linked to the chosen one (the wizard's tester page and the status page's corrections).

export const agencyOptions = (org: TPublicOrgInfo) =>
  Object.entries(org.org_associated_certs ?? {}).map(([id, agency]) => ({
    value: id,
    label: agency.agency,
  }));

export const typeOptions = (org: TPublicOrgInfo, agencyId: string) =>
  Object.entries(org.org_associated_certs?.[agencyId]?.associatedTypes ?? {}).map(([id, name]) => ({
    value: id,
    label: name,
  }));
