import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/** The review resource: /review is the Review Queue, /review/{id} one registration's review. */
export default {
  list: lazy(() => import('./ReviewQueue').then((m) => ({ default: m.ReviewQueue }))),
  edit: lazy(() => import('./ReviewScreen').then((m) => ({ default: m.ReviewScreen }))),
  icon: FactCheckIcon,
  recordRepresentation: (record: RaRecord) =>
    `${record.firstName ?? ''} ${record.lastName ?? ''}`.trim(),
};
