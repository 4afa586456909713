import { Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { DataTable, DateField } from 'react-admin';
import type { z } from 'zod';
import type { ZAdminAuditResponse } from '../../../shared/admin-responses';
import { AUDIT_ACTIONS, type TAuditedEntity } from '../../../shared/audit';
import { SectionList } from './SectionList';

type TAuditEntry = z.infer<typeof ZAdminAuditResponse>;

const actionLabel = (action: string) =>
  AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;

/** The fields a change set to new values: what the audit entry's before and after differ in. */
function changedFields(entry: TAuditEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (!entry.before) return '';
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .join(', ');
}

interface Props {
  entityType: TAuditedEntity;
  entityId: number | string;
}

/** A record's history from the audit log, newest first: when, who, what, which fields. */
export function RecordHistory({ entityType, entityId }: Props) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3, maxWidth: 1200 }}>
      <Typography id={headingId} variant="h6" component="h2">
        History
      </Typography>
      <SectionList
        resource="audit"
        storeKey={false}
        filter={{ entityType, entityId: String(entityId) }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        emptyText="No changes recorded yet."
      >
        <DataTable<TAuditEntry> aria-label="History" bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="createdAt" label="When" disableSort>
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="staffEmail" label="Who" disableSort />
          <DataTable.Col
            label="What"
            render={(entry: TAuditEntry) => actionLabel(String(entry.action))}
          />
          <DataTable.Col label="Fields changed" render={changedFields} />
        </DataTable>
      </SectionList>
    </Paper>
  );
}
