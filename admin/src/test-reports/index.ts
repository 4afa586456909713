import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * Test reports filed from the field (/test-reports): the organization's queue, read by everyone
 * who reads the organization, accepted, rejected, returned to the tester or reset by its
 * Reviewers and Program managers and the provider's Editors; never created or deleted here.
 */
export default {
  list: lazy(() => import('./TestReportList').then((m) => ({ default: m.TestReportList }))),
  show: lazy(() => import('./TestReportShow').then((m) => ({ default: m.TestReportShow }))),
  icon: AssignmentTurnedInIcon,
  recordRepresentation: (record: RaRecord) =>
    `Test of ${String(record.assemblyId ?? '')} on ${String(record.testDate ?? '')}`,
};
