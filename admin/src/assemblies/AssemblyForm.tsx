import { Create, Edit, SimpleForm } from 'react-admin';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { EditLoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { AssemblyInputs, assemblyRequest, NEW_ASSEMBLY, validateAssembly } from './AssemblyInputs';

function AssemblyFormBody() {
  return (
    <SimpleForm
      defaultValues={NEW_ASSEMBLY}
      validate={validateAssembly}
      noValidate
      disableInvalidFormNotification
    >
      <FormErrorSummary />
      <AssemblyInputs />
    </SimpleForm>
  );
}

/** Add an assembly (/assemblies/create; from a location's page, at that location). */
export function AssemblyCreate() {
  return (
    <>
      <PageHeading title="Add an Assembly" />
      <Create resource="assemblies" title={false} redirect="show" transform={assemblyRequest}>
        <AssemblyFormBody />
      </Create>
    </>
  );
}

/** Change an assembly (/assemblies/{id}); saved before leaving for its page. */
export function AssemblyEdit() {
  return (
    <>
      <PageHeading title="Edit Assembly" />
      <Edit
        resource="assemblies"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect="show"
        transform={assemblyRequest}
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<EditLoadFailure title="Edit Assembly" />}
      >
        <AssemblyFormBody />
      </Edit>
    </>
  );
}
