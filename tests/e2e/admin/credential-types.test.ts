import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  staffToken,
} from './helpers.js';

// Credential types on the console (issue 27): an Editor adds and changes one from the screen
// beside Certifications; a Viewer reads the list and can change nothing.

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

describe('the Credential Types screen', () => {
  it('lets an Editor add a credential type and change it', async () => {
    const editor = await createStaffWithRole(server, 'editor');
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, editor));
    await page.getByRole('menuitem', { name: 'Credential Types' }).click();
    await heading(page, 'Credential Types');
    await page.getByRole('cell', { name: 'General liability insurance' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'credential types');

    const name = `Backflow licence ${Date.now()}`;
    await page.getByRole('link', { name: 'Add credential type' }).click();
    await heading(page, 'Add Credential Type');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel('Each tester').check();
    await page.getByLabel('Number', { exact: true }).check();
    await expectNoSeriousAxeViolations(page, 'add credential type');
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, 'Credential Types');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('Each tester');
    expect(await row.textContent()).toContain('Number');

    await row.click();
    await heading(page, 'Edit Credential Type');
    await page.getByLabel('The company').check();
    await page.getByLabel('Issuer').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await heading(page, 'Credential Types');
    await expect.poll(() => row.textContent()).toContain('The company');
    expect(await row.textContent()).toContain('Issuer, Number');
    await screenshot(page, 'console-credential-types');
    await page.close();
  });

  it('shows a Viewer the list without a way to change it', async () => {
    const viewer = await createStaffWithRole(server, 'viewer');
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, viewer));
    await page.getByRole('menuitem', { name: 'Credential Types' }).click();
    await page.getByRole('cell', { name: "Driver's license" }).waitFor();
    expect(await page.getByRole('link', { name: 'Add credential type' }).count()).toBe(0);
    await page.getByRole('cell', { name: "Driver's license" }).click();
    expect(new URL(page.url()).pathname).toBe('/scadmin/credential-types');
    await page.close();
  });
});
