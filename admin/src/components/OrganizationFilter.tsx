import { AutocompleteInput, ReferenceInput } from 'react-admin';

/**
 * A list's organization filter (an id), searched by word prefix. `source` and `alwaysOn` are
 * read by react-admin's filter form from the element.
 */
export function OrganizationFilter({ source }: { source: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput source={source} reference="organizations">
      <AutocompleteInput
        label="Organization"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 280 }}
      />
    </ReferenceInput>
  );
}
