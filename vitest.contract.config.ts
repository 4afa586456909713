import { defineConfig } from 'vitest/config';

// npm run test:contract: these API tests once more, with every app.inject sent over HTTP through
// Prism's validating proxy driven by the app's own OpenAPI document (tests/helpers/
// contract-proxy.ts); an answer that contradicts the document fails the test that asked.
// Chosen: the calls the document describes and these files exercise most. Left out: tests of
// uploads, downloads and reports (multipart and file answers go straight to the app anyway),
// of rate limits, timing, concurrency and query plans (a proxy in the way changes what they
// measure), of the route table (it asks every route without a token: straight to the app), and
// of jobs, emails, storage and pages that make few or no API calls.
export default defineConfig({
  test: {
    include: [
      // The public registration calls (/api/tr) and drafts.
      'tests/api/registration/validate.test.ts',
      'tests/api/registration/submit.test.ts',
      'tests/api/registration/orginfo.test.ts',
      'tests/api/registration/company-matching.test.ts',
      'tests/api/registration/credentials.test.ts',
      'tests/api/drafts/drafts.test.ts',
      // The registrant's account (/api/account).
      'tests/api/account/*.test.ts',
      // Review, the status link and standing decisions.
      'tests/api/review/status-link.test.ts',
      'tests/api/review/status-credentials.test.ts',
      'tests/api/review/decisions.test.ts',
      'tests/api/review/credentials.test.ts',
      'tests/api/standing/reregistration.test.ts',
      'tests/api/standing/staff-decisions.test.ts',
      // The staff calls (/api/sc, /api/admin).
      'tests/api/staff/admin-rest.test.ts',
      'tests/api/staff/admin-rest-user-info.test.ts',
      'tests/api/staff/auth.test.ts',
      'tests/api/staff/organizations.test.ts',
      'tests/api/staff/organization-requirements.test.ts',
      'tests/api/staff/organization-directory.test.ts',
      'tests/api/staff/users.test.ts',
      'tests/api/staff/certifications.test.ts',
      'tests/api/staff/credential-types.test.ts',
      'tests/api/staff/staff-accounts.test.ts',
      'tests/api/staff/organization-people.test.ts',
      // An organization's inventory (/api/admin/locations, assemblies, testing-rules).
      'tests/api/inventory/inventory.test.ts',
      'tests/api/inventory/testing-rules.test.ts',
      // Test reports: filing from the field and the organization's review (/api/account, /api/admin).
      'tests/api/test-reports/filing.test.ts',
      'tests/api/test-reports/review.test.ts',
      // The tester's reports and each report's PDF (the PDFs go straight to the app).
      'tests/api/test-reports/tester-list.test.ts',
      'tests/api/test-reports/pdf.test.ts',
      // The integration API (/api/v1), through a proxy driven by its own document.
      'tests/api/integrations/*.test.ts',
    ],
    globalSetup: ['tests/setup/postgres.ts'],
    env: { API_CONTRACT_PROXY: '1' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
