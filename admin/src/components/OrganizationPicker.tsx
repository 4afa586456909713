import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import type { OrganizationMatch } from '../providers/types';
import { useDebounced } from './useDebounced';

interface Props {
  value: OrganizationMatch | null;
  onChange(organization: OrganizationMatch | null): void;
  error?: string;
}

const BY_NAME = { field: 'name', order: 'ASC' } as const;
const MATCHES_SHOWN = { page: 1, perPage: 50 };

/**
 * An organization chosen from the organizations whose name has a word starting with what is
 * typed (typing alone does not choose one).
 */
export function OrganizationPicker({ value, onChange, error }: Props) {
  const [input, setInput] = useState('');
  const typed = useDebounced(input.trim());
  const search = useGetList<OrganizationMatch>(
    'organizations',
    { filter: { q: typed }, sort: BY_NAME, pagination: MATCHES_SHOWN },
    { enabled: typed !== '' },
  );
  const matches = typed === '' ? [] : (search.data ?? []);
  const options =
    value && !matches.some((match) => match.id === value.id) ? [value, ...matches] : matches;
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
      loading={search.isFetching}
      noOptionsText={
        search.error
          ? MESSAGES.orgSearchFailed
          : typed
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
