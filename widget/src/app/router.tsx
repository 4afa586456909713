import { lazy, type ReactNode, Suspense } from 'react';
import { usePathname } from './history.js';
import { loadWithTimeout } from './lazy.js';
import { NotFound } from './NotFound.js';
import { FormLayout } from './org/FormLayout.js';
import { OrgHome } from './org/OrgHome.js';
import { RouteErrorBoundary } from './RouteError.js';
import { matchRoute } from './routes.js';
import { PageLoading } from './screens.js';
import { wizardScreen } from './wizard/load.js';

// The organization home is in the first download (it is the first screen of every link); the
// landing page and the wizard load lazily (the wizard fetched ahead: see wizard/load.ts), and
// fail into the error screen after 120000 ms.
const LandingPage = lazy(() =>
  loadWithTimeout(() => import('./landing/LandingPage.js')).then((m) => ({
    default: m.LandingPage,
  })),
);
const WizardRoute = wizardScreen.Screen;
const ThankYou = lazy(() =>
  loadWithTimeout(() => import('./wizard/ThankYou.js')).then((m) => ({ default: m.ThankYou })),
);

function screenAt(pathname: string): ReactNode {
  const route = matchRoute(pathname);
  switch (route.name) {
    case 'landing':
      return <LandingPage />;
    case 'home':
      return (
        <FormLayout hash={route.hash}>
          <OrgHome />
        </FormLayout>
      );
    case 'step':
      return (
        <FormLayout hash={route.hash}>
          <WizardRoute urlPage={route.page} />
        </FormLayout>
      );
    case 'thankYou':
      return (
        <FormLayout hash={route.hash}>
          <ThankYou />
        </FormLayout>
      );
    case 'notFound':
      return <NotFound />;
  }
}

export function App() {
  const pathname = usePathname();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{screenAt(pathname)}</Suspense>
    </RouteErrorBoundary>
  );
}
