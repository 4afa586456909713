import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button } from '@mui/material';
import {
  CreateButton,
  DataTable,
  LinkBase,
  SearchInput,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { ASSEMBLY_TYPE_LABELS, type TAssemblyType } from '../../../shared/assemblies';
import { COMPLIANCE_STATUS_LABELS } from '../../../shared/assembly-compliance';
import type { TAssemblyRecord } from '../../../shared/inventory-api';
import { ConsoleList } from '../components/ConsoleList';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { useAllowed } from '../components/useAllowed';
import { usePicksOrganization } from '../components/useSessionOrganization';
import {
  COMPLIANCE_CHOICES,
  HAZARD_CHOICES,
  HAZARD_LABELS,
  lastTestText,
  SERVICE_CHOICES,
  SERVICE_LABELS,
  STATUS_CHOICES,
  STATUS_LABELS,
  sizeText,
  TYPE_CHOICES,
} from './assemblyWords';

// A day reads whole, never broken at its hyphens.
const NO_WRAP = () => ({ whiteSpace: 'nowrap' }) as const;

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Assembly ID, serial, account or address"
    aria-label="Search by assembly ID, serial, account number or address"
  />,
  <SelectInput key="type" source="type" label="Type" choices={TYPE_CHOICES} alwaysOn />,
  <SelectInput key="hazard" source="hazard" label="Hazard" choices={HAZARD_CHOICES} alwaysOn />,
  <SelectInput key="service" source="service" label="Service" choices={SERVICE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="complianceStatus"
    source="complianceStatus"
    label="Compliance"
    choices={COMPLIANCE_CHOICES}
    alwaysOn
  />,
  <TextInput
    key="dueMonth"
    source="dueMonth"
    label="Next test due in"
    type="month"
    alwaysOn
    slotProps={{ inputLabel: { shrink: true } }}
  />,
];

/** The provider's staff narrow the list to one organization; its own people list only theirs. */
const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization" source="organization" alwaysOn />
);

function AssemblyActions() {
  const consolePath = useConsolePath();
  const mayImport = useAllowed('inventory-imports', 'create');
  return (
    <TopToolbar>
      <CreateButton label="Add an assembly" />
      {mayImport ? (
        <Button
          component={LinkBase}
          to={consolePath('/inventory-import')}
          startIcon={<UploadFileIcon />}
          size="small"
        >
          Import a spreadsheet
        </Button>
      ) : null}
    </TopToolbar>
  );
}

/**
 * The organization's assemblies: what each is, where, its compliance, its last test and its next
 * test due, filtered by type, hazard, service, status, compliance and due month, searched by ID,
 * serial, account number or address; the provider's staff see every organization's, or one's.
 */
export function AssemblyList() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <PageHeading title="Assemblies" />
      <ConsoleList
        resource="assemblies"
        filters={picksOrganization ? [...filters, ORGANIZATION_FILTER] : filters}
        actions={<AssemblyActions />}
        sort={{ field: 'assemblyId', order: 'ASC' }}
        perPage={25}
        // An organization with no assemblies yet still gets its actions (add, import).
        empty={false}
      >
        <DataTable<TAssemblyRecord>
          aria-label="Assemblies"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="assemblyId" label="Assembly ID" />
          <DataTable.Col
            source="type"
            label="Type"
            render={(assembly: TAssemblyRecord) => (
              <abbr title={ASSEMBLY_TYPE_LABELS[assembly.type as TAssemblyType]}>
                {assembly.type}
              </abbr>
            )}
          />
          <DataTable.Col
            label="Size"
            render={(assembly: TAssemblyRecord) => sizeText(assembly.sizeInches)}
          />
          <DataTable.Col source="serial" label="Serial" />
          <DataTable.Col source="accountNumber" label="Account number" disableSort />
          <DataTable.Col source="address" label="Address" disableSort />
          <DataTable.Col
            label="Hazard"
            render={(assembly: TAssemblyRecord) => HAZARD_LABELS[assembly.hazard]}
          />
          <DataTable.Col
            label="Service"
            render={(assembly: TAssemblyRecord) => SERVICE_LABELS[assembly.service]}
          />
          <DataTable.Col
            source="status"
            label="Status"
            render={(assembly: TAssemblyRecord) => STATUS_LABELS[assembly.status]}
          />
          <DataTable.Col
            source="complianceStatus"
            label="Compliance"
            // Blank with none (out of service, or not yet decided): the Status column says which.
            render={(assembly: TAssemblyRecord) =>
              assembly.complianceStatus ? COMPLIANCE_STATUS_LABELS[assembly.complianceStatus] : ''
            }
          />
          <DataTable.Col
            source="lastTestedOn"
            label="Last tested / result"
            cellSx={NO_WRAP}
            render={(assembly: TAssemblyRecord) =>
              lastTestText(assembly.lastTestedOn, assembly.lastResult)
            }
          />
          <DataTable.Col
            source="nextDueOn"
            label="Next test due"
            cellSx={NO_WRAP}
            render={(assembly: TAssemblyRecord) => assembly.nextDueOn ?? 'Not known'}
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
