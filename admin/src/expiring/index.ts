import EventBusyIcon from '@mui/icons-material/EventBusy';
import { lazy } from 'react';

/** The expiring resource: /expiring lists certifications and calibrations by due date. */
export default {
  list: lazy(() => import('./ExpiringList').then((m) => ({ default: m.ExpiringList }))),
  icon: EventBusyIcon,
};
