import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Menu, TitlePortal, useBasename, useLogout } from 'react-admin';
import { SECTIONS } from './sections';

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

function ConsoleMenu() {
  const basename = useBasename();
  return (
    <Menu>
      {SECTIONS.map((section) => (
        <Menu.Item
          key={section.to}
          to={`${basename}${section.to}`}
          primaryText={section.label}
          leftIcon={section.icon}
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
