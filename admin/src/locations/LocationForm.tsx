import { Create, Edit, SimpleForm } from 'react-admin';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { EditLoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { LocationInputs, locationRequest, validateLocation } from './LocationInputs';

function LocationFormBody({ creating = false }: { creating?: boolean }) {
  return (
    <SimpleForm validate={validateLocation} noValidate disableInvalidFormNotification>
      <FormErrorSummary />
      <LocationInputs creating={creating} />
    </SimpleForm>
  );
}

/** Add a location (/locations/create). */
export function LocationCreate() {
  return (
    <>
      <PageHeading title="Add a Location" />
      <Create resource="locations" title={false} redirect="show" transform={locationRequest}>
        <LocationFormBody creating />
      </Create>
    </>
  );
}

/** Change a location (/locations/{id}); saved before leaving for its page. */
export function LocationEdit() {
  return (
    <>
      <PageHeading title="Edit Location" />
      <Edit
        resource="locations"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect="show"
        transform={locationRequest}
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<EditLoadFailure title="Edit Location" />}
      >
        <LocationFormBody />
      </Edit>
    </>
  );
}
