import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugFromName } from '../../../shared/directory.js';
import { ORGANIZATION_DIRECTORY_LABELS as LABELS } from '../../../shared/organization-directory.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { countRows, createOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  openSignedIn,
  staffToken,
} from './helpers.js';

// An organization's public directory on its console form (issue 28): an Editor publishes it,
// sees its address as a full link with Copy, writes an introduction, saves, and finds it all
// again after a reload; a Viewer sees the address and cannot change it.

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
  await page.getByRole('heading', { level: 2, name: LABELS.heading }).waitFor();
}

const directory = (page: Page) => page.getByRole('region', { name: LABELS.heading });

describe("an organization's public directory on its form", () => {
  it('lets an Editor publish it, with its address and a Copy button, and save', async () => {
    const organization = await createOrganization(server);
    const editor = await createStaffWithRole(server, 'editor');
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, editor));
    await openOrganization(page, organization.name);
    const section = directory(page);
    expect(await section.getByRole('checkbox', { name: LABELS.enabled }).isChecked()).toBe(false);
    expect(await section.getByRole('textbox', { name: LABELS.slug }).count()).toBe(0);

    await page.getByRole('button', { name: 'Edit Info' }).click();
    await section.getByRole('checkbox', { name: LABELS.enabled }).check();
    const slug = `${slugFromName(organization.name)}-testers`;
    await section.getByRole('textbox', { name: LABELS.slug }).fill(slug);
    const url = `${server.config.publicUrl}/testers/${slug}`;
    expect(await section.getByRole('textbox', { name: LABELS.url }).inputValue()).toBe(url);
    await section.getByRole('button', { name: 'Copy' }).waitFor();
    await section.getByRole('textbox', { name: LABELS.intro }).fill('Hire any tester below.');
    await section.getByRole('checkbox', { name: LABELS.noindex }).check();
    await expectNoSeriousAxeViolations(page, 'organization directory');
    await screenshot(page, 'console-organization-directory');
    await page.getByRole('button', { name: 'Submit Edits' }).click();
    await page.getByText('Organization successfully edited!').waitFor();

    await page.reload();
    await openOrganization(page, organization.name);
    expect(await section.getByRole('checkbox', { name: LABELS.enabled }).isChecked()).toBe(true);
    expect(await section.getByRole('textbox', { name: LABELS.url }).inputValue()).toBe(url);
    expect(await section.getByRole('textbox', { name: LABELS.intro }).inputValue()).toBe(
      'Hire any tester below.',
    );
    expect(
      await countRows(
        server,
        `select count(*) from organizations
          where id = ? and directory_enabled and directory_slug = ? and directory_noindex
            and directory_intro = 'Hire any tester below.' and directory_disclaimer is null`,
        [organization.id, slug],
      ),
    ).toBe(1);
    await page.close();

    const viewer = await createStaffWithRole(server, 'viewer');
    const viewing = await browser.newPage();
    await openSignedIn(viewing, server, await staffToken(server, viewer));
    await openOrganization(viewing, organization.name);
    const shown = directory(viewing);
    expect(await shown.getByRole('textbox', { name: LABELS.url }).inputValue()).toBe(url);
    expect(await shown.getByRole('textbox', { name: LABELS.slug }).isDisabled()).toBe(true);
    expect(await viewing.getByRole('button', { name: 'Edit Info' }).count()).toBe(0);
    await viewing.close();
  });
});
