import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/Place';
import PlumbingIcon from '@mui/icons-material/Plumbing';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedIcon from '@mui/icons-material/Verified';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ReactElement } from 'react';
import { usePermissions } from 'react-admin';
import { consoleAllows, type TStaffAccess } from '../../../shared/staff-roles';
import { organizationPath } from '../components/paths';
import { useSessionOrganization } from '../components/useSessionOrganization';

export interface Section {
  to: string;
  label: string;
  icon: ReactElement;
  description: string;
  /** Shown to roles that may do this (shared/staff-roles.ts); absent: everyone. */
  needs?: { resource: string; action: string };
  /**
   * Whose console shows it: the provider's staff only (their work over every organization), an
   * organization's people only; absent: both.
   */
  audience?: 'provider' | 'organization';
  /** What Home says of it to an organization's people, when it differs. */
  organizationDescription?: string;
  /** The work it belongs to, under which the sidebar lists it; absent: above every group (Home). */
  group?: TSectionGroup;
}

/**
 * The sidebar's groups, by the work: the organizations and their program's settings, the
 * registrations and their people, the field (the inventory and its tests), and the console's
 * own records and access.
 */
export const SECTION_GROUPS = {
  organizations: 'Organizations',
  registrations: 'Registrations',
  field: 'The field',
  administration: 'Administration',
} as const;
export type TSectionGroup = keyof typeof SECTION_GROUPS;

/** The Organization section's address: filled with the person's organization's page. */
const OWN_ORGANIZATION = '/vieworedit';

/**
 * The sidebar's sections, in their groups: the spec's seven (section 2) in its order (Home, then
 * the organizations' five, then Reports), with the Review Queue, Expiring and Find Users beside
 * Reports, the field's, and the audit log, Staff, Integrations and the person's own account; an
 * organization's people have their organization's page instead of the provider's own sections.
 * Home describes each a role may use.
 */
export const SECTIONS: readonly Section[] = [
  {
    to: '/',
    label: 'Home',
    icon: <HomeIcon />,
    description: 'This page: a short description of each section of the console.',
  },
  {
    to: OWN_ORGANIZATION,
    label: 'Organization',
    group: 'organizations',
    icon: <BusinessIcon />,
    audience: 'organization',
    description:
      "Your organization's settings and registration form link; Program managers edit the settings and manage its people.",
  },
  {
    to: '/create',
    label: 'Add Organization',
    group: 'organizations',
    audience: 'provider',
    icon: <AddBusinessIcon />,
    needs: { resource: 'organizations', action: 'create' },
    description:
      'Create an organization and its registration form: notification emails, report frequency, access end date, required certifications, accepted agencies and banner texts. You get the form link to send to the organization.',
  },
  {
    to: '/search',
    label: 'Search/Edit Organization',
    group: 'organizations',
    audience: 'provider',
    icon: <SearchIcon />,
    description:
      'Find an organization by name, then view, edit or delete it and copy its registration link.',
  },
  {
    to: '/certifications',
    label: 'Certifications',
    group: 'organizations',
    audience: 'provider',
    icon: <VerifiedIcon />,
    description:
      'Manage the approved certification agencies and types and which types each agency offers. Changes affect every organization form.',
  },
  {
    to: '/credential-types',
    label: 'Credential Types',
    group: 'organizations',
    audience: 'provider',
    icon: <BadgeIcon />,
    needs: { resource: 'credential-types', action: 'list' },
    description:
      'The credentials organizations can ask for beyond certifications (insurance, licences, training): who holds each, whether it expires and which facts it carries.',
  },
  {
    to: '/active',
    label: 'Active Organizations',
    group: 'organizations',
    audience: 'provider',
    icon: <BusinessIcon />,
    description: 'Organizations whose registration form is open, with the date access ends.',
  },
  {
    to: '/inactive',
    label: 'Inactive Organizations',
    group: 'organizations',
    audience: 'provider',
    icon: <BusinessOutlinedIcon />,
    description: 'Organizations whose access has ended, with the date it expired.',
  },
  {
    to: '/reports',
    label: 'Reports',
    group: 'registrations',
    icon: <AssessmentIcon />,
    description:
      'Generate registration reports for one or all organizations, to download or send by email.',
    organizationDescription:
      "Generate your organization's registration reports, to download or send by email.",
  },
  {
    to: '/review',
    label: 'Review Queue',
    group: 'registrations',
    icon: <FactCheckIcon />,
    description:
      'Registrations waiting for review, oldest first: check each certification and test kit beside its document, accept or reject it, then approve the registration or send the decision.',
  },
  {
    to: '/expiring',
    label: 'Expiring',
    group: 'registrations',
    icon: <EventBusyIcon />,
    description:
      'Certifications and test kit calibrations that are expired or due within 30, 60 or 90 days, for one organization or all, with the last reminder sent; download them as CSV.',
    organizationDescription:
      "Your organization's certifications and test kit calibrations that are expired or due within 30, 60 or 90 days, with the last reminder sent; download them as CSV.",
  },
  {
    to: '/users',
    label: 'Find Users',
    group: 'registrations',
    icon: <PeopleIcon />,
    description:
      'Find registered admins and testers, across all organizations or within one; enroll them and open their details to edit them.',
    organizationDescription:
      "Find your organization's registered admins and testers, see their enrollment and standing, and open their details.",
  },
  // The field: the organization's inventory, where its testing program happens.
  {
    to: '/assemblies',
    label: 'Assemblies',
    group: 'field',
    icon: <PlumbingIcon />,
    needs: { resource: 'assemblies', action: 'list' },
    description:
      "Organizations' backflow assemblies with their last test, next test due and compliance, by type, hazard, service, status, compliance and due month; add or change one, or import an organization's inventory from a spreadsheet.",
    organizationDescription:
      "Your organization's backflow assemblies with their last test, next test due and compliance, by type, hazard, service, status, compliance and due month; add or change one, or import your inventory from a spreadsheet.",
  },
  {
    to: '/locations',
    label: 'Locations',
    group: 'field',
    icon: <PlaceIcon />,
    needs: { resource: 'locations', action: 'list' },
    description:
      "Organizations' service locations: each account's address, its owner, manager and tenant, its assemblies and its history.",
    organizationDescription:
      "Your organization's service locations: each account's address, its owner, manager and tenant, its assemblies and its history.",
  },
  {
    to: '/assembly-corrections',
    label: "Testers' Corrections",
    group: 'field',
    icon: <EditNoteIcon />,
    needs: { resource: 'assembly-corrections', action: 'list' },
    description:
      "What testers found on organizations' assemblies (another serial, make, model or size, or another assembly in its place), waiting to be accepted or refused.",
    organizationDescription:
      'What testers found on your assemblies (another serial, make, model or size, or another assembly in its place), waiting for you to accept or refuse it.',
  },
  {
    to: '/test-reports',
    label: 'Test Reports',
    group: 'field',
    icon: <AssignmentTurnedInIcon />,
    needs: { resource: 'test-reports', action: 'list' },
    description:
      "Test reports testers filed on organizations' assemblies that wait for a decision, oldest first, with their readings and each rule's result: accept, reject, or return one to the tester to correct.",
    organizationDescription:
      "Test reports testers filed on your assemblies that wait for your decision, oldest first, with their readings and each rule's result: accept, reject, or return one to the tester to correct.",
  },
  {
    to: '/audit',
    label: 'Audit Log',
    group: 'administration',
    icon: <HistoryIcon />,
    description:
      'A read-only record of what staff did: changes, sign-ins and sign-outs, by whom and when.',
    organizationDescription:
      "A read-only record of what was done in your organization's records: changes, by whom and when.",
  },
  {
    to: '/staff',
    label: 'Staff',
    group: 'administration',
    audience: 'provider',
    icon: <ManageAccountsIcon />,
    description:
      'Staff accounts and their roles: invite people, change roles, deactivate accounts, send password links and end sessions.',
    needs: { resource: 'staff', action: 'list' },
  },
  {
    to: '/integrations',
    label: 'Integrations',
    group: 'administration',
    icon: <WebhookIcon />,
    description:
      'API keys that let other systems read approved testers, and webhook endpoints that hear every change, each with its delivery log.',
    organizationDescription:
      "API keys that let other systems read your organization's approved testers, and webhook endpoints that hear its changes, each with its delivery log.",
    needs: { resource: 'webhook-endpoints', action: 'list' },
  },
  {
    to: '/account',
    label: 'My Account',
    group: 'administration',
    icon: <PersonIcon />,
    description: 'Your password and two-step sign-in with an authenticator app.',
  },
];

/**
 * The sections a person may use: those their role allows, the provider's own work only for the
 * provider's staff, and for an organization's person the page of the organization they work in
 * (`organizationName`) and their organization's words. Nothing role-bound until `access` is known.
 */
export function sectionsFor(
  access: TStaffAccess | undefined,
  organizationName?: string,
): readonly Section[] {
  const ofOrganization = access?.kind === 'organization';
  return SECTIONS.filter((section) => {
    if (section.audience === 'provider' && ofOrganization) return false;
    if (section.audience === 'organization' && !(ofOrganization && organizationName)) return false;
    if (!section.needs) return true;
    return (
      access !== undefined && consoleAllows(access, section.needs.resource, section.needs.action)
    );
  }).map((section) => {
    if (!ofOrganization) return section;
    const to =
      section.to === OWN_ORGANIZATION && organizationName
        ? organizationPath(organizationName)
        : section.to;
    return { ...section, to, description: section.organizationDescription ?? section.description };
  });
}

/** The sections the signed-in person may use. */
export function useAllowedSections(): readonly Section[] {
  const { permissions } = usePermissions<TStaffAccess>();
  const organization = useSessionOrganization();
  return sectionsFor(permissions, organization?.name);
}

/** Sections in their groups, in order, each group once (a role's sections keep SECTIONS' order). */
export function sectionGroups(
  sections: readonly Section[],
): { group: TSectionGroup | undefined; sections: Section[] }[] {
  const groups: { group: TSectionGroup | undefined; sections: Section[] }[] = [];
  for (const section of sections) {
    const last = groups.at(-1);
    if (last && last.group === section.group) last.sections.push(section);
    else groups.push({ group: section.group, sections: [section] });
  }
  return groups;
}
