import type { TPublicOrgInfo } from '../org/org-info.js';

// The choices of a certification's agency and type: the organization's enabled agencies, and
// the types linked to the chosen one (the wizard's tester page, the status page's corrections and
// My registrations' add forms, whose agencies are those of the person's organizations).

type TAgencies = Pick<TPublicOrgInfo, 'org_associated_certs'>;

export const agencyOptions = (org: TAgencies) =>
  Object.entries(org.org_associated_certs ?? {}).map(([id, agency]) => ({
    value: id,
    label: agency.agency,
  }));

export const typeOptions = (org: TAgencies, agencyId: string) =>
  Object.entries(org.org_associated_certs?.[agencyId]?.associatedTypes ?? {}).map(([id, name]) => ({
    value: id,
    label: name,
  }));
