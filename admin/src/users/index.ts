import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The users resource: /users is Find Users, /users/{userId} is User Info (spec section 2). */
export default {
  list: lazy(() => import('./FindUsers').then((m) => ({ default: m.FindUsers }))),
  edit: lazy(() => import('./UserInfo').then((m) => ({ default: m.UserInfo }))),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) =>
    `${record.firstName ?? ''} ${record.lastName ?? ''}`.trim(),
};
