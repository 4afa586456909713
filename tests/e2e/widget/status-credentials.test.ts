/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Credential } from '../../../api/src/db/entities/index.js';
import { issueStatusLink } from '../../../api/src/modules/review/status-links.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import {
  createOrganization,
  type OrganizationFixture,
  requireCredentials,
  uploadedLink,
} from '../../api/registration/fixtures.js';
import { registrationOf, reviewCalls, submitRegistration } from '../../api/review/helpers.js';
import { staffClient } from '../../api/staff/helpers.js';
import { createStaff, staffToken } from '../admin/helpers.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import {
  freshPage,
  launchBrowser,
  press,
  screenshot,
  type TestBrowser,
} from '../helpers/browser.js';
import { documentFiles } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';

// A rejected credential corrected through the registrant's status link (issue 27): the page
// lists the organization's credentials beside the certifications, asks the facts of the type as
// the organization asks them, refuses a coverage under its minimum in the product's words, and
// sends the correction, in English and in Spanish.

const INSURANCE = 'General liability insurance';

let server: RunningServer;
let browser: TestBrowser;
let organization: OrganizationFixture;
let calls: ReturnType<typeof reviewCalls>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  organization = await createOrganization(server.app.orm.em.fork(), { requiredCertifications: 1 });
  const types = await requireCredentials(server.app.orm.em.fork(), organization.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
  ]);
  insuranceType = types[INSURANCE] ?? 0;
  calls = reviewCalls(staffClient(server.app, await staffToken(server, await createStaff(server))));
});
let insuranceType = 0;

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A tester whose company's insurance a reviewer rejected: the status link's path. */
async function rejectedInsurance(language: 'en' | 'es') {
  const submitted = await submitRegistration(server.app, {
    organization,
    language,
    companyCredentials: {
      [insuranceType]: {
        issuer: 'Prairie Mutual',
        coverage: '$1,000,000',
        additionalInsured: true,
        expirationDate: addDays(todayInProgramZone(), 300),
        documentLink: await uploadedLink(server.app, organization.hash),
      },
    },
  });
  const id = registrationOf(submitted, submitted.testerEmail);
  const record = await calls.review(id);
  for (const certification of record.certifications) {
    await calls.document(id, 'certification', certification.id, 'accepted');
  }
  const [insurance] = record.credentials;
  await calls.document(id, 'credential', insurance.id, 'rejected', { reason: 'expired' });
  expect((await calls.current(id, 'request_changes')).statusCode).toBe(200);
  const em = server.app.orm.em.fork();
  const link = issueStatusLink(em, { id, formHash: organization.hash }, server.url);
  await em.flush();
  return { path: new URL(link.url).pathname, insuranceId: insurance.id as number };
}

describe('a credential on the status page', () => {
  it('is corrected by the organization rules and sent back for review', async () => {
    const { path, insuranceId } = await rejectedInsurance('en');
    const page = await freshPage(browser, server.url);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 2, name: 'Credentials' }).waitFor();
    const block = page.getByRole('region', { name: INSURANCE });
    await block.getByText('Decision: Rejected').waitFor();
    await block.getByText('Reason: Expired').waitFor();
    await expectNoAxeViolations(page, 'status page with a rejected credential');

    const coverage = block.getByLabel('Coverage amount (US dollars)', { exact: false });
    await coverage.fill('$999,999');
    await block
      .getByLabel('Expiration Date', { exact: false })
      .fill(addDays(todayInProgramZone(), 400));
    await press(page, page.getByRole('button', { name: 'Send Corrections' }));
    // In the error summary and beside the field.
    await expect
      .poll(() => page.getByText('Coverage must be at least $1,000,000.').count())
      .toBe(2);
    await expectNoAxeViolations(page, 'status page refusing a coverage under the minimum');

    await coverage.fill('$1,500,000');
    const files = await documentFiles();
    await block.getByLabel('Replacement Document', { exact: false }).setInputFiles(files.pdf);
    await block.getByRole('button', { name: 'Upload' }).click();
    await block.getByRole('button', { name: 'Uploaded' }).waitFor();
    await press(page, page.getByRole('button', { name: 'Send Corrections' }));
    await page.getByRole('heading', { level: 1, name: 'Corrections Sent' }).waitFor();
    await screenshot(page, 'status-credential-corrected');
    const corrected = await server.app.orm.em.fork().findOneOrFail(Credential, insuranceId);
    expect(corrected).toMatchObject({
      reviewDecision: 'pending',
      coverage: 1_500_000,
      expiresOn: addDays(todayInProgramZone(), 400),
    });
    await page.close();
  });

  it('speaks Spanish', async () => {
    const { path } = await rejectedInsurance('es');
    const page = await freshPage(browser, server.url);
    await page.goto(`${server.url}${path}?lang=es`);
    await page.getByRole('heading', { level: 2, name: 'Credenciales' }).waitFor();
    await page.getByText('Motivo: Vencido').waitFor();
    await expectNoAxeViolations(page, 'status page with a rejected credential, in Spanish');
    await page.close();
  });
});
