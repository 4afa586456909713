import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
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

// A label longer than the sidebar wraps onto a second line instead of ending in an ellipsis.
const WRAPPING_LABEL = { '& .MuiTypography-noWrap': { whiteSpace: 'normal' } };

// The count's call comes after the console's first screen: the data hooks it needs are not part
// of the first download.
const ReviewQueueLabel = lazy(() =>
  import('../review/ReviewQueueLabel').then((m) => ({ default: m.ReviewQueueLabel })),
);

function ConsoleMenu() {
  const basename = useBasename();
  return (
    <Menu>
      {SECTIONS.map((section) => (
        <Menu.Item
          key={section.to}
          to={`${basename}${section.to}`}
          primaryText={
            section.to === '/review' ? (
              <Suspense fallback={section.label}>
                <ReviewQueueLabel label={section.label} />
              </Suspense>
            ) : (
              section.label
            )
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
