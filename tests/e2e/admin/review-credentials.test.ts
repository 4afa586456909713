/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Credential } from '../../../api/src/db/entities/index.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import {
  createOrganization,
  requireCredentials,
  uploadedLink,
} from '../../api/registration/fixtures.js';
import { registrationOf, submitRegistration } from '../../api/review/helpers.js';
import { launchBrowser, type TestBrowser } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  staffToken,
  tabTo,
} from './helpers.js';

// A company's insurance certificate reviewed in the console beside its document (issue 27):
// accepted from the keyboard, on every registration of the company's submission at once.

const INSURANCE = 'General liability insurance';

let server: RunningServer;
let browser: TestBrowser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await staffToken(server, await createStaff(server));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('credentials in the console review', () => {
  it('shows a company insurance certificate beside its document and accepts it by keyboard', async () => {
    const organization = await createOrganization(server.app.orm.em.fork(), {
      acceptExpiredCertifications: true,
    });
    const types = await requireCredentials(server.app.orm.em.fork(), organization.id, [
      { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
    ]);
    const submitted = await submitRegistration(server.app, {
      organization,
      withAdmin: true,
      companyCredentials: {
        [String(types[INSURANCE])]: {
          issuer: 'Prairie Mutual',
          coverage: '$2,500,000',
          additionalInsured: true,
          expirationDate: addDays(todayInProgramZone(), 300),
          documentLink: await uploadedLink(server.app, organization.hash),
        },
      },
    });
    const tester = registrationOf(submitted, submitted.testerEmail);
    const admin = registrationOf(submitted, submitted.adminEmail);

    const page = await browser.newPage();
    await openSignedIn(page, server, token);
    await page.goto(`${server.url}/scadmin/review/${tester}`);
    await heading(page, 'Review: Tess Tester');
    await page.getByRole('heading', { level: 2, name: 'Credentials' }).waitFor();
    const section = page.getByRole('region', { name: INSURANCE });
    await section.getByRole('heading', { level: 3, name: INSURANCE }).waitFor();
    for (const fact of ['Prairie Mutual', '$2,500,000', 'Names the organization', 'The company']) {
      await section.getByText(fact, { exact: true }).waitFor();
    }
    // The certificate is shown beside it, as certifications' documents are.
    await section.getByRole('img', { name: `Document of ${INSURANCE}` }).waitFor();
    await expectNoSeriousAxeViolations(page, 'review screen with credentials');

    await tabTo(page, `Accept ${INSURANCE}`);
    await page.keyboard.press('Enter');
    // Focus moves on past the last item, to the decision.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
      .toBe('Decision');
    await section.getByText('Accepted', { exact: true }).waitFor();
    // The company's certificate is accepted on the admin's registration too.
    const copies = await server.app.orm.em
      .fork()
      .find(Credential, { registration: { $in: [tester, admin] } }, { refresh: true });
    expect(copies.map((copy) => copy.reviewDecision)).toEqual(['accepted', 'accepted']);
    await expectNoSeriousAxeViolations(page, 'review screen with a credential accepted');
    await page.close();
  });
});
