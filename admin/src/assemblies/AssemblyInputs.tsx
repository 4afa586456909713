import { AutocompleteInput, DateInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { TLocationRecord } from '../../../shared/inventory-api';
import { ZAssemblyCreate } from '../../../shared/inventory-api';
import { emptyForNull, zodFieldValidator } from '../components/zodValidator';
import {
  HAZARD_CHOICES,
  NEXT_DUE_HELP,
  RESULT_CHOICES,
  SERVICE_CHOICES,
  STATUS_CHOICES,
  TYPE_CHOICES,
} from './assemblyWords';

/** What a create or an edit sends: the form's values with cleared texts as ''. */
export const assemblyRequest = (values: Record<string, unknown>) =>
  emptyForNull(values) as Record<string, unknown>;

/** The server's own rule, checked before sending. */
export const validateAssembly = zodFieldValidator(ZAssemblyCreate, assemblyRequest);

export const NEW_ASSEMBLY = { status: 'active' };

const locationText = (location: TLocationRecord) =>
  [location.accountNumber, location.address1, location.city].filter(Boolean).join(' — ');

/**
 * An assembly's fields, the same to add and to change: its location (searched by account number
 * or address), what it is, where it sits, its status (and what replaced it), its last test, and
 * the utility's own due date for an assembly with no test on file.
 */
export function AssemblyInputs() {
  const status = useWatch({ name: 'status' });
  return (
    <>
      <ReferenceInput source="locationId" reference="locations">
        <AutocompleteInput
          label="Location"
          optionText={locationText}
          filterToQuery={(q: string) => ({ q })}
          helperText="Search by account number or service address."
          fullWidth
        />
      </ReferenceInput>
      <TextInput source="assemblyId" label="Assembly ID" />
      <TextInput source="serial" label="Serial number" />
      <SelectInput source="type" label="Type" choices={TYPE_CHOICES} />
      <TextInput
        source="sizeInches"
        label="Size (inches)"
        format={(size) => (size == null ? '' : String(size))}
        helperText="Such as 3/4, 1 1/2 or 2."
      />
      <TextInput source="make" label="Make" />
      <TextInput source="model" label="Model" />
      <SelectInput source="hazard" label="Hazard" choices={HAZARD_CHOICES} />
      <SelectInput source="service" label="Service" choices={SERVICE_CHOICES} />
      <TextInput
        source="placement"
        label="Placement"
        helperText="Where it sits at the location."
        fullWidth
      />
      <DateInput source="installedOn" label="Installed on" />
      <SelectInput source="status" label="Status" choices={STATUS_CHOICES} />
      {status === 'replaced' ? (
        <TextInput
          source="replacedBy"
          label="Replaced by (assembly ID)"
          helperText="The assembly ID of the assembly that replaced it."
        />
      ) : null}
      <DateInput source="lastTestedOn" label="Last tested on" />
      <SelectInput source="lastResult" label="Last result" choices={RESULT_CHOICES} />
      <DateInput
        source="nextDueOn"
        label="Next test due (no test on file)"
        helperText={NEXT_DUE_HELP}
      />
    </>
  );
}
