import { type ReactNode, Suspense } from 'react';
import { matchRoute, type TRoute } from '../../../shared/site-routes.js';
import type { TAccountPage } from './account/AccountRoute.js';
import { usePathname } from './history.js';
import { LanguageSwitch } from './i18n/LanguageSwitch.js';
import { lazyScreen } from './lazy.js';
import { NotFound } from './NotFound.js';
import { FormLayout } from './org/FormLayout.js';
import { OrgHome } from './org/OrgHome.js';
import { RouteErrorBoundary } from './RouteError.js';
import { PageLoading } from './screens.js';
import { thankYouScreen, wizardScreen } from './wizard/load.js';

// The organization home is in the first download (it is the first screen of every link); the
// landing page, a saved registration's link, the wizard, the thank-you page, the status page,
// My registrations and the test form load lazily (the wizard and the thank-you page fetched ahead: see
// wizard/load.ts), and fail into the error screen after 120000 ms.
const LandingPage = lazyScreen(
  () => import('./landing/LandingPage.js'),
  (module) => module.LandingPage,
).Screen;
const ResumeDraft = lazyScreen(
  () => import('./drafts/ResumeDraft.js'),
  (module) => module.ResumeDraft,
).Screen;
const StatusRoute = lazyScreen(
  () => import('./status/StatusRoute.js'),
  (module) => module.StatusRoute,
).Screen;
const AccountRoute = lazyScreen(
  () => import('./account/AccountRoute.js'),
  (module) => module.AccountRoute,
).Screen;
const TestFormRoute = lazyScreen(
  () => import('./test-form/TestFormRoute.js'),
  (module) => module.TestFormRoute,
).Screen;
const WizardRoute = wizardScreen.Screen;
const ThankYou = thankYouScreen.Screen;

/** My registrations' addresses, each a page of its lazily loaded entry. */
const ACCOUNT_PAGES: Record<
  Exclude<TRoute, { hash: string } | { name: 'landing' | 'notFound' | 'testForm' }>['name'],
  TAccountPage
> = {
  account: 'record',
  accountSignIn: 'signIn',
  accountConfirmEmail: 'confirmEmail',
};

/** The page inside a form link's layout (which looks the organization up once for all three). */
function formScreen(route: Extract<TRoute, { hash: string }>): ReactNode {
  switch (route.name) {
    case 'home':
      return <OrgHome />;
    case 'step':
      return <WizardRoute urlPage={route.page} />;
    case 'thankYou':
      return <ThankYou />;
    case 'resume':
      return <ResumeDraft />;
    case 'status':
      return <StatusRoute token={route.token} />;
  }
}

function screenAt(pathname: string): ReactNode {
  const route = matchRoute(pathname);
  if (route.name === 'landing') return <LandingPage />;
  if (route.name === 'notFound') return <NotFound />;
  if (route.name === 'testForm') return <TestFormRoute reportKey={route.key} step={route.step} />;
  if (!('hash' in route)) return <AccountRoute page={ACCOUNT_PAGES[route.name]} />;
  return <FormLayout hash={route.hash}>{formScreen(route)}</FormLayout>;
}

export function App() {
  const pathname = usePathname();
  return (
    <>
      <LanguageSwitch />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>{screenAt(pathname)}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
