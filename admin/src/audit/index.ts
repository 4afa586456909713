import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The audit resource (REST /api/admin/audit, read-only). */
export default {
  list: lazy(() => import('./AuditList').then((m) => ({ default: m.AuditList }))),
  icon: HistoryIcon,
  recordRepresentation: (record: { action?: string; entityType?: string }) =>
    `${record.action ?? ''} ${record.entityType ?? ''}`.trim(),
};
