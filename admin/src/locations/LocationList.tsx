import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import type { TLocationRecord } from '../../../shared/inventory-api';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { usePicksOrganization } from '../components/useSessionOrganization';

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Account number or address"
    aria-label="Search by account number or address"
  />,
];

/** The provider's staff narrow the list to one organization; its own people list only theirs. */
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

/** The organization's locations: account, service address and how many assemblies each holds. */
export function LocationList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Locations" />
      <ConsoleList
        resource="locations"
        filters={picksOrganization ? [...filters, ORGANIZATION_FILTER] : filters}
        actions={
          <TopToolbar>
            <CreateButton label="Add a location" />
          </TopToolbar>
        }
        sort={{ field: 'accountNumber', order: 'ASC' }}
        perPage={25}
        empty={false}
      >
        <DataTable<TLocationRecord>
          aria-label="Locations"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="accountNumber" label="Account number" />
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col
            source="address1"
            label="Address"
            render={(location: TLocationRecord) =>
              [location.address1, location.address2].filter(Boolean).join(', ')
            }
          />
          <DataTable.Col source="city" label="City" />
          <DataTable.NumberCol source="assemblyCount" label="Assemblies" disableSort />
        </DataTable>
      </ConsoleList>
    </>
  );
}
