import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List as LinkList,
  ListItem,
  Link as MuiLink,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { LinkBase, useLocation, useNavigate, WithListContext } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { ConsoleList } from '../components/ConsoleList';
import { PageHeading } from '../components/PageHeading';
import { organizationPath, useConsolePath } from '../components/paths';
import { useDebounced } from '../components/useDebounced';

const BY_NAME = { field: 'name', order: 'ASC' } as const;

interface OrganizationRow {
  id: number;
  name: string;
}

/** The page of matches as links to each organization's page. */
function MatchingOrganizations() {
  const consolePath = useConsolePath();
  return (
    <WithListContext<OrganizationRow>
      loading={<LinearProgress aria-label="Searching" sx={{ mt: 1 }} />}
      empty={<Alert severity="info">{MESSAGES.orgSearchEmpty}</Alert>}
      render={({ data = [] }) => (
        <LinkList aria-label="Matching organizations">
          {data.map((organization) => (
            <ListItem key={organization.id}>
              <MuiLink component={LinkBase} to={consolePath(organizationPath(organization.name))}>
                {organization.name}
              </MuiLink>
            </ListItem>
          ))}
        </LinkList>
      )}
    />
  );
}

/**
 * Search/Edit Organization: once a name is typed, the organizations with a word starting with it
 * appear as links, paged by the REST organizations list (before that, the page lists nothing).
 */
export function SearchOrganizations() {
  const location = useLocation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const typed = useDebounced(name.trim());
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
        value={name}
        onChange={(event) => setName(event.target.value)}
        fullWidth
        autoFocus
        autoComplete="off"
      />
      {typed ? (
        <Box aria-live="polite" sx={{ mt: 2 }}>
          <ConsoleList
            resource="organizations"
            filter={{ q: typed }}
            disableSyncWithLocation
            storeKey={false}
            empty={false}
            sort={BY_NAME}
            perPage={25}
            failure={MESSAGES.orgSearchFailed}
          >
            <MatchingOrganizations />
          </ConsoleList>
        </Box>
      ) : null}
    </Box>
  );
}
