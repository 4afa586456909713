import { Box } from '@mui/material';
import {
  EditButton,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ASSEMBLY_TYPE_LABELS } from '../../../shared/assemblies';
import type { TAssemblyRecord } from '../../../shared/inventory-api';
import { retryUnlessAnswered, ShowLoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { RecordHistory } from '../components/RecordHistory';
import { AssemblyTestReports } from '../test-reports/AssemblyTestReports';
import { AssemblyComplianceHistory } from './AssemblyComplianceHistory';
import {
  complianceText,
  HAZARD_LABELS,
  lastTestText,
  SERVICE_LABELS,
  STATUS_LABELS,
  sizeText,
} from './assemblyWords';

function AssemblyHeading() {
  const assembly = useRecordContext<TAssemblyRecord>();
  return <PageHeading title={assembly ? `Assembly ${assembly.assemblyId}` : 'Assembly'} />;
}

function AssemblyHistory() {
  const assembly = useRecordContext<TAssemblyRecord>();
  return assembly ? <RecordHistory entityType="assembly" entityId={assembly.id} /> : null;
}

const text = (render: (assembly: TAssemblyRecord) => string) => (assembly: TAssemblyRecord) =>
  render(assembly) || '—';

/**
 * One assembly (/assemblies/{id}/show): what it is, where, its compliance, its tests and due
 * date, its compliance history and its record's history.
 */
export function AssemblyShow() {
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <Show
        resource="assemblies"
        title={false}
        actions={
          <TopToolbar>
            <EditButton label="Edit" />
          </TopToolbar>
        }
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<ShowLoadFailure title="Assembly" />}
      >
        <AssemblyHeading />
        <SimpleShowLayout>
          <ReferenceField source="locationId" reference="locations" label="Location" link="show" />
          <TextField source="assemblyId" label="Assembly ID" />
          <TextField source="serial" label="Serial number" emptyText="—" />
          <FunctionField<TAssemblyRecord>
            label="Type"
            render={(assembly) => ASSEMBLY_TYPE_LABELS[assembly.type]}
          />
          <FunctionField<TAssemblyRecord>
            label="Size"
            render={text((assembly) => sizeText(assembly.sizeInches))}
          />
          <TextField source="make" label="Make" emptyText="—" />
          <TextField source="model" label="Model" emptyText="—" />
          <FunctionField<TAssemblyRecord>
            label="Hazard"
            render={(assembly) => HAZARD_LABELS[assembly.hazard]}
          />
          <FunctionField<TAssemblyRecord>
            label="Service"
            render={(assembly) => SERVICE_LABELS[assembly.service]}
          />
          <TextField source="placement" label="Placement" emptyText="—" />
          <TextField source="installedOn" label="Installed on" emptyText="—" />
          <FunctionField<TAssemblyRecord>
            label="Status"
            render={(assembly) =>
              assembly.status === 'replaced' && assembly.replacedBy
                ? `${STATUS_LABELS.replaced} by ${assembly.replacedBy}`
                : STATUS_LABELS[assembly.status]
            }
          />
          <FunctionField<TAssemblyRecord>
            label="Compliance"
            render={(assembly) => complianceText(assembly.complianceStatus, assembly.retestBy)}
          />
          <FunctionField<TAssemblyRecord>
            label="Last tested / result"
            render={(assembly) => lastTestText(assembly.lastTestedOn, assembly.lastResult)}
          />
          <TextField source="nextDueOn" label="Next test due" emptyText="Not known" />
        </SimpleShowLayout>
        <AssemblyTestReports />
        <AssemblyComplianceHistory />
        <AssemblyHistory />
      </Show>
    </Box>
  );
}
