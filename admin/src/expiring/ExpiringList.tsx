import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, SelectInput, useListContext } from 'react-admin';
import type { TAdminExpiringResponse } from '../../../shared/admin-responses';
import { EXPIRING_WINDOW_KEYS, EXPIRING_WINDOWS } from '../../../shared/reminders';
import { messageOf, useStaffApi } from '../components/api';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { saveFile } from '../components/saveFile';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { expiryChip, itemName, reminderSent } from './expiringWords';

const WINDOW_CHOICES = EXPIRING_WINDOW_KEYS.map((id) => ({ id, name: EXPIRING_WINDOWS[id].label }));
const KIND_CHOICES = [
  { id: 'certification', name: 'Certifications' },
  { id: 'calibration', name: 'Test kit calibrations' },
  { id: 'credential', name: 'Credentials' },
];

const WINDOW_FILTER = (
  <SelectInput
    key="within"
    source="within"
    label="Show"
    choices={WINDOW_CHOICES}
    alwaysOn
    emptyText="Expired or due within 30 days"
    emptyValue=""
  />
);
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);
const KIND_FILTER = (
  <SelectInput key="kind" source="kind" label="Item" choices={KIND_CHOICES} alwaysOn />
);

/** Downloads the rows of the list's current filter (every page) as CSV. */
function DownloadCsv() {
  const { filterValues } = useListContext();
  const api = useStaffApi();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const file = await api.downloadExpiring(filterValues);
      saveFile(file.blob, file.filename);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ my: 1 }}>
      <Button startIcon={<DownloadIcon />} onClick={download} disabled={busy}>
        Download CSV
      </Button>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
    </Box>
  );
}

const EMPTY = <Typography sx={{ p: 2 }}>Nothing is expired or due in this period.</Typography>;

/**
 * Expiring: certifications, test-kit calibrations and credentials of active registrations that
 * are expired or due within 30, 60 or 90 days, for one organization or all, by due date, paged by the server.
 * An organization's person's are their organization's: no organization to filter or show.
 */
export function ExpiringList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Expiring" />
      <ConsoleList
        resource="expiring"
        filters={
          picksOrganization
            ? [WINDOW_FILTER, ORGANIZATION_FILTER, KIND_FILTER]
            : [WINDOW_FILTER, KIND_FILTER]
        }
        filterDefaultValues={{ within: '30' }}
        sort={{ field: 'dueOn', order: 'ASC' }}
        perPage={25}
        empty={EMPTY}
      >
        <DownloadCsv />
        <DataTable<TAdminExpiringResponse>
          aria-label="Expired and expiring certifications, calibrations and credentials"
          bulkActionButtons={false}
          rowClick={(_id, _resource, row) => `/users/${row.userId}`}
          empty={EMPTY}
        >
          <DataTable.Col source="dueOn" label="Due Date" />
          <DataTable.Col
            label="Days Left"
            disableSort
            render={(row: TAdminExpiringResponse) => <Chip size="small" {...expiryChip(row)} />}
          />
          <DataTable.Col
            label="Person"
            disableSort
            render={(row) => `${row.firstName} ${row.lastName}`}
          />
          <DataTable.Col source="email" label="Email" disableSort />
          <DataTable.Col source="companyName" label="Company" disableSort />
          {picksOrganization ? (
            <DataTable.Col source="organizationName" label="Organization" disableSort />
          ) : null}
          <DataTable.Col label="Item" disableSort render={itemName} />
          <DataTable.Col label="Last Reminder" disableSort render={reminderSent} />
        </DataTable>
      </ConsoleList>
    </>
  );
}
