import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail, Registration, User } from '../../../api/src/db/entities/index.js';
import type { TStaffRole } from '../../../shared/staff-roles.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  type RegisteredTester,
  registerTester,
  staffToken,
} from './helpers.js';

// A registration's standing on User Info (issue 27): an Editor suspends an approved
// registration with a reason and reinstates it; a Viewer sees the standing and no way to change it.

let server: RunningServer;
let browser: TestBrowser;
let organization: TestOrganization;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  organization = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A tester registered through the public calls and approved. */
async function approvedTester(): Promise<{ tester: RegisteredTester; userId: number }> {
  const tester = await registerTester(server, organization);
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email: tester.email });
  await em.nativeUpdate(
    Registration,
    { user: user.id },
    { reviewState: 'approved', reviewedAt: new Date(), enrolled: true },
  );
  return { tester, userId: user.id };
}

const registrationOf = (userId: number) =>
  server.app.orm.em.fork().findOneOrFail(Registration, { user: userId }, { refresh: true });

/** User Info of the person, opened by a staff member of the role, and their organization's row. */
async function openUserInfo(role: TStaffRole, userId: number) {
  const staff = await createStaffWithRole(server, role);
  const page = await browser.newPage();
  await openSignedIn(page, server, await staffToken(server, staff));
  await page.goto(`${server.url}/scadmin/users/${userId}`);
  await heading(page, 'User Info');
  const row = page
    .getByRole('table', { name: 'Organizations' })
    .getByRole('row')
    .filter({ hasText: organization.name });
  await expect.poll(() => row.textContent()).toContain('Active');
  return { page, row };
}

describe('standing on User Info', () => {
  it('lets an Editor suspend a registration with a reason and reinstate it', async () => {
    const { tester, userId } = await approvedTester();
    const { page, row } = await openUserInfo('editor', userId);

    await page
      .getByRole('button', { name: `Suspend registration with ${organization.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: /Suspend Registration/ });
    await dialog.waitFor();
    await expectNoSeriousAxeViolations(page, 'suspend dialog');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.getByText('Please give a reason.').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Insurance lapsed on 1 March.');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await page.getByText('Registration suspended. The person has been emailed.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Suspended');
    expect(await row.textContent()).toContain('Insurance lapsed on 1 March.');
    await screenshot(page, 'console-user-info-suspended');
    expect(await registrationOf(userId)).toMatchObject({
      standing: 'suspended',
      standingReason: 'Insurance lapsed on 1 March.',
    });

    // Find Users lists the organization's suspended people, filtered by standing.
    await page.goto(`${server.url}/scadmin/users?page=1&org=${organization.id}&standing=suspended`);
    const listed = page.getByRole('row', { name: new RegExp(tester.email) });
    await expect.poll(() => listed.textContent()).toContain('Suspended');
    expect(await page.getByRole('combobox', { name: 'Standing' }).inputValue()).toBe('suspended');
    await page.goto(`${server.url}/scadmin/users/${userId}`);
    await heading(page, 'User Info');

    await page
      .getByRole('button', { name: `Reinstate registration with ${organization.name}` })
      .click();
    const reinstate = page.getByRole('dialog', { name: /Reinstate Registration/ });
    await reinstate.getByRole('textbox', { name: 'Reason' }).fill('New certificate received.');
    await reinstate.getByRole('button', { name: 'Reinstate', exact: true }).click();
    await page.getByText('Registration reinstated. The person has been emailed.').waitFor();
    await expect.poll(() => row.textContent()).toContain('Active');
    expect(await row.textContent()).toContain('New certificate received.');
    const { id, standing } = await registrationOf(userId);
    expect(standing).toBe('active');
    const emails = await server.app.orm.em
      .fork()
      .find(OutboxEmail, { dedupeKey: { $like: `standing:${id}:%` } }, { orderBy: { id: 1 } });
    expect(emails.map((email) => [email.kind, email.recipients])).toEqual([
      ['standing_suspended', [tester.email]],
      ['standing_reinstated', [tester.email]],
    ]);
    await page.close();
  });

  it('shows a Viewer the standing without Suspend or Reinstate', async () => {
    const { userId } = await approvedTester();
    const { page } = await openUserInfo('viewer', userId);
    expect(await page.getByRole('button', { name: /^Suspend/ }).count()).toBe(0);
    await page.close();
  });
});
