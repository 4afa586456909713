import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal, useBasename, useLogout } from 'react-admin';
import { useQueueSummary } from '../review/useQueueSummary';
import { SECTIONS, type Section } from './sections';

function LogOutButton() {
  const logout = useLogout();
  return (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => logout()}>
      Log Out
    </Button>
  );
}

function ConsoleAppBar() {
  return (
    <AppBar userMenu={false} toolbar={<LogOutButton />}>
      <TitlePortal />
    </AppBar>
  );
}

// A label longer than the sidebar wraps onto a second line instead of ending in an ellipsis.
const WRAPPING_LABEL = { '& .MuiTypography-noWrap': { whiteSpace: 'normal' } };

/** The Review Queue's label carries how many registrations wait: "Review Queue (3)". */
function ReviewQueueLabel({ section }: { section: Section }) {
  const { waiting } = useQueueSummary();
  return <>{waiting === undefined ? section.label : `${section.label} (${waiting})`}</>;
}

function ConsoleMenu() {
  const basename = useBasename();
  return (
    <Menu>
      {SECTIONS.map((section) => (
        <Menu.Item
          key={section.to}
          to={`${basename}${section.to}`}
          primaryText={
            section.to === '/review' ? <ReviewQueueLabel section={section} /> : section.label
          }
          leftIcon={section.icon}
          sx={WRAPPING_LABEL}
        />
      ))}
    </Menu>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      {children}
    </Layout>
  );
}
