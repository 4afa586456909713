import PlaceIcon from '@mui/icons-material/Place';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * An organization's locations (/locations): an account at a service address with its contacts
 * and assemblies; the same roles as assemblies, never deleted.
 */
export default {
  list: lazy(() => import('./LocationList').then((m) => ({ default: m.LocationList }))),
  show: lazy(() => import('./LocationShow').then((m) => ({ default: m.LocationShow }))),
  create: lazy(() => import('./LocationForm').then((m) => ({ default: m.LocationCreate }))),
  edit: lazy(() => import('./LocationForm').then((m) => ({ default: m.LocationEdit }))),
  icon: PlaceIcon,
  recordRepresentation: (record: RaRecord) =>
    [record.accountNumber, record.address1].filter(Boolean).join(' — '),
};
