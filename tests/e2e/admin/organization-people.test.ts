import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, User } from '../../../api/src/db/entities/index.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { createOrganization, type TestOrganization, uniqueEmail } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  choosePassword,
  createOrganizationPerson,
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  mailTo,
  openSignedIn,
  passwordLinkIn,
  type RegisteredTester,
  registerPeople,
  registerTester,
  signIn,
  staffToken,
} from './helpers.js';

// An organization's own people in the console, end to end: a provider Administrator invites a
// Program manager from the organization's page (the invitation read from a real SMTP receiver),
// who sets a password, signs in to their organization's console alone and invites a Reviewer,
// who approves a registration of the organization from the Review Queue and finds another
// organization's review Not found; a person of two organizations moves between them from the
// app bar; a Viewer reads without a button that changes anything.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let adminToken: string;
let alpha: TestOrganization;
let bravo: TestOrganization;
/** One person registered with each organization (waiting for review), by organization id. */
const registered = new Map<number, { id: number; lastName: string }>();
/** A tester registered through the form with Alpha (a certificate to review), and Bravo's. */
let alphaTester: RegisteredTester;
let bravoReview: number;

/** A registered person of the organization, by a last name of their own. */
async function registerOne(organization: TestOrganization) {
  const lastName = `Registered${organization.id}x${Date.now()}`;
  await registerPeople(server, organization, 1, lastName);
  const user = await server.app.orm.em.fork().findOneOrFail(User, { lastName });
  registered.set(organization.id, { id: user.id, lastName });
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  adminToken = await staffToken(server, await createStaff(server));
  alpha = await createOrganization(server);
  bravo = await createOrganization(server);
  await registerOne(alpha);
  await registerOne(bravo);
  alphaTester = await registerTester(server, alpha);
  const bravoTester = await registerTester(server, bravo);
  bravoReview = (await registrationOf(bravoTester)).id;
});

async function registrationOf(tester: RegisteredTester) {
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email: tester.email });
  return em.findOneOrFail(Registration, { user: user.id }, { refresh: true });
}

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const organizationPage = (organization: TestOrganization) =>
  `${server.url}/scadmin/vieworedit/${encodeURIComponent(organization.name)}`;

/** Fills the People section's Invite dialog and sends it; the person is listed as invited. */
async function invite(page: Page, email: string, name: string, role: string) {
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a person' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByText('Invited').waitFor();
  await row.getByText(role, { exact: true }).waitFor();
}

/** Opens a section from the sidebar (the Review Queue's shows its count) and waits for its heading. */
async function openSection(page: Page, section: string, title = section) {
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: new RegExp(`^${section}`) })
    .click();
  await heading(page, title);
}

const PROVIDER_SECTIONS = [
  'Add Organization',
  'Search/Edit Organization',
  'Certifications',
  'Credential Types',
  'Active Organizations',
  'Inactive Organizations',
  'Staff',
];

describe("an organization's people", () => {
  it('are invited from the organization page; a Program manager works in that organization alone and invites a Reviewer', async () => {
    const admin = await browser.newPage();
    await openSignedIn(admin, server, adminToken);
    await admin.goto(organizationPage(alpha));
    await heading(admin, alpha.name);
    await admin.getByRole('heading', { level: 2, name: 'People' }).waitFor();
    const managerEmail = uniqueEmail('manager');
    await invite(admin, managerEmail, 'Maya Manager', 'Program manager');

    const invitation = await mailTo(server, smtp, managerEmail);
    expect(invitation.subject).toBe('You are invited to the Backflow Admin Console');
    expect(invitation.text).toContain(`as Program manager of ${alpha.name}.`);
    const manager = await browser.newPage();
    const password = `Maya's own long pass ${Date.now()}`;
    await choosePassword(manager, passwordLinkIn(server, invitation), password);
    await signIn(manager, server, { email: managerEmail, password });

    // Their organization's console: its page instead of the provider's own sections.
    const menu = manager.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Organization', exact: true }).waitFor();
    for (const section of PROVIDER_SECTIONS) {
      expect(await menu.getByRole('menuitem', { name: section, exact: true }).count()).toBe(0);
    }
    const main = manager.locator('#main-content');
    await main.getByText(`Organization: ${alpha.name}`).waitFor();
    expect(await manager.getByText(bravo.name).count()).toBe(0);

    // No organization to choose anywhere: the screens name theirs.
    const organizationPicker = manager.getByRole('combobox', { name: 'Organization' });
    await openSection(manager, 'Find Users');
    await manager.getByRole('form', { name: 'Find users' }).getByText(alpha.name).waitFor();
    expect(await manager.getByRole('button', { name: 'All Organizations' }).count()).toBe(0);
    expect(await organizationPicker.count()).toBe(0);
    await openSection(manager, 'Review Queue');
    await manager
      .getByRole('cell', { name: new RegExp(registered.get(alpha.id)?.lastName ?? '-') })
      .waitFor();
    await manager.getByRole('combobox', { name: 'User Type' }).waitFor();
    expect(await organizationPicker.count()).toBe(0);
    expect(await manager.getByText(registered.get(bravo.id)?.lastName ?? '-').count()).toBe(0);
    await openSection(manager, 'Expiring');
    await manager.getByRole('combobox', { name: 'Item' }).waitFor();
    expect(await organizationPicker.count()).toBe(0);
    await openSection(manager, 'Reports');
    await main.getByText(`Organization: ${alpha.name}`).waitFor();
    expect(await manager.getByRole('button', { name: 'All Organizations' }).count()).toBe(0);
    expect(await organizationPicker.count()).toBe(0);

    await openSection(manager, 'Organization', alpha.name);
    await manager.getByRole('button', { name: 'Edit Info' }).waitFor();
    const reviewerEmail = uniqueEmail('reviewer');
    await invite(manager, reviewerEmail, 'Rita Reviewer', 'Reviewer');
    const second = await mailTo(server, smtp, reviewerEmail);
    expect(second.text).toContain(`as Reviewer of ${alpha.name}.`);
    const own = manager.getByRole('row').filter({ hasText: managerEmail });
    await own.getByText('Maya Manager (you)').waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    await expectNoSeriousAxeViolations(manager, 'organization page with People');
    await screenshot(manager, 'console-organization-people');
    await manager.close();
    await admin.close();

    // The Reviewer: approves a registration of the organization from the Review Queue.
    const reviewer = await browser.newPage();
    const reviewerPassword = `Rita's own long pass ${Date.now()}`;
    await choosePassword(reviewer, passwordLinkIn(server, second), reviewerPassword);
    await signIn(reviewer, server, { email: reviewerEmail, password: reviewerPassword });
    await openSection(reviewer, 'Review Queue');
    const queue = reviewer.getByRole('table', { name: 'Registrations waiting for review' });
    await queue.getByText(alphaTester.email).click();
    await heading(reviewer, `Review: ${alphaTester.firstName} ${alphaTester.lastName}`);
    const title = `Certification ${alphaTester.certNumber}`;
    await reviewer.getByRole('button', { name: `Accept ${title}` }).click();
    await reviewer.getByText('Every document is accepted').waitFor();
    await expectNoSeriousAxeViolations(reviewer, 'review screen (Reviewer)');
    await reviewer.getByRole('button', { name: 'Approve Registration' }).click();
    await expect.poll(async () => (await registrationOf(alphaTester)).reviewState).toBe('approved');
    expect((await registrationOf(alphaTester)).enrolled).toBe(true);
    // Another organization's review, by its address: as if none existed.
    await reviewer.goto(`${server.url}/scadmin/review/${bravoReview}`);
    await heading(reviewer, 'Not found');
    expect(await reviewer.getByText(bravo.name).count()).toBe(0);
    await expectNoSeriousAxeViolations(reviewer, 'not found');
    await reviewer.close();
  });

  it("of two organizations switch between them from the app bar, and another organization's records are Not found", async () => {
    const person = await createOrganizationPerson(server, [
      { organizationId: alpha.id, role: 'reviewer' },
      { organizationId: bravo.id, role: 'viewer' },
    ]);
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, person));
    const switcher = page.getByRole('button', { name: /^Organization: / });
    const [from, to] = (await switcher.textContent())?.includes(alpha.name)
      ? [alpha, bravo]
      : [bravo, alpha];
    await switcher.click();
    const choices = page.getByRole('menu', { name: `Organization: ${from.name}` });
    const choice = choices.getByRole('menuitemradio', { name: new RegExp(to.name) });
    await choice.waitFor();
    await expectNoSeriousAxeViolations(page, 'organization switcher menu');
    await choice.click();
    await page.getByRole('button', { name: `Organization: ${to.name}` }).waitFor();
    await heading(page, 'Backflow Admin Console');

    // The organization now worked in: its person opens; the one left: as if none existed.
    await page.goto(`${server.url}/scadmin/users/${registered.get(to.id)?.id}`);
    await heading(page, 'User Info');
    await page.goto(`${server.url}/scadmin/users/${registered.get(from.id)?.id}`);
    await heading(page, 'Not found');
    expect(await page.getByText(registered.get(from.id)?.lastName ?? '-').count()).toBe(0);
    await page.close();
  });

  it('as Viewers read their organization without a button that changes anything', async () => {
    const viewer = await createOrganizationPerson(server, [
      { organizationId: alpha.id, role: 'viewer' },
    ]);
    const page = await browser.newPage();
    await openSignedIn(page, server, await staffToken(server, viewer));
    const main = page.locator('#main-content');
    /** The main area's buttons, by name: only those that read, move or download. */
    const buttons = async () =>
      (await main.getByRole('button').allTextContents()).map((name) => name.trim());

    await openSection(page, 'Organization', alpha.name);
    await page.getByRole('textbox', { name: 'Organization URL' }).waitFor();
    // Its people are its Program managers' to see and manage.
    expect(await page.getByRole('heading', { level: 2, name: 'People' }).count()).toBe(0);
    for (const name of ['Edit Info', 'Invite', 'Save', 'Delete', 'Remove']) {
      expect(await main.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await expectNoSeriousAxeViolations(page, 'organization page (Viewer)');

    await page.goto(`${server.url}/scadmin/review/${(await registrationOf(alphaTester)).id}`);
    await heading(page, `Review: ${alphaTester.firstName} ${alphaTester.lastName}`);
    await page
      .getByText('Viewers can read a review; a Reviewer or Program manager decides it.')
      .waitFor();
    const title = `Certification ${alphaTester.certNumber}`;
    for (const name of [`Accept ${title}`, 'Approve Registration', 'Reject Registration']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }

    await page.goto(`${server.url}/scadmin/users/${registered.get(alpha.id)?.id}`);
    await heading(page, 'User Info');
    await page
      .getByRole('table', { name: 'Organizations' })
      .getByRole('cell', { name: alpha.name, exact: true })
      .waitFor();
    const changing = /^(Edit|Delete|Save|Suspend|Reinstate|Enroll|Approve|Reject|Accept)/;
    expect((await buttons()).filter((name) => changing.test(name))).toEqual([]);
    await expectNoSeriousAxeViolations(page, 'user info (Viewer)');
    await page.close();
  });
});
