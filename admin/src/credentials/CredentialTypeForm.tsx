import {
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Edit,
  RadioButtonGroupInput,
  required,
  SimpleForm,
  TextInput,
} from 'react-admin';
import {
  CREDENTIAL_FACT_LABELS,
  CREDENTIAL_HOLDER_LABELS,
  CREDENTIAL_TYPE_MESSAGES,
} from '../../../shared/credential-types';
import { CREDENTIAL_FACTS, CREDENTIAL_HOLDERS } from '../../../shared/requirements';
import { PageHeading } from '../components/PageHeading';

const HOLDER_CHOICES = CREDENTIAL_HOLDERS.map((id) => ({ id, name: CREDENTIAL_HOLDER_LABELS[id] }));
const FACT_CHOICES = CREDENTIAL_FACTS.map((id) => ({ id, name: CREDENTIAL_FACT_LABELS[id] }));

/** The fields of a credential type, the same to add and to change. */
function CredentialTypeFields() {
  return (
    <SimpleForm defaultValues={{ holder: 'tester', expires: true, facts: [] }}>
      <TextInput
        source="name"
        label="Name"
        validate={required(CREDENTIAL_TYPE_MESSAGES.nameRequired)}
      />
      <RadioButtonGroupInput
        source="holder"
        label="Held by"
        choices={HOLDER_CHOICES}
        validate={required(CREDENTIAL_TYPE_MESSAGES.holderInvalid)}
      />
      <BooleanInput source="expires" label="Expires" />
      <CheckboxGroupInput source="facts" label="Facts it carries" choices={FACT_CHOICES} />
    </SimpleForm>
  );
}

/** Add a credential type (/credential-types/create). */
export function CredentialTypeCreate() {
  return (
    <>
      <PageHeading title="Add Credential Type" />
      <Create resource="credential-types" title={false} redirect="list">
        <CredentialTypeFields />
      </Create>
    </>
  );
}

/** Change a credential type (/credential-types/{id}); the change is saved before leaving. */
export function CredentialTypeEdit() {
  return (
    <>
      <PageHeading title="Edit Credential Type" />
      <Edit
        resource="credential-types"
        title={false}
        mutationMode="pessimistic"
        redirect="list"
        actions={false}
      >
        <CredentialTypeFields />
      </Edit>
    </>
  );
}
