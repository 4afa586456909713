import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BusinessIcon from '@mui/icons-material/Business';
import { Box, Button, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify } from 'react-admin';
import { ORGANIZATION_ROLE_LABELS } from '../../../shared/organization-roles';
import { messageOf, useStaffApi } from '../components/api';
import { srOnly } from '../components/srOnly';
import {
  useAccountOrganizations,
  useSessionOrganization,
} from '../components/useSessionOrganization';
import { forgetAccount } from '../providers/account';
import { CONSOLE_BASE } from '../providers/basePath';

/** The console opened again at its home: every screen then reads the organization now chosen. */
const reloadAtHome = () => window.location.assign(CONSOLE_BASE);

interface Props {
  /** After the session moved (the whole console starts again; tests watch it instead). */
  reload?: () => void;
}

/**
 * The organization an organization's person works in, in the app bar; with more than one, a
 * menu of them: choosing one moves the session there (the token stays) and opens the console
 * again. Nothing for the provider's staff.
 */
export function OrganizationSwitcher({ reload = reloadAtHome }: Props) {
  const current = useSessionOrganization();
  const organizations = useAccountOrganizations() ?? [];
  const api = useStaffApi();
  const notify = useNotify();
  const buttonId = useId();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  if (!current) return null;

  if (organizations.length < 2) {
    return (
      <Typography
        component="p"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2, color: 'inherit' }}
      >
        <BusinessIcon aria-hidden />
        <Box component="span" sx={srOnly}>
          Organization:
        </Box>{' '}
        {current.name}
      </Typography>
    );
  }

  const choose = async (organizationId: number) => {
    setAnchor(null);
    if (organizationId === current.id) return;
    setBusy(true);
    try {
      await api.switchOrganization(organizationId);
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
      setBusy(false);
      return;
    }
    forgetAccount();
    reload();
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<BusinessIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-label={`Organization: ${current.name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mr: 1, textTransform: 'none' }}
      >
        {current.name}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {organizations.map((organization) => {
          const chosen = organization.id === current.id;
          return (
            <MenuItem
              key={organization.id}
              role="menuitemradio"
              aria-checked={chosen}
              selected={chosen}
              onClick={() => choose(organization.id)}
            >
              <ListItemText
                primary={organization.name}
                secondary={ORGANIZATION_ROLE_LABELS[organization.role]}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
