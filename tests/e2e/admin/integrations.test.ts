import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { focused, launchBrowser, screenshot, type TestBrowser, tabTo } from '../helpers/browser.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaff,
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  staffToken,
} from './helpers.js';

// The Integrations screen end to end: an Administrator adds a webhook endpoint that points to a
// real receiver verifying every delivery, sends a test event and resends it; creates an API key
// and revokes it; Viewers and Editors are not offered the screen. Keyboard alone throughout.

let server: RunningServer;
let browser: TestBrowser;
let receiver: WebhookReceiver;
let adminToken: string;

beforeAll(async () => {
  // Verifies with a secret of its own until the endpoint's is known (then 401s are expected).
  receiver = await startWebhookReceiver(`whsec_${randomBytes(24).toString('base64')}`);
  // The receiver is on loopback; the job worker is off: the test sends what is due itself.
  server = await startServer({ WEBHOOK_ALLOW_LOCAL: 'true' });
  browser = await launchBrowser();
  adminToken = await staffToken(server, await createStaff(server));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

const inDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

async function openIntegrations(page: Page) {
  await openSignedIn(page, server, adminToken);
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await heading(page, 'Integrations');
}

/** Presses a button from the keyboard. */
async function pressButton(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** The delivery log's row of the test event. */
const testEventRow = (page: Page) => page.getByRole('row').filter({ hasText: 'webhook.test' });

describe('the Integrations screen', () => {
  it('adds an endpoint, shows its secret once, sends a test event, and resends it with the same webhook-id', async () => {
    const page = await browser.newPage();
    await openIntegrations(page);
    await expectNoSeriousAxeViolations(page, 'integrations');

    await pressButton(page, 'Add endpoint');
    const form = page.getByRole('dialog', { name: 'Add endpoint' });
    await form.waitFor();
    expect(await inDialog(page)).toBe(true);
    await page.keyboard.type(receiver.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Billing system');
    await tabTo(page, 'registration.approved');
    await page.keyboard.press('Space');
    await tabTo(page, 'Add endpoint');
    await page.keyboard.press('Enter');

    const created = page.getByRole('dialog', { name: 'Endpoint added' });
    await created.waitFor();
    await created.getByText('You can show it again later').waitFor();
    const secret = await created.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await inDialog(page)).toBe(true);
    await screenshot(page, 'console-integrations-secret');
    // Only Done closes it, and focus goes back to the button that opened the form.
    await page.keyboard.press('Escape');
    expect(await created.isVisible()).toBe(true);
    await tabTo(page, 'Done');
    await page.keyboard.press('Enter');
    await created.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('BUTTON: Add endpoint');
    expect(await page.content()).not.toContain(secret);
    receiver.verifyWith(secret);

    await page.getByRole('cell', { name: receiver.url }).click();
    await heading(page, 'Webhook Endpoint');
    await pressButton(page, 'Send test event');
    await page.getByText('Test event sent.').waitFor();
    await testEventRow(page).getByText('Pending').waitFor();
    await server.app.webhooks.dispatch();
    const [first] = await receiver.waitForDeliveries(1);
    expect(first?.verified, first?.refusal).toBe(true);
    // The log reads itself again while a delivery is about to go.
    await testEventRow(page).getByText('Delivered', { exact: true }).waitFor();
    expect(await testEventRow(page).getByRole('cell', { name: '200', exact: true }).count()).toBe(
      1,
    );
    await expectNoSeriousAxeViolations(page, 'webhook endpoint');
    await screenshot(page, 'console-integrations-endpoint');

    await testEventRow(page).click();
    await heading(page, 'Webhook Delivery');
    await page.getByRole('cell', { name: 'HTTP 200' }).waitFor();
    await pressButton(page, 'Resend');
    await page.getByText('The delivery is sent again.').waitFor();
    await server.app.webhooks.dispatch();
    const [, again] = await receiver.waitForDeliveries(2);
    expect(again?.verified, again?.refusal).toBe(true);
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await expect.poll(() => page.getByRole('cell', { name: 'HTTP 200' }).count()).toBe(2);
    await expectNoSeriousAxeViolations(page, 'webhook delivery');
    await screenshot(page, 'console-integrations-delivery');
  });

  it('creates an API key, shows it once, and revokes it: the key stops at once', async () => {
    const page = await browser.newPage();
    await openIntegrations(page);
    const name = `Asset register ${randomBytes(3).toString('hex')}`;
    await pressButton(page, 'Create API key');
    await page.getByRole('dialog', { name: 'Create API key' }).waitFor();
    expect(await inDialog(page)).toBe(true);
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');

    const created = page.getByRole('dialog', { name: 'API key created' });
    await created.getByText('Copy this key now. It is not shown again.').waitFor();
    const secret = await created.getByLabel('API key').inputValue();
    expect(secret).toMatch(/^bfk_live_/);
    const read = () =>
      fetch(`${server.url}/api/v1/organizations`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
    expect((await read()).status).toBe(200);
    await tabTo(page, 'Done');
    await page.keyboard.press('Enter');
    await created.waitFor({ state: 'hidden' });
    expect(await focused(page)).toBe('BUTTON: Create API key');

    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Active').waitFor();
    await row.getByText('All organizations').waitFor();
    await row.getByText('Never').waitFor();
    await row.getByRole('button', { name: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Revoke key ${name}?` });
    await confirm.getByText('Systems using it stop at once.').waitFor();
    expect(await inDialog(page)).toBe(true);
    await confirm.getByRole('button', { name: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    await row.getByText('Revoked').waitFor();
    expect((await read()).status).toBe(401);
  });

  it('is offered to Administrators only', async () => {
    for (const role of ['viewer', 'editor'] as const) {
      const staff = await createStaffWithRole(server, role);
      const page = await browser.newPage();
      await openSignedIn(page, server, await staffToken(server, staff));
      await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Integrations' }).count()).toBe(0);
      await page.goto(`${server.url}/scadmin/integrations`);
      await page.getByText('Only Administrators manage integrations.').waitFor();
      await page.close();
    }
  });
});
