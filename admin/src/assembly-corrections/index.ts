import EditNoteIcon from '@mui/icons-material/EditNote';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * Testers' corrections of the inventory (/assembly-corrections): read by everyone who reads
 * the organization, accepted or refused by its Reviewers and Program managers and the
 * provider's Editors; never created or deleted here (testers propose them).
 */
export default {
  list: lazy(() => import('./CorrectionList').then((m) => ({ default: m.CorrectionList }))),
  show: lazy(() => import('./CorrectionShow').then((m) => ({ default: m.CorrectionShow }))),
  edit: lazy(() => import('./CorrectionDecision').then((m) => ({ default: m.CorrectionDecision }))),
  icon: EditNoteIcon,
  recordRepresentation: (record: RaRecord) => `Correction of ${String(record.assemblyId ?? '')}`,
};
