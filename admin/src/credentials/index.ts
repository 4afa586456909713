import BadgeIcon from '@mui/icons-material/Badge';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * Credential types (/credential-types): what organizations can ask for beyond certifications.
 * Every role reads them; Editors and Administrators add and change them (never delete).
 */
export default {
  list: lazy(() => import('./CredentialTypeList').then((m) => ({ default: m.CredentialTypeList }))),
  create: lazy(() =>
    import('./CredentialTypeForm').then((m) => ({ default: m.CredentialTypeCreate })),
  ),
  edit: lazy(() => import('./CredentialTypeForm').then((m) => ({ default: m.CredentialTypeEdit }))),
  icon: BadgeIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? ''),
};
