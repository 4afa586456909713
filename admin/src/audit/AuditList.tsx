import { Box, Typography } from '@mui/material';
import { DataTable, DateField, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { AUDIT_ACTIONS, AUDITED_ENTITIES } from '../../../shared/audit';
import { ConsoleList } from '../components/ConsoleList';
import { PageHeading } from '../components/PageHeading';

const choices = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

const filters = [
  <TextInput key="staffEmail" source="staffEmail" label="Staff member (email)" alwaysOn />,
  <SelectInput
    key="action"
    source="action"
    label="Action"
    choices={choices(AUDIT_ACTIONS)}
    alwaysOn
  />,
  <SelectInput
    key="entityType"
    source="entityType"
    label="Entity"
    choices={choices(AUDITED_ENTITIES)}
    alwaysOn
  />,
  <TextInput key="entityId" source="entityId" label="Entity Id" alwaysOn />,
];

function Change() {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
      {(['before', 'after'] as const).map((side) => (
        <Box key={side}>
          <Typography variant="subtitle2" component="h3">
            {side === 'before' ? 'Before' : 'After'}
          </Typography>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontSize: 12, m: 0 }}>
            {record[side] ? JSON.stringify(record[side], null, 2) : '—'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Audit log: what staff did (changes, sign-ins, sign-outs, revocations: who, when, what), newest
 * first, filterable by staff member, action and entity.
 */
export function AuditList() {
  return (
    <>
      <PageHeading title="Audit Log" />
      <ConsoleList
        resource="audit"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
      >
        <DataTable bulkActionButtons={false} rowClick="expand" expand={<Change />}>
          <DataTable.Col source="createdAt" label="When">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="staffEmail" label="Who" disableSort />
          <DataTable.Col
            source="action"
            label="Action"
            disableSort
            render={(entry) =>
              AUDIT_ACTIONS[entry.action as keyof typeof AUDIT_ACTIONS] ?? String(entry.action)
            }
          />
          <DataTable.Col source="entityType" label="Entity" disableSort />
          <DataTable.Col
            source="entityId"
            label="Entity Id"
            disableSort
            render={(entry) => String(entry.entityId ?? '')}
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
