import { Box, Link as MuiLink } from '@mui/material';
import { DataTable, LinkBase, SearchInput } from 'react-admin';
import type { TOrganizationStatus } from '../../../shared/staff';
import { ConsoleList } from '../components/ConsoleList';
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

interface OrganizationRow {
  id: number;
  name: string;
  createdAt: string;
  allowedUntil: string;
}

/**
 * Active or inactive organizations: REST /api/admin/organizations filtered by status, searched by
 * word prefix (q) on the server, paginated and sorted there.
 */
export function OrganizationStatusList({ status, title, accessLabel }: Props) {
  const consolePath = useConsolePath();
  return (
    <>
      <PageHeading title={title} />
      <ConsoleList
        resource="organizations"
        storeKey={`${status}Organizations`}
        filter={{ status }}
        filters={searchFilters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
      >
        <DataTable<OrganizationRow> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col
            source="createdAt"
            label="Created On"
            render={(organization) => isoDay(organization.createdAt)}
          />
          <DataTable.Col
            source="allowedUntil"
            label={accessLabel}
            render={(organization) => isoDay(organization.allowedUntil)}
          />
          <DataTable.Col
            label="View"
            disableSort
            render={(organization) => (
              <MuiLink component={LinkBase} to={consolePath(organizationPath(organization.name))}>
                View
                <Box component="span" sx={srOnly}>
                  {` ${organization.name}`}
                </Box>
              </MuiLink>
            )}
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
