import { AutocompleteInput, ReferenceInput } from 'react-admin';

interface Props {
  source: string;
  alwaysOn?: boolean;
  helperText?: string;
}

/**
 * An organization (its id) searched by word prefix: a list's filter or a form's field (empty:
 * null). `source` and `alwaysOn` are read by react-admin's filter form from the element.
 */
export function OrganizationFilter({ source, helperText }: Props) {
  return (
    <ReferenceInput source={source} reference="organizations">
      <AutocompleteInput
        label="Organization"
        optionText="name"
        filterToQuery={(q: string) => ({ q })}
        helperText={helperText}
        sx={{ minWidth: 280 }}
      />
    </ReferenceInput>
  );
}
