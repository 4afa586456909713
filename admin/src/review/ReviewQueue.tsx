import { Chip, Typography } from '@mui/material';
import { DataTable, SelectInput } from 'react-admin';
import { STANDING_LABELS, STANDINGS } from '../../../shared/standing';
import { ConsoleList } from '../components/ConsoleList';
import { dateTime } from '../components/dates';
import { KeyboardRowsBody } from '../components/KeyboardRowsBody';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { StandingChip } from '../components/StandingChip';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { type TReview, waitedFor } from './reviewWords';

const USER_TYPE_CHOICES = [
  { id: 'tester', name: 'Tester' },
  { id: 'admin', name: 'Admin' },
];

const STANDING_CHOICES = STANDINGS.map((id) => ({ id, name: STANDING_LABELS[id] }));

const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

const filters = [
  <SelectInput
    key="userType"
    source="userType"
    label="User Type"
    choices={USER_TYPE_CHOICES}
    alwaysOn
  />,
  <SelectInput
    key="standing"
    source="standing"
    label="Standing"
    choices={STANDING_CHOICES}
    alwaysOn
  />,
];

/**
 * The Review Queue: registrations waiting for review (new and resubmitted), oldest first,
 * filtered by organization, user type and standing, paged by the server. A row opens its review.
 * An organization's person's queue is their organization's: no organization to filter or show.
 */
export function ReviewQueue() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Review Queue" />
      <ConsoleList
        resource="review"
        filters={picksOrganization ? [ORGANIZATION_FILTER, ...filters] : filters}
        sort={{ field: 'queuedAt', order: 'ASC' }}
        perPage={25}
        empty={<Typography sx={{ p: 2 }}>No registrations are waiting for review.</Typography>}
      >
        <DataTable<TReview>
          aria-label="Registrations waiting for review"
          bulkActionButtons={false}
          rowClick="edit"
          body={KeyboardRowsBody}
          empty={<Typography sx={{ p: 2 }}>No registrations are waiting for review.</Typography>}
        >
          <DataTable.Col
            source="queuedAt"
            label="Waiting"
            render={(row) => <span title={dateTime(row.queuedAt)}>{waitedFor(row.queuedAt)}</span>}
          />
          <DataTable.Col
            label="Name"
            disableSort
            render={(row) => `${row.firstName} ${row.lastName}`}
          />
          <DataTable.Col source="email" label="Email" disableSort />
          <DataTable.Col
            source="userType"
            label="User Type"
            disableSort
            render={(row) => (row.userType === 'admin' ? 'Admin' : 'Tester')}
          />
          {picksOrganization ? (
            <DataTable.Col source="organizationName" label="Organization" disableSort />
          ) : null}
          <DataTable.Col source="companyName" label="Company" disableSort />
          <DataTable.Col
            source="standing"
            label="Standing"
            disableSort
            render={(row) => <StandingChip standing={row.standing} />}
          />
          <DataTable.Col
            label="Submission"
            disableSort
            render={(row) =>
              row.reregistered ? (
                <Chip size="small" color="primary" label="Registering again" />
              ) : row.fromAccount ? (
                <Chip size="small" color="secondary" label="From My registrations" />
              ) : row.resubmitted ? (
                <Chip size="small" color="info" label="Resubmitted" />
              ) : (
                <Chip size="small" variant="outlined" label="New" />
              )
            }
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
