import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedIcon from '@mui/icons-material/Verified';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { ReactElement } from 'react';
import { usePermissions } from 'react-admin';
import { consoleAllows, type TStaffAccess } from '../../../shared/staff-roles';

export interface Section {
  to: string;
  label: string;
  icon: ReactElement;
  description: string;
  /** Shown to roles that may do this (shared/staff-roles.ts); absent: everyone. */
  needs?: { resource: string; action: string };
}

/**
 * The sidebar's sections: the spec's seven (section 2), then the Review Queue, Expiring, Find Users, the
 * audit log, Staff, Integrations and the person's own account; Home describes each a role may use.
 */
export const SECTIONS: readonly Section[] = [
  {
    to: '/',
    label: 'Home',
    icon: <HomeIcon />,
    description: 'This page: a short description of each section of the console.',
  },
  {
    to: '/create',
    label: 'Add Organization',
    icon: <AddBusinessIcon />,
    needs: { resource: 'organizations', action: 'create' },
    description:
      'Create an organization and its registration form: notification emails, report frequency, access end date, required certifications, accepted agencies and banner texts. You get the form link to send to the organization.',
  },
  {
    to: '/search',
    label: 'Search/Edit Organization',
    icon: <SearchIcon />,
    description:
      'Find an organization by name, then view, edit or delete it and copy its registration link.',
  },
  {
    to: '/certifications',
    label: 'Certifications',
    icon: <VerifiedIcon />,
    description:
      'Manage the approved certification agencies and types and which types each agency offers. Changes affect every organization form.',
  },
  {
    to: '/credential-types',
    label: 'Credential Types',
    icon: <BadgeIcon />,
    needs: { resource: 'credential-types', action: 'list' },
    description:
      'The credentials organizations can ask for beyond certifications (insurance, licences, training): who holds each, whether it expires and which facts it carries.',
  },
  {
    to: '/active',
    label: 'Active Organizations',
    icon: <BusinessIcon />,
    description: 'Organizations whose registration form is open, with the date access ends.',
  },
  {
    to: '/inactive',
    label: 'Inactive Organizations',
    icon: <BusinessOutlinedIcon />,
    description: 'Organizations whose access has ended, with the date it expired.',
  },
  {
    to: '/reports',
    label: 'Reports',
    icon: <AssessmentIcon />,
    description:
      'Generate registration reports for one or all organizations, to download or send by email.',
  },
  {
    to: '/review',
    label: 'Review Queue',
    icon: <FactCheckIcon />,
    description:
      'Registrations waiting for review, oldest first: check each certification and test kit beside its document, accept or reject it, then approve the registration or send the decision.',
  },
  {
    to: '/expiring',
    label: 'Expiring',
    icon: <EventBusyIcon />,
    description:
      'Certifications and test kit calibrations that are expired or due within 30, 60 or 90 days, for one organization or all, with the last reminder sent; download them as CSV.',
  },
  {
    to: '/users',
    label: 'Find Users',
    icon: <PeopleIcon />,
    description:
      'Find registered admins and testers, across all organizations or within one; enroll them and open their details to edit them.',
  },
  {
    to: '/audit',
    label: 'Audit Log',
    icon: <HistoryIcon />,
    description:
      'A read-only record of what staff did: changes, sign-ins and sign-outs, by whom and when.',
  },
  {
    to: '/staff',
    label: 'Staff',
    icon: <ManageAccountsIcon />,
    description:
      'Staff accounts and their roles: invite people, change roles, deactivate accounts, send password links and end sessions.',
    needs: { resource: 'staff', action: 'list' },
  },
  {
    to: '/integrations',
    label: 'Integrations',
    icon: <WebhookIcon />,
    description:
      'API keys that let other systems read approved testers, and webhook endpoints that hear every change, each with its delivery log.',
    needs: { resource: 'webhook-endpoints', action: 'list' },
  },
  {
    to: '/account',
    label: 'My Account',
    icon: <PersonIcon />,
    description: 'Your password and two-step sign-in with an authenticator app.',
  },
];

/** The sections the signed-in person's role may use. */
export function useAllowedSections(): readonly Section[] {
  const { permissions } = usePermissions<TStaffAccess>();
  return SECTIONS.filter(
    (section) =>
      !section.needs ||
      (permissions !== undefined &&
        consoleAllows(permissions, section.needs.resource, section.needs.action)),
  );
}
