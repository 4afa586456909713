import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  Link as MuiLink,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { LinkBase, useLocation, useNavigate } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { PageHeading } from '../components/PageHeading';
import { organizationPath, useConsolePath } from '../components/paths';
import { useOrganizationSearch } from '../components/useOrganizationSearch';

/** Search/Edit Organization: matches appear as links while typing. */
export function SearchOrganizations() {
  const location = useLocation();
  const navigate = useNavigate();
  const consolePath = useConsolePath();
  const [query, setQuery] = useState('');
  const search = useOrganizationSearch(query);
  const deleted = Boolean((location.state as { deleted?: boolean } | null)?.deleted);

  if (deleted) {
    return (
      <>
        <PageHeading title="Search/Edit Organization" />
        <Alert severity="success" sx={{ mb: 2 }}>
          {STAFF_MESSAGES.orgDeleted}
        </Alert>
        <Button
          variant="contained"
          onClick={() => navigate(location.pathname, { replace: true, state: null })}
        >
          Continue
        </Button>
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeading title="Search/Edit Organization" />
      <TextField
        label="Organization Name"
        name="q"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        autoFocus
        autoComplete="off"
      />
      {search.searching ? <LinearProgress aria-label="Searching" sx={{ mt: 1 }} /> : null}
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {search.failed ? <Alert severity="error">{MESSAGES.orgSearchFailed}</Alert> : null}
        {!search.failed && search.searched && search.matches.length === 0 ? (
          <Alert severity="info">{MESSAGES.orgSearchEmpty}</Alert>
        ) : null}
        {search.matches.length > 0 ? (
          <List aria-label="Matching organizations">
            {search.matches.map((match) => (
              <ListItem key={match.id}>
                <MuiLink component={LinkBase} to={consolePath(organizationPath(match.name))}>
                  {match.name}
                </MuiLink>
              </ListItem>
            ))}
          </List>
        ) : null}
      </Box>
    </Box>
  );
}
