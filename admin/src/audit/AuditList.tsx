import { Alert, Box, Typography } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  type RaRecord,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { PageHeading } from '../components/PageHeading';

export const AUDITED_ENTITIES = [
  { id: 'organization', name: 'Organization' },
  { id: 'agency', name: 'Certification agency' },
  { id: 'type', name: 'Certification type' },
  { id: 'agency_type', name: 'Agency-type link' },
  { id: 'user', name: 'User' },
  { id: 'registration', name: 'Registration' },
];

const filters = [
  <SelectInput
    key="entityType"
    source="entityType"
    label="Entity"
    choices={AUDITED_ENTITIES}
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

/** Audit log: staff changes (who, when, what), newest first, filterable by entity. */
export function AuditList() {
  return (
    <>
      <PageHeading title="Audit Log" />
      <List
        resource="audit"
        title={false}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
        queryOptions={{ onError: () => undefined }}
        error={<Alert severity="error">{MESSAGES.apiRequestError}</Alert>}
      >
        <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Change />}>
          <DateField source="createdAt" label="When" showTime />
          <TextField source="staffEmail" label="Who" />
          <TextField source="action" label="Action" />
          <TextField source="entityType" label="Entity" />
          <FunctionField
            source="entityId"
            label="Entity Id"
            render={(record: RaRecord) => String(record.entityId ?? '')}
          />
        </Datagrid>
      </List>
    </>
  );
}
