import { lazy } from 'react';
import { Admin, CustomRoutes, Resource, useLogin } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router';
import { setProgramTimeZone } from '../../shared/program-zone';
import assemblies from './assemblies';
import assemblyCorrections from './assembly-corrections';
import audit from './audit';
import credentialTypes from './credentials';
import expiring from './expiring';
import { IntegrationsPage, webhookDeliveries, webhookEndpoints } from './integrations';
import { ConsoleLayout } from './layout/ConsoleLayout';
import locations from './locations';
import organizations from './organizations';
import { createAuthProvider } from './providers/authProvider';
import { CONSOLE_BASE } from './providers/basePath';
import { createDataProvider } from './providers/dataProvider';
import { createBlobClient, createFilePoster, createHttpClient } from './providers/httpClient';
import review from './review';
import { SignIn } from './sign-in/SignIn';
import staff from './staff';
import testReports from './test-reports';
import { consoleTheme } from './theme';
import users from './users';

const Home = lazy(() => import('./home/Home').then((m) => ({ default: m.Home })));
const CreateOrganization = lazy(() =>
  import('./organizations/CreateOrganization').then((m) => ({ default: m.CreateOrganization })),
);
const OrganizationPage = lazy(() =>
  import('./organizations/OrganizationPage').then((m) => ({ default: m.OrganizationPage })),
);
const SearchOrganizations = lazy(() =>
  import('./search/SearchOrganizations').then((m) => ({ default: m.SearchOrganizations })),
);
const Certifications = lazy(() =>
  import('./certifications/Certifications').then((m) => ({ default: m.Certifications })),
);
const ActiveOrganizations = lazy(() =>
  import('./status-lists/ActiveOrganizations').then((m) => ({ default: m.ActiveOrganizations })),
);
const InactiveOrganizations = lazy(() =>
  import('./status-lists/InactiveOrganizations').then((m) => ({
    default: m.InactiveOrganizations,
  })),
);
const Reports = lazy(() => import('./reports/Reports').then((m) => ({ default: m.Reports })));
const AccountPage = lazy(() =>
  import('./account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const DocumentPage = lazy(() =>
  import('./documents/DocumentPage').then((m) => ({ default: m.DocumentPage })),
);
const InventoryImport = lazy(() =>
  import('./inventory-import/InventoryImport').then((m) => ({ default: m.InventoryImport })),
);
const FirebaseButton = lazy(() =>
  import('./debug/FirebaseButton').then((m) => ({ default: m.FirebaseButton })),
);

const httpClient = createHttpClient();
const authProvider = createAuthProvider(httpClient);
const dataProvider = createDataProvider(httpClient, createBlobClient(), createFilePoster());
// Dates the console judges (a report's range) are days of the program's zone, as on the server.
void dataProvider.getConsoleConfig().then((config) => setProgramTimeZone(config.programTimeZone));

/** react-admin's login route (after a sign-out): the sign-in entry's own page. */
function LoginPage() {
  const login = useLogin();
  return <SignIn onSignedIn={(token) => login({ token })} />;
}

function Console() {
  return (
    <Admin
      basename={CONSOLE_BASE}
      disableTelemetry
      requireAuth
      title="Backflow Admin Console"
      authProvider={authProvider}
      dataProvider={dataProvider}
      loginPage={LoginPage}
      layout={ConsoleLayout}
      dashboard={Home}
      theme={consoleTheme}
    >
      <Resource name="organizations" {...organizations} />
      <Resource name="users" {...users} />
      <Resource name="audit" {...audit} />
      <Resource name="staff" {...staff} />
      <Resource name="credential-types" {...credentialTypes} />
      <Resource name="review" {...review} />
      <Resource name="expiring" {...expiring} />
      <Resource name="webhook-endpoints" {...webhookEndpoints} />
      <Resource name="webhook-deliveries" {...webhookDeliveries} />
      <Resource name="assemblies" {...assemblies} />
      <Resource name="locations" {...locations} />
      <Resource name="assembly-corrections" {...assemblyCorrections} />
      <Resource name="test-reports" {...testReports} />
      <CustomRoutes>
        <Route path="/create" element={<CreateOrganization />} />
        <Route path="/search" element={<SearchOrganizations />} />
        <Route path="/certifications" element={<Certifications />} />
        <Route path="/active" element={<ActiveOrganizations />} />
        <Route path="/inactive" element={<InactiveOrganizations />} />
        <Route path="/reports" element={<Reports />} />
        <Route path="/vieworedit/*" element={<OrganizationPage />} />
        <Route path="/integrations" element={<IntegrationsPage />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/inventory-import" element={<InventoryImport />} />
        <Route path="/documents/:id" element={<DocumentPage />} />
        <Route path="/firebase/button" element={<FirebaseButton />} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * Path-based URLs under /scadmin (react-admin alone would create a hash router). Navigation
 * without transitions: react-admin's redirect to the login re-renders the old screen while the
 * navigation is pending, and a transition would be restarted forever (a logout loop).
 */
export function App() {
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route path={`${CONSOLE_BASE}/*`} element={<Console />} />
      </Routes>
    </BrowserRouter>
  );
}
