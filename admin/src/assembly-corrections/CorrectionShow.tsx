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
import type { TCorrectionRecord } from '../../../shared/assembly-corrections';
import { retryUnlessAnswered, ShowLoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { RecordHistory } from '../components/RecordHistory';
import { useAllowed } from '../components/useAllowed';
import { CorrectionComparison } from './CorrectionComparison';
import { KIND_LABELS, STATE_LABELS } from './correctionWords';

function CorrectionHeading() {
  const correction = useRecordContext<TCorrectionRecord>();
  return (
    <PageHeading
      title={correction ? `Correction of assembly ${correction.assemblyId}` : 'Correction'}
    />
  );
}

/** Accept or refuse, while it waits, for those who may decide. */
function DecideButton() {
  const correction = useRecordContext<TCorrectionRecord>();
  const mayDecide = useAllowed('assembly-corrections', 'edit');
  return mayDecide && correction?.state === 'pending' ? (
    <EditButton label="Accept or refuse" />
  ) : null;
}

function CorrectionHistory() {
  const correction = useRecordContext<TCorrectionRecord>();
  return correction ? (
    <RecordHistory entityType="assembly_correction" entityId={correction.id} />
  ) : null;
}

/** One tester's correction: the assembly, what was found beside what is on file, the decision. */
export function CorrectionShow() {
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <Show
        resource="assembly-corrections"
        title={false}
        actions={
          <TopToolbar>
            <DecideButton />
          </TopToolbar>
        }
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<ShowLoadFailure title="Correction" />}
      >
        <CorrectionHeading />
        <SimpleShowLayout>
          <ReferenceField
            source="assemblyRef"
            reference="assemblies"
            label="Assembly"
            link="show"
          />
          <TextField source="address" label="Address" />
          <FunctionField<TCorrectionRecord>
            label="Found"
            render={(correction) => KIND_LABELS[correction.kind]}
          />
          <CorrectionComparison />
          <TextField source="note" label="The tester's note" emptyText="—" />
          <TextField source="proposedBy" label="Tester" emptyText="—" />
          <TextField source="createdAt" label="Proposed" />
          <FunctionField<TCorrectionRecord>
            label="State"
            render={(correction) => STATE_LABELS[correction.state]}
          />
          <TextField source="reason" label="Reason" emptyText="—" />
          <TextField source="decidedBy" label="Decided by" emptyText="—" />
          <ReferenceField
            source="replacementRef"
            reference="assemblies"
            label="The assembly in its place"
            link="show"
            emptyText="—"
          />
        </SimpleShowLayout>
        <CorrectionHistory />
      </Show>
    </Box>
  );
}
