import {
  Edit,
  RadioButtonGroupInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  type TCorrectionDecision,
  type TCorrectionRecord,
  ZCorrectionDecision,
} from '../../../shared/assembly-corrections';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { EditLoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { zodFieldValidator } from '../components/zodValidator';
import { CorrectionComparison } from './CorrectionComparison';
import { KIND_LABELS } from './correctionWords';

const DECISIONS = [
  { id: 'accept', name: 'Accept: change the assembly on file' },
  { id: 'refuse', name: 'Refuse: keep the assembly as it is' },
];

/** The decision alone, as the server reads it. */
const decisionRequest = (data: Record<string, unknown>): Partial<TCorrectionDecision> => ({
  decision: data.decision as TCorrectionDecision['decision'],
  reason: typeof data.reason === 'string' ? data.reason : '',
  ...(data.newAssemblyId ? { newAssemblyId: String(data.newAssemblyId) } : {}),
});

function DecisionInputs() {
  const correction = useRecordContext<TCorrectionRecord>();
  const decision = useWatch({ name: 'decision' });
  if (!correction) return null;
  return (
    <>
      <p>{KIND_LABELS[correction.kind]}</p>
      <CorrectionComparison />
      <RadioButtonGroupInput source="decision" label="Decision" choices={DECISIONS} />
      {correction.kind === 'replacement' && decision === 'accept' ? (
        <TextInput
          source="newAssemblyId"
          label="The new assembly's ID"
          helperText="Your own number for the assembly now in its place; the old one is marked replaced by it."
        />
      ) : null}
      <TextInput
        source="reason"
        label={decision === 'refuse' ? 'Why it is refused' : 'Note (optional)'}
        multiline
        minRows={2}
      />
    </>
  );
}

/** Accept or refuse a tester's correction (/assembly-corrections/{id}), once. */
export function CorrectionDecision() {
  return (
    <>
      <PageHeading title="Accept or Refuse a Correction" />
      <Edit
        resource="assembly-corrections"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect="show"
        transform={decisionRequest}
        queryOptions={{
          onError: () => undefined,
          retry: retryUnlessAnswered,
          // The record's own reason is the decision's; a new decision starts empty.
          select: (correction: TCorrectionRecord) => ({ ...correction, reason: '' }),
        }}
        error={<EditLoadFailure title="Accept or Refuse a Correction" />}
      >
        <SimpleForm
          defaultValues={{ decision: 'accept', newAssemblyId: '' }}
          validate={zodFieldValidator(ZCorrectionDecision, decisionRequest)}
          noValidate
          disableInvalidFormNotification
          // Accepting as proposed is a decision too: the form need not be changed to save it.
          toolbar={
            <Toolbar>
              <SaveButton alwaysEnable />
            </Toolbar>
          }
        >
          <FormErrorSummary />
          <DecisionInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
