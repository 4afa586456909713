import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import { useOrganizationSearch } from '../components/useOrganizationSearch';
import type { OrganizationMatch } from '../providers/types';

interface Props {
  value: OrganizationMatch | null;
  onChange(organization: OrganizationMatch | null): void;
  error?: string;
}

/** An organization chosen from the search list (typing alone does not choose one). */
export function OrganizationPicker({ value, onChange, error }: Props) {
  const [input, setInput] = useState('');
  const search = useOrganizationSearch(input);
  const options =
    value && !search.matches.some((m) => m.id === value.id)
      ? [value, ...search.matches]
      : search.matches;
  return (
    <Autocomplete
      options={options}
      value={value}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => String(option.id) === String(selected.id)}
      filterOptions={(all) => all}
      loading={search.searching}
      noOptionsText={
        search.failed
          ? MESSAGES.orgSearchFailed
          : search.searched
            ? MESSAGES.orgSearchEmpty
            : 'Type to search organizations.'
      }
      sx={{ minWidth: 280, flex: 1 }}
      renderInput={(params) => (
        <TextField {...params} label="Organization" error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
