import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import {
  AppBar,
  Layout,
  Menu,
  TitlePortal,
  useBasename,
  useGetIdentity,
  useLogout,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { useAllowedSections } from './sections';

// The count's call comes after the console's first screen: the data hooks it needs are not part
// of the first download.
const ReviewQueueLabel = lazy(() =>
  import('../review/ReviewQueueLabel').then((m) => ({ default: m.ReviewQueueLabel })),
);

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
    <AppBar
      userMenu={false}
      toolbar={
        <>
          <OrganizationSwitcher />
          <LogOutButton />
        </>
      }
    >
      <TitlePortal />
    </AppBar>
  );
}

// A label longer than the sidebar wraps onto a second line instead of ending in an ellipsis.
const WRAPPING_LABEL = { '& .MuiTypography-noWrap': { whiteSpace: 'normal' } };

function ConsoleMenu() {
  const basename = useBasename();
  const sections = useAllowedSections();
  return (
    <Menu>
      {sections.map((section) => (
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

/** A role that must use two-step sign-in reaches only the account page until it is set up. */
function TwoFactorFirst({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  const basename = useBasename();
  const { pathname } = useLocation();
  const accountPage = `${basename}/account`;
  if (identity?.mustEnrollTwoFactor && pathname !== accountPage) {
    return <Navigate to={accountPage} replace />;
  }
  return children;
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      <TwoFactorFirst>{children}</TwoFactorFirst>
    </Layout>
  );
}
