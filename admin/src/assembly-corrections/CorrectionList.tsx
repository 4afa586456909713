import { DataTable, SelectInput } from 'react-admin';
import type { TCorrectionRecord } from '../../../shared/assembly-corrections';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { changeSummary, KIND_LABELS, STATE_CHOICES, STATE_LABELS } from './correctionWords';

const filters = [
  <SelectInput key="state" source="state" label="State" choices={STATE_CHOICES} alwaysOn />,
];
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

/**
 * Testers' corrections of the inventory: what a tester found on an assembly (another
 * nameplate, or another assembly in its place), waiting for the organization first.
 */
export function CorrectionList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Testers' Corrections" />
      <ConsoleList
        resource="assembly-corrections"
        filters={picksOrganization ? [...filters, ORGANIZATION_FILTER] : filters}
        filterDefaultValues={{ state: 'pending' }}
        sort={{ field: 'createdAt', order: 'ASC' }}
        perPage={25}
      >
        <DataTable<TCorrectionRecord>
          aria-label="Testers' corrections"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="assemblyId" label="Assembly ID" />
          <DataTable.Col source="address" label="Address" disableSort />
          <DataTable.Col
            label="Found"
            render={(correction: TCorrectionRecord) => KIND_LABELS[correction.kind]}
          />
          <DataTable.Col label="On file → found" render={changeSummary} />
          <DataTable.Col source="proposedBy" label="Tester" disableSort />
          <DataTable.Col
            source="state"
            label="State"
            render={(correction: TCorrectionRecord) => STATE_LABELS[correction.state]}
          />
          <DataTable.Col source="createdAt" label="Proposed" />
        </DataTable>
      </ConsoleList>
    </>
  );
}
