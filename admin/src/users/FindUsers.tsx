import {
  Alert,
  Box,
  Button,
  Checkbox,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { useGetOne, useLocation, useNavigate, useNotify } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { LIMITS } from '../../../shared/constants';
import { messageOf, useStaffApi } from '../components/api';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { useLoad } from '../components/useLoad';
import type { OrganizationMatch, UsersListRow } from '../providers/types';
import { AddUserDialog } from './AddUserDialog';
import { OrganizationPicker } from './OrganizationPicker';

type Scope = 'all' | 'organization';

/** Find Users: the query (page, org, name) lives in the URL so the page reloads as it was. */
export function FindUsers() {
  const api = useStaffApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const consolePath = useConsolePath();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orgId = params.get('org') ?? '';
  const name = params.get('name') ?? '';

  const { data: orgRecord } = useGetOne('organizations', { id: orgId }, { enabled: orgId !== '' });
  const [scope, setScope] = useState<Scope>(orgId ? 'organization' : 'all');
  const [nameInput, setNameInput] = useState(name);
  const [picked, setPicked] = useState<OrganizationMatch | null>(null);
  const [formErrors, setFormErrors] = useState<{ organization?: string; name?: string }>({});
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (orgRecord && !picked) setPicked({ id: orgRecord.id, name: String(orgRecord.name) });
  }, [orgRecord, picked]);

  const list = useLoad(
    () => api.listUsers({ orgId: orgId || undefined, page, searchQuery: name }),
    [api, orgId, page, name],
  );
  const users = list.data?.users ?? [];
  const finalPage = Math.max(1, list.data?.finalPage ?? 1);
  const withOrganization = orgId !== '';

  const go = (next: { page: number; org: string; name: string }) => {
    const search = new URLSearchParams({ page: String(next.page) });
    if (next.org) search.set('org', next.org);
    if (next.name) search.set('name', next.name);
    navigate({ pathname: location.pathname, search: `?${search}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof formErrors = {};
    if (scope === 'organization' && !picked) errors.organization = MESSAGES.selectValidOrganization;
    if (nameInput.trim().length > LIMITS.longText) errors.name = MESSAGES.nameTooLong;
    setFormErrors(errors);
    if (Object.keys(errors).length > 0) return;
    go({
      page: 1,
      org: scope === 'organization' && picked ? String(picked.id) : '',
      name: nameInput.trim(),
    });
  };

  const mutate = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      const answer = (await call()) as { message?: unknown };
      notify(typeof answer?.message === 'string' && answer.message ? answer.message : done, {
        type: 'success',
      });
      list.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const open = (user: UsersListRow) =>
    navigate(consolePath(`/users/${encodeURIComponent(String(user.userId))}`));
  const openOnKey = (event: KeyboardEvent, user: UsersListRow) => {
    if (event.target === event.currentTarget && event.key === 'Enter') open(user);
  };
  const selectedName = picked?.name ?? (orgRecord ? String(orgRecord.name) : orgId);

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Find Users" />
      <Paper
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ p: 2, mb: 2 }}
        aria-label="Find users"
      >
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
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2 }}>
          <TextField
            label="Name"
            name="name"
            value={nameInput}
            onChange={(event) => setNameInput(event.target.value)}
            error={Boolean(formErrors.name)}
            helperText={formErrors.name}
            sx={{ minWidth: 240 }}
          />
          {scope === 'organization' ? (
            <OrganizationPicker
              value={picked}
              onChange={setPicked}
              error={formErrors.organization}
            />
          ) : null}
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            Search
          </Button>
          <Button variant="outlined" sx={{ mt: 1, ml: 'auto' }} onClick={() => setAdding(true)}>
            Add User
          </Button>
        </Box>
      </Paper>
      {withOrganization ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
          <Typography>
            Selected Organization: <strong>{selectedName}</strong>
          </Typography>
          <Button
            variant="outlined"
            disabled={busy || list.loading}
            onClick={() => mutate(() => api.enrollAllUsers(orgId, name), 'All users enrolled.')}
          >
            Enroll All Users
          </Button>
        </Box>
      ) : null}
      {list.loading || busy ? <LinearProgress aria-label="Loading" /> : null}
      {list.error ? <Alert severity="error">{MESSAGES.apiRequestError}</Alert> : null}
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Users">
          <TableHead>
            <TableRow>
              <TableCell>First Name</TableCell>
              <TableCell>Last Name</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell>Email</TableCell>
              {withOrganization && !list.loading ? <TableCell>Enrolled</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow
                key={user.userId}
                hover
                tabIndex={0}
                onClick={() => open(user)}
                onKeyDown={(event) => openOnKey(event, user)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{user.userFirstName}</TableCell>
                <TableCell>{user.userLastName}</TableCell>
                <TableCell>{user.userPhone}</TableCell>
                <TableCell>{user.userEmail}</TableCell>
                {withOrganization && !list.loading ? (
                  <TableCell
                    onClick={(event) => event.stopPropagation()}
                    onKeyDown={(event) => event.stopPropagation()}
                  >
                    <Checkbox
                      checked={Boolean(user.userEnrolled)}
                      disabled={busy}
                      slotProps={{
                        input: {
                          'aria-label': `Enrolled: ${user.userFirstName} ${user.userLastName}`,
                        },
                      }}
                      onChange={(event) =>
                        mutate(
                          () => api.enrollUser(orgId, user.userId, event.target.checked),
                          event.target.checked ? 'User enrolled.' : 'User unenrolled.',
                        )
                      }
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!list.loading && !list.error && users.length === 0 ? (
        <Typography sx={{ mt: 2 }}>No users found.</Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
        <Button
          disabled={page <= 1 || list.loading}
          onClick={() => go({ page: page - 1, org: orgId, name })}
        >
          Previous Page
        </Button>
        <Typography aria-live="polite">
          Page {page} of {finalPage}
        </Typography>
        <Button
          disabled={page >= finalPage || list.loading}
          onClick={() => go({ page: page + 1, org: orgId, name })}
        >
          Next Page
        </Button>
      </Box>
      <AddUserDialog
        open={adding}
        onClose={(added) => {
          setAdding(false);
          if (added) list.reload();
        }}
      />
    </Box>
  );
}
