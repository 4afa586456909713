import LogoutIcon from '@mui/icons-material/Logout';
import { Button, ListSubheader } from '@mui/material';
import { lazy, type ReactNode, Suspense } from 'react';
import {
  AppBar,
  Layout,
  Menu,
  TitlePortal,
  useBasename,
  useGetIdentity,
  useLogout,
  useSidebarState,
} from 'react-admin';
import { Navigate, useLocation } from 'react-router';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { SECTION_GROUPS, sectionGroups, useAllowedSections } from './sections';

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

// A group's name above its sections: a separator of the menu, named, that arrow keys and Tab pass
// over (MUI's menu skips a ListSubheader).
const GROUP_NAME = {
  lineHeight: 2.5,
  mt: 1,
  fontSize: '0.75rem',
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  backgroundColor: 'inherit',
};

function ConsoleMenu() {
  const basename = useBasename();
  const sections = useAllowedSections();
  // Folded to its icons, the sidebar shows no group names.
  const [open] = useSidebarState();
  // One flat list (MUI's menu takes no fragments): each group's name, then its sections.
  return (
    <Menu>
      {sectionGroups(sections).flatMap(({ group, sections: grouped }) => [
        ...(group && open
          ? [
              <ListSubheader
                key={`group-${group}`}
                role="separator"
                aria-label={SECTION_GROUPS[group]}
                sx={GROUP_NAME}
              >
                {SECTION_GROUPS[group]}
              </ListSubheader>,
            ]
          : []),
        ...grouped.map((section) => (
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
        )),
      ])}
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
