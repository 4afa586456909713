import { Box, Button, Paper, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useGetOne } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { LIMITS } from '../../../shared/constants';
import { STANDING_LABELS, STANDINGS, type TStanding } from '../../../shared/standing';
import { OrganizationPicker } from '../components/OrganizationPicker';
import { SessionOrganizationName } from '../components/SessionOrganizationName';
import { useAllowed } from '../components/useAllowed';
import { useSessionOrganization } from '../components/useSessionOrganization';
import type { OrganizationMatch } from '../providers/types';
import type { FindUsersQuery } from './findUsersAddress';

type Scope = 'all' | 'organization';

interface Props {
  query: FindUsersQuery;
  onSearch(query: FindUsersQuery): void;
  onAddUser(): void;
}

/**
 * The spec's search form: All Organizations / An Organization, Name, the organization search
 * (with the registrations' standing to list) and a Search button that checks the choice before
 * the list follows it. An organization's person searches their own organization, named instead
 * of the choice and the search.
 */
export function FindUsersForm({ query, onSearch, onAddUser }: Props) {
  const mayAdd = useAllowed('users', 'create');
  const ownOrganization = useSessionOrganization();
  const picksOrganization = ownOrganization === null;
  const { data: organization } = useGetOne<OrganizationMatch>(
    'organizations',
    { id: Number(query.organizationId) },
    { enabled: picksOrganization && query.organizationId !== '' },
  );
  const [chosenScope, setScope] = useState<Scope>(query.organizationId ? 'organization' : 'all');
  const scope: Scope = picksOrganization ? chosenScope : 'organization';
  const [name, setName] = useState(query.name);
  const [standing, setStanding] = useState<TStanding | ''>(query.standing ?? '');
  const [picked, setPicked] = useState<OrganizationMatch | null>(null);
  const [errors, setErrors] = useState<{ organization?: string; name?: string }>({});

  useEffect(() => {
    if (organization && !picked) setPicked({ id: organization.id, name: organization.name });
  }, [organization, picked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (picksOrganization && scope === 'organization' && !picked) {
      found.organization = MESSAGES.selectValidOrganization;
    }
    if (name.trim().length > LIMITS.longText) found.name = MESSAGES.nameTooLong;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const organizationId = ownOrganization
      ? String(ownOrganization.id)
      : scope === 'organization' && picked
        ? String(picked.id)
        : '';
    const inOrganization = organizationId !== '';
    onSearch({
      page: 1,
      organizationId,
      name: name.trim(),
      ...(inOrganization && standing ? { standing } : {}),
    });
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ p: 2, mb: 2 }}
      aria-label="Find users"
    >
      {ownOrganization ? <SessionOrganizationName organization={ownOrganization} /> : null}
      {picksOrganization ? (
        <ToggleButtonGroup
          exclusive
          value={scope}
          onChange={(_event, next: Scope | null) => next && setScope(next)}
          aria-label="Search in"
          size="small"
        >
          <ToggleButton value="all">All Organizations</ToggleButton>
          <ToggleButton value="organization">An Organization</ToggleButton>
        </ToggleButtonGroup>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}>
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          sx={{ minWidth: 240 }}
        />
        {scope === 'organization' ? (
          <>
            {picksOrganization ? (
              <OrganizationPicker value={picked} onChange={setPicked} error={errors.organization} />
            ) : null}
            <TextField
              select
              label="Standing"
              name="standing"
              value={standing}
              onChange={(event) => setStanding(event.target.value as TStanding | '')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
            >
              <option value="">Any standing</option>
              {STANDINGS.map((choice) => (
                <option key={choice} value={choice}>
                  {STANDING_LABELS[choice]}
                </option>
              ))}
            </TextField>
          </>
        ) : null}
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>
          Search
        </Button>
        {mayAdd ? (
          <Button variant="outlined" sx={{ mt: 1, ml: 'auto' }} onClick={onAddUser}>
            Add User
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
