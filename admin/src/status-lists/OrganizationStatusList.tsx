import { Alert, Box, Link as MuiLink } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  LinkBase,
  List,
  type RaRecord,
  SearchInput,
  TextField,
} from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import type { TOrganizationStatus } from '../../../shared/staff';
import { isoDay } from '../components/dates';
import { PageHeading } from '../components/PageHeading';
import { organizationPath, useConsolePath } from '../components/paths';
import { srOnly } from '../components/srOnly';

interface Props {
  status: TOrganizationStatus;
  title: string;
  /** 'Allowed Until' (active) or 'Access Expired On' (inactive). */
  accessLabel: string;
}

const searchFilters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Search by name"
    aria-label="Search by name"
  />,
];

/**
 * Active or inactive organizations: REST /api/admin/organizations filtered by status, searched by
 * word prefix (q) on the server, paginated and sorted there.
 */
export function OrganizationStatusList({ status, title, accessLabel }: Props) {
  const consolePath = useConsolePath();
  return (
    <>
      <PageHeading title={title} />
      <List
        resource="organizations"
        storeKey={`${status}Organizations`}
        filter={{ status }}
        filters={searchFilters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        exporter={false}
        actions={false}
        title={false}
        queryOptions={{ onError: () => undefined }}
        error={<Alert severity="error">{MESSAGES.apiRequestError}</Alert>}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="Name" />
          <FunctionField
            source="createdAt"
            label="Created On"
            render={(record: RaRecord) => isoDay(record.createdAt)}
          />
          <FunctionField
            source="allowedUntil"
            label={accessLabel}
            render={(record: RaRecord) => isoDay(record.allowedUntil)}
          />
          <FunctionField
            label="View"
            sortable={false}
            render={(record: RaRecord) => (
              <MuiLink component={LinkBase} to={consolePath(organizationPath(String(record.name)))}>
                View
                <Box component="span" sx={srOnly}>
                  {` ${String(record.name)}`}
                </Box>
              </MuiLink>
            )}
          />
        </Datagrid>
      </List>
    </>
  );
}
