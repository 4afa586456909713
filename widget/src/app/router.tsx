import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { loadWithTimeout } from './lazy.js';
import { NotFound } from './NotFound.js';
import { FormLayout } from './org/FormLayout.js';
import { OrgHome } from './org/OrgHome.js';
import { RouteErrorBoundary } from './RouteError.js';
import { PageLoading } from './screens.js';
import { loadWizardRoute } from './wizard/load.js';

// The organization home is in the first download (it is the first screen of every link); the
// landing page and the wizard load lazily (the wizard fetched ahead by the form layout), and
// fail into the error screen after 120000 ms.
const LandingPage = lazy(() =>
  loadWithTimeout(() => import('./landing/LandingPage.js')).then((m) => ({
    default: m.LandingPage,
  })),
);
const WizardRoute = lazy(() =>
  loadWithTimeout(loadWizardRoute).then((m) => ({
    default: m.WizardRoute,
  })),
);
const ThankYou = lazy(() =>
  loadWithTimeout(() => import('./wizard/ThankYou.js')).then((m) => ({ default: m.ThankYou })),
);

function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route index element={<LandingPage />} />
          <Route path="form/:hash" element={<FormLayout />}>
            <Route index element={<OrgHome />} />
            <Route path="step/:page" element={<WizardRoute />} />
            <Route path="thank-you" element={<ThankYou />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
