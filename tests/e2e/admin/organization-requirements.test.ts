import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPEND_ON_EXPIRY_LABEL } from '../../../shared/organization-requirements.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { countRows, createOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  openSignedIn,
  staffToken,
} from './helpers.js';

// An organization's own requirements on its console form (issue 27): an Editor asks for
// insurance with a minimum coverage and additional insured, valid for 12 months, and finds them
// again after a reload; a Viewer sees them and cannot change them.

let server: RunningServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openOrganization(page: Page, name: string) {
  await page.goto(`${server.url}/scadmin/vieworedit/${encodeURIComponent(name)}`);
  await page.getByRole('heading', { level: 2, name: 'Requirements' }).waitFor();
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

const insuranceRow = (page: Page) =>
  page.getByRole('group', { name: 'General liability insurance' });

describe("an organization's requirements on its form", () => {
  it('lets an Editor require insurance with a minimum coverage and additional insured, valid 12 months', async () => {
    const organization = await createOrganization(server);
    const editor = await createStaffWithRole(server, 'editor');
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, editor));
    await openOrganization(page, organization.name);
    expect(await page.getByText('None beyond certifications and test kits.').count()).toBe(1);

    await page.getByRole('button', { name: 'Edit Info' }).click();
    await choose(page, 'Registration is valid', 'For 12 months from approval');
    await page.getByRole('checkbox', { name: SUSPEND_ON_EXPIRY_LABEL }).check();
    await page.getByRole('button', { name: 'Add a credential' }).click();
    await choose(page, 'Credential type', 'General liability insurance');
    const row = insuranceRow(page);
    await row.getByRole('textbox', { name: 'Minimum coverage (US dollars)' }).fill('1,000,000');
    await row.getByRole('checkbox', { name: 'Additional insured required' }).check();
    await expectNoSeriousAxeViolations(page, 'organization requirements');
    await screenshot(page, 'console-organization-requirements');
    await page.getByRole('button', { name: 'Submit Edits' }).click();
    await page.getByText('Organization successfully edited!').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Requirements' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Registration is valid' }).textContent()).toBe(
      'For 12 months from approval',
    );
    expect(await page.getByRole('checkbox', { name: SUSPEND_ON_EXPIRY_LABEL }).isChecked()).toBe(
      true,
    );
    await insuranceRow(page).waitFor();
    expect(await row.getByRole('combobox', { name: 'Asked as' }).textContent()).toBe('Required');
    expect(
      await row.getByRole('textbox', { name: 'Minimum coverage (US dollars)' }).inputValue(),
    ).toBe('$1,000,000');
    expect(
      await row.getByRole('checkbox', { name: 'Additional insured required' }).isChecked(),
    ).toBe(true);
    expect(
      await countRows(
        server,
        `select count(*) from organization_credential_requirements r
           join credential_types t on t.id = r.credential_type_id
          where r.organization_id = ? and t.name = 'General liability insurance'
            and r.required and r.minimum_coverage = 1000000 and r.additional_insured`,
        [organization.id],
      ),
    ).toBe(1);
    expect(
      await countRows(
        server,
        `select count(*) from organizations
          where id = ? and registration_validity = 'twelveMonths' and suspend_on_expiry`,
        [organization.id],
      ),
    ).toBe(1);
    await page.close();

    const viewer = await createStaffWithRole(server, 'viewer');
    const viewing = await browser.newPage();
    await openSignedIn(viewing, server, await staffToken(server, viewer));
    await openOrganization(viewing, organization.name);
    const shown = insuranceRow(viewing);
    await shown.waitFor();
    expect(
      await shown.getByRole('textbox', { name: 'Minimum coverage (US dollars)' }).isDisabled(),
    ).toBe(true);
    expect(await viewing.getByRole('button', { name: 'Edit Info' }).count()).toBe(0);
    expect(await viewing.getByRole('button', { name: 'Add a credential' }).count()).toBe(0);
    await viewing.close();
  });
});
