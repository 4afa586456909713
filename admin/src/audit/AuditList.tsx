import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DateField,
  ReferenceField,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { z } from 'zod';
import type { ZAdminAuditResponse } from '../../../shared/admin-responses';
import { AUDIT_ACTIONS, AUDITED_ENTITIES } from '../../../shared/audit';
import { ORGANIZATION_ROLE_LABELS } from '../../../shared/organization-roles';
import { STAFF_ROLE_LABELS } from '../../../shared/staff-roles';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { usePicksOrganization } from '../components/useSessionOrganization';

type TAuditEntry = z.infer<typeof ZAdminAuditResponse>;

const ROLE_LABELS: Record<string, string> = { ...STAFF_ROLE_LABELS, ...ORGANIZATION_ROLE_LABELS };

/** The role they acted in: a provider staff role or an organization's; none outside the console. */
const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role] ?? role) : '');

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

/** The provider's staff narrow the log to one organization; its own people read only theirs. */
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

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
 * Audit log: what staff did (changes, sign-ins, sign-outs, revocations: who, in which role, when,
 * what), newest first, filterable by staff member, action and entity; for the provider's staff,
 * the organization each change concerns, and a filter by it. An organization's people read their organization's.
 */
export function AuditList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Audit Log" />
      <ConsoleList
        resource="audit"
        filters={picksOrganization ? [...filters, ORGANIZATION_FILTER] : filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
      >
        <DataTable bulkActionButtons={false} rowClick="expand" expand={<Change />}>
          <DataTable.Col source="createdAt" label="When">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="staffEmail" label="Who" disableSort />
          <DataTable.Col
            source="staffRole"
            label="Role"
            disableSort
            render={(entry: TAuditEntry) => roleLabel(entry.staffRole)}
          />
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
          {picksOrganization ? (
            <DataTable.Col source="organizationId" label="Organization" disableSort>
              <ReferenceField
                source="organizationId"
                reference="organizations"
                link={false}
                emptyText="—"
              >
                <TextField source="name" />
              </ReferenceField>
            </DataTable.Col>
          ) : null}
        </DataTable>
      </ConsoleList>
    </>
  );
}
