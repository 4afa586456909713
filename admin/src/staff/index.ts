import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The staff resource (Administrators only): /staff lists, /staff/create invites, /staff/{id} edits. */
export default {
  list: lazy(() => import('./StaffList').then((m) => ({ default: m.StaffList }))),
  create: lazy(() => import('./StaffInvite').then((m) => ({ default: m.StaffInvite }))),
  edit: lazy(() => import('./StaffEdit').then((m) => ({ default: m.StaffEdit }))),
  icon: ManageAccountsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name || record.email || ''),
};
