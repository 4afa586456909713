import { DataTable, SearchInput, SelectInput } from 'react-admin';
import { ASSEMBLY_TYPE_LABELS } from '../../../shared/assemblies';
import type { TTestReportReviewRecord } from '../../../shared/test-report-review';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { usePicksOrganization } from '../components/useSessionOrganization';
import {
  KIND_CHOICES,
  KIND_LABELS,
  RESULT_CHOICES,
  RESULT_LABELS,
  STATE_CHOICES,
  STATE_LABELS,
} from './testReportWords';

// A day reads whole, never broken at its hyphens.
const NO_WRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Assembly ID or tester"
    aria-label="Search by assembly ID or tester name"
  />,
  <SelectInput key="state" source="state" label="State" choices={STATE_CHOICES} alwaysOn />,
  <SelectInput key="result" source="result" label="Result" choices={RESULT_CHOICES} alwaysOn />,
  <SelectInput key="kind" source="kind" label="Kind of test" choices={KIND_CHOICES} alwaysOn />,
];
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

/**
 * The organization's test-report queue: the reports that wait for a decision, oldest first, by
 * default; every report by state, result and kind of test, searched by assembly ID or tester.
 */
export function TestReportList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Test Reports" />
      <ConsoleList
        resource="test-reports"
        filters={picksOrganization ? [...filters, ORGANIZATION_FILTER] : filters}
        filterDefaultValues={{ state: 'pending' }}
        sort={{ field: 'filedAt', order: 'ASC' }}
        perPage={25}
      >
        <DataTable<TTestReportReviewRecord>
          aria-label="Test reports"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="assemblyId" label="Assembly ID" />
          <DataTable.Col
            label="Type"
            render={(report: TTestReportReviewRecord) => (
              <abbr title={ASSEMBLY_TYPE_LABELS[report.assemblyType]}>{report.assemblyType}</abbr>
            )}
          />
          <DataTable.Col source="address" label="Address" disableSort />
          <DataTable.Col
            label="Kind of test"
            render={(report: TTestReportReviewRecord) => KIND_LABELS[report.kind]}
          />
          <DataTable.Col source="testDate" label="Tested on" cellSx={NO_WRAP} />
          <DataTable.Col
            label="Result"
            render={(report: TTestReportReviewRecord) => RESULT_LABELS[report.result]}
          />
          <DataTable.Col source="testerName" label="Tester" disableSort />
          <DataTable.Col
            source="state"
            label="State"
            render={(report: TTestReportReviewRecord) => STATE_LABELS[report.state]}
          />
          <DataTable.Col
            source="filedAt"
            label="Filed"
            cellSx={NO_WRAP}
            render={(report: TTestReportReviewRecord) => report.filedAt.slice(0, 10)}
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
