import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_PAGE_SIZE } from '../../../shared/constants.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import { countRows, createOrganization, type TestOrganization } from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import { expectStep, fillCompany, next } from '../helpers/wizard.js';
import {
  createStaff,
  expectNoSeriousAxeViolations,
  heading,
  openSignedIn,
  registerPeople,
  registerTester,
  type StaffLogin,
  signIn,
  staffToken,
} from './helpers.js';

let server: RunningServer;
let browser: TestBrowser;
let staff: StaffLogin;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });
  staff = await createStaff(server);
  token = await staffToken(server, staff);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const unique = () => Math.random().toString(36).slice(2, 8);

async function signedInPage(): Promise<Page> {
  const page = await browser.newPage();
  await openSignedIn(page, server, token);
  return page;
}

/** A field by its label; MUI appends a thin space and '*' to required labels. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`));
}

async function fieldValue(page: Page, label: string) {
  return field(page, label).inputValue();
}

describe('console session', () => {
  it('shows the login, refuses a wrong password, signs in and describes each section', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/scadmin`);
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByRole('alert').getByText('Incorrect Email or Password').waitFor();
    await screenshot(page, 'console-login-error');

    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await heading(page, 'Backflow Admin Console');
    const menu = page.getByRole('menu');
    for (const section of [
      'Home',
      'Add Organization',
      'Search/Edit Organization',
      'Certifications',
      'Active Organizations',
      'Inactive Organizations',
      'Reports',
      'Find Users',
    ]) {
      await menu.getByRole('menuitem', { name: section, exact: true }).waitFor();
    }
    await page.getByRole('heading', { level: 2, name: 'Certifications' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'home');
    await screenshot(page, 'console-home');

    await menu.getByRole('menuitem', { name: 'Reports', exact: true }).click();
    await heading(page, 'Reports');
    expect(new URL(page.url()).pathname).toBe('/scadmin/reports');
    await page.close();
  });

  it('fits every section label in the sidebar at 1280 px wide, none cut short', async () => {
    const page = await signedInPage();
    expect(page.viewportSize()?.width).toBe(1280);
    const labels = page.getByRole('menu').getByRole('menuitem');
    await labels.first().waitFor();
    const sizes = await labels.evaluateAll((items) =>
      items.map((item) => {
        const label = item.querySelector('.MuiTypography-root') as HTMLElement;
        return {
          label: label.textContent,
          overflow: label.scrollWidth - label.clientWidth + label.scrollHeight - label.clientHeight,
        };
      }),
    );
    expect(sizes.map((size) => size.label)).toContain('Search/Edit Organization');
    expect(sizes.filter((size) => size.overflow > 0)).toEqual([]);
    // Grouped by the work, each group named; Tab goes from section to section past the names.
    const groups = page.getByRole('menu').getByRole('separator');
    expect(
      await groups.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))),
    ).toEqual(['Organizations', 'Registrations', 'The field', 'Administration']);
    await page.getByRole('menuitem', { name: 'Expiring', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Find Users');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Assemblies');
    await page.close();
  });

  it('keeps the session when a deep link is reloaded', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/certifications`);
    await heading(page, 'Certifications');
    await page.reload();
    await heading(page, 'Certifications');
    expect(await page.getByRole('button', { name: 'LOGIN' }).count()).toBe(0);
    await page.goto(`${server.url}/scadmin/users?page=1`);
    await heading(page, 'Find Users');
    await page.close();
  });

  it('logs out, clears the token, and the old token no longer works', async () => {
    const page = await browser.newPage();
    await signIn(page, server, staff);
    const token = await page.evaluate('sessionStorage.getItem("authToken")');
    expect(token).toBeTruthy();
    const before = await fetch(`${server.url}/api/sc/get/verify_auth`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(before.status).toBe(200);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(new URL(page.url()).pathname.startsWith('/scadmin')).toBe(true);
    expect(await page.evaluate('sessionStorage.getItem("authToken")')).toBeNull();

    const after = await fetch(`${server.url}/api/sc/get/verify_auth`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await page.goto(`${server.url}/scadmin/active`);
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    await page.close();
  });
});

describe('organizations', () => {
  it('creates an organization whose form link opens the public site', async () => {
    const page = await signedInPage();
    const name = `Console Created ${unique()}`;
    await page.goto(`${server.url}/scadmin/create`);
    await heading(page, 'Add Organization');
    await page.getByRole('checkbox', { name: 'AWWA' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'AWWA' }).isChecked()).toBe(true);
    expect(await fieldValue(page, 'Required Certifications')).toBe('1');
    await expectNoSeriousAxeViolations(page, 'add organization');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').getByText('Organization Name is required.').waitFor();
    await expectNoSeriousAxeViolations(page, 'add organization with errors');

    await field(page, 'Organization Name').fill(name);
    await page.getByLabel('Primary Internal Email').fill('program@example.com');
    await page.getByLabel('Additional Email 1').fill('extra@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Organization successfully created!').waitFor();
    await expectNoSeriousAxeViolations(page, 'created panel');
    await screenshot(page, 'console-org-created');
    const formUrl = await fieldValue(page, 'Organization URL');
    expect(formUrl).toMatch(/\/form\/[A-Za-z0-9_-]{20,}$/);
    // The link names the configured public URL; this test server listens on its own port.
    const formPath = new URL(formUrl).pathname;

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(formUrl);
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 5000 });

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Edit Info' }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/scadmin/vieworedit/${name}`);
    expect(await field(page, 'Organization Name').isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, 'organization view');

    const publicPage = await browser.newPage();
    await publicPage.goto(`${server.url}${formPath}`);
    await publicPage
      .getByRole('heading', { level: 1, name: `${name} Tester Registration` })
      .waitFor();
    await publicPage.close();
    await page.close();
  });

  it('opens an organization by its base64-encoded name too', async () => {
    const org = await createOrganization(server, { name: `Encoded Town ${unique()}` });
    const page = await signedInPage();
    const encoded = Buffer.from(org.name, 'utf8').toString('base64');
    await page.goto(`${server.url}/scadmin/vieworedit/${encodeURIComponent(encoded)}`);
    await heading(page, org.name);
    expect(await fieldValue(page, 'Organization Name')).toBe(org.name);
    await page.close();
  });

  it('edits and cancels (restoring the loaded values), then saves an edit', async () => {
    const org = await createOrganization(server, { name: `Edit Town ${unique()}` });
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/vieworedit/${encodeURIComponent(org.name)}`);
    await page.getByRole('button', { name: 'Edit Info' }).click();
    await page.getByRole('button', { name: 'Submit Edits' }).waitFor();
    await expectNoSeriousAxeViolations(page, 'organization edit');
    await page.getByLabel('Internal Notes').fill('Temporary note');
    await field(page, 'Required Certifications').fill('3');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit Info' }).waitFor();
    expect(await fieldValue(page, 'Internal Notes')).toBe('');
    expect(await fieldValue(page, 'Required Certifications')).toBe('1');

    await page.getByRole('button', { name: 'Edit Info' }).click();
    await field(page, 'Required Certifications').fill('2');
    await page.getByLabel('Internal Notes').fill('Saved by the console test');
    await page.getByRole('button', { name: 'Submit Edits' }).click();
    await page.getByText('Organization successfully edited!').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Edit Info' }).waitFor();
    expect(await fieldValue(page, 'Required Certifications')).toBe('2');
    expect(
      await countRows(
        server,
        'select count(*) from organizations where id = ? and required_certifications = 2 and internal_notes = ?',
        [org.id, 'Saved by the console test'],
      ),
    ).toBe(1);
    await page.close();
  });

  it('deletes only after the exact name is typed, then says so on the search page', async () => {
    const org = await createOrganization(server, { name: `Delete Town ${unique()}` });
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/vieworedit/${encodeURIComponent(org.name)}`);
    await page.getByRole('button', { name: 'Edit Info' }).click();
    await page.getByRole('button', { name: 'Delete Org' }).click();
    const panel = page.getByRole('form', { name: 'Delete organization' });
    await panel.getByLabel('Organization name to delete').fill(org.name.toLowerCase());
    await panel.getByRole('button', { name: 'Delete' }).click();
    await panel.getByText('Org name incorrect. Please enter the exact org name.').waitFor();
    await expectNoSeriousAxeViolations(page, 'delete panel');
    expect(
      await countRows(server, 'select count(*) from organizations where id = ?', [org.id]),
    ).toBe(1);

    await panel.getByLabel('Organization name to delete').fill(org.name);
    await panel.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Organization successfully deleted.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/scadmin/search');
    expect(
      await countRows(server, 'select count(*) from organizations where id = ?', [org.id]),
    ).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await field(page, 'Organization Name').fill(org.name);
    await page.getByText('No organizations found.').waitFor();
    await page.close();
  });

  it('finds organizations as the name is typed and lists active and inactive ones', async () => {
    const word = `Zq${unique()}`;
    const active = await createOrganization(server, { name: `North ${word} Utility` });
    const expired = await createOrganization(server, {
      name: `South ${word} Utility`,
      allowedUntil: '2020-01-31',
    });
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/search`);
    await field(page, 'Organization Name').fill(word.slice(0, 5).toLowerCase());
    await page.getByRole('link', { name: active.name }).waitFor();
    await page.getByRole('link', { name: expired.name }).waitFor();
    await expectNoSeriousAxeViolations(page, 'search');
    await page.getByRole('link', { name: active.name }).click();
    await heading(page, active.name);

    await page.goto(`${server.url}/scadmin/active`);
    await heading(page, 'Active Organizations');
    await page.getByRole('columnheader', { name: 'Allowed Until' }).waitFor();
    await page.getByPlaceholder('Search by name').fill(word.toLowerCase());
    const activeRow = page.getByRole('row', { name: new RegExp(active.name) });
    await activeRow.waitFor();
    expect(await activeRow.textContent()).toContain('2034-12-31');
    expect(await page.getByRole('row', { name: new RegExp(expired.name) }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page, 'active list');

    await page.goto(`${server.url}/scadmin/inactive`);
    await heading(page, 'Inactive Organizations');
    await page.getByRole('columnheader', { name: 'Access Expired On' }).waitFor();
    await page.getByPlaceholder('Search by name').fill(`south ${word.slice(0, 4)}`);
    // The search is applied (and kept in the URL) after a short pause in typing.
    await expect.poll(() => decodeURIComponent(page.url())).toContain('south');
    const expiredRow = page.getByRole('row', { name: new RegExp(expired.name) });
    await expiredRow.waitFor();
    expect(await expiredRow.textContent()).toContain('2020-01-31');
    await expectNoSeriousAxeViolations(page, 'inactive list');
    await expiredRow.getByRole('link', { name: /View/ }).click();
    await heading(page, expired.name);
    await page.close();
  });

  it('sorts the active list by the date access ends, on the server and in the address', async () => {
    const word = `Sq${unique()}`;
    const later = await createOrganization(server, {
      name: `Alpha ${word} Water`,
      allowedUntil: '2040-06-30',
    });
    const sooner = await createOrganization(server, {
      name: `Beta ${word} Water`,
      allowedUntil: '2035-06-30',
    });
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/active`);
    await page.getByPlaceholder('Search by name').fill(word.toLowerCase());
    const names = () => page.locator('td.column-name').allTextContents();
    await expect.poll(names).toEqual([later.name, sooner.name]);
    await page
      .getByRole('columnheader', { name: 'Allowed Until' })
      .getByText('Allowed Until')
      .click();
    await expect.poll(names).toEqual([sooner.name, later.name]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('allowedUntil');
    await page.reload();
    await expect.poll(names).toEqual([sooner.name, later.name]);
    await page.close();
  });
});

describe('certifications', () => {
  it('adds an agency and a type, links them, and the public wizard offers the new type', async () => {
    const agency = `E2E Agency ${unique()}`;
    const type = `E2E Type ${unique()}`;
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/certifications`);
    await heading(page, 'Certifications');
    await page.getByText('Changes made here affect ALL organization forms').waitFor();
    const addAgency = page.getByRole('button', { name: 'Add' }).first();
    expect(await addAgency.isDisabled()).toBe(true);
    await page.getByLabel('Agency Name').fill(agency);
    await addAgency.click();
    const agencyRow = page.getByRole('row', { name: agency });
    await agencyRow.waitFor();

    await page.getByLabel('Type Name').fill(type);
    await page.getByRole('button', { name: 'Add' }).nth(1).click();
    const typeBox = page.getByRole('checkbox', { name: type });
    await typeBox.waitFor();
    expect(await typeBox.isDisabled()).toBe(true);

    await agencyRow.click();
    expect(await agencyRow.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => typeBox.isDisabled()).toBe(false);
    expect(await typeBox.isChecked()).toBe(false);
    await typeBox.click();
    await expect.poll(() => typeBox.isChecked()).toBe(true);
    await expect.poll(() => typeBox.isDisabled()).toBe(false);
    await expectNoSeriousAxeViolations(page, 'certifications');
    await screenshot(page, 'console-certifications');
    await page.close();

    // An organization accepting the new agency offers the new type in the tester step.
    const org = await createOrganization(server, { agencies: ['AWWA', agency] });
    const wizard = await browser.newPage();
    await wizard.goto(`${server.url}/form/${org.hash}`);
    await wizard.getByRole('button', { name: 'Get Started' }).first().click();
    await expectStep(wizard, 'User Type');
    await wizard.getByLabel('Tester', { exact: true }).check();
    await next(wizard);
    await expectStep(wizard, 'Company Details');
    await fillCompany(wizard, {
      name: `Offer Check ${unique()}`,
      address: '5 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    await next(wizard);
    await expectStep(wizard, 'Tester Users');
    const cert = wizard.getByRole('group', { name: 'Certification #1', exact: true });
    await cert.getByLabel('Certification Agency', { exact: true }).selectOption({ label: agency });
    await cert.getByLabel('Certification Type', { exact: true }).selectOption({ label: type });
    expect(await cert.getByLabel('Certification Type', { exact: true }).inputValue()).not.toBe('');
    await wizard.close();
  });
});

describe('users', () => {
  let org: TestOrganization;

  beforeAll(async () => {
    org = await createOrganization(server, { name: `Users Town ${unique()}` });
  });

  it('finds a registered user in an organization, enrolls and un-enrolls them', async () => {
    const tester = await registerTester(server, org);
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/users`);
    await heading(page, 'Find Users');
    await page.getByRole('button', { name: 'An Organization' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Please select a valid organization.').waitFor();

    await page.getByRole('combobox', { name: 'Organization' }).fill(org.name.slice(0, 12));
    await page.getByRole('option', { name: org.name }).click();
    await page.getByLabel('Name', { exact: true }).fill(tester.lastName);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(`Selected Organization: ${org.name}`).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('org')).toBe(String(org.id));
    expect(url.searchParams.get('name')).toBe(tester.lastName);
    expect(url.searchParams.get('page')).toBe('1');
    const row = page.getByRole('row', { name: new RegExp(tester.email) });
    await row.waitFor();
    await page.getByText('Page 1 of 1').waitFor();
    await expectNoSeriousAxeViolations(page, 'find users');

    const enrolled = row.getByRole('checkbox');
    expect(await enrolled.isChecked()).toBe(false);
    await enrolled.click();
    await expect
      .poll(() =>
        countRows(
          server,
          'select count(*) from registrations r join users u on u.id = r.user_id where u.email = ? and r.enrolled',
          [tester.email],
        ),
      )
      .toBe(1);
    await expect.poll(() => row.getByRole('checkbox').isChecked()).toBe(true);
    // The click on the checkbox did not open the user.
    expect(new URL(page.url()).pathname).toBe('/scadmin/users');

    await page.reload();
    await page.getByText(`Selected Organization: ${org.name}`).waitFor();
    const reloadedRow = page.getByRole('row', { name: new RegExp(tester.email) });
    await expect.poll(() => reloadedRow.getByRole('checkbox').isChecked()).toBe(true);
    await reloadedRow.getByRole('checkbox').click();
    await expect
      .poll(() =>
        countRows(
          server,
          'select count(*) from registrations r join users u on u.id = r.user_id where u.email = ? and r.enrolled',
          [tester.email],
        ),
      )
      .toBe(0);
    await page.close();
  });

  it('opens a user from the list, edits them and downloads a certification document', async () => {
    const tester = await registerTester(server, org);
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/users?page=1&name=${encodeURIComponent(tester.email)}`);
    await page.getByRole('cell', { name: tester.email }).click();
    await heading(page, 'User Info');
    expect(new URL(page.url()).pathname).toMatch(/^\/scadmin\/users\/\d+$/);
    expect(await fieldValue(page, 'Email')).toBe(tester.email);
    await page.getByRole('cell', { name: org.name }).first().waitFor();
    await page.getByRole('cell', { name: tester.certNumber, exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page, 'user info');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, 'First Name').fill('');
    await page.getByRole('button', { name: 'Save Edits' }).click();
    await page.getByRole('alert').getByText('First Name is required.').waitFor();
    await page.getByRole('button', { name: 'Cancel Edits' }).click();
    expect(await fieldValue(page, 'First Name')).toBe(tester.firstName);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Phone').fill('555-0123');
    await field(page, 'First Name').fill('Renamed');
    await page.getByRole('button', { name: 'Save Edits' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await expect
      .poll(() =>
        countRows(
          server,
          "select count(*) from users where email = ? and first_name = 'Renamed' and phone = '555-0123'",
          [tester.email],
        ),
      )
      .toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: `Download document of certification ${tester.certNumber}` })
        .click(),
    ]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.url().startsWith('blob:')).toBe(true);
    await page.close();
  });

  it("pages through an organization's people by address, keeping the organization and name", async () => {
    const lastName = `Paged${unique()}`;
    await registerPeople(server, org, USERS_PAGE_SIZE + 1, lastName);
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/users?page=1&org=${org.id}&name=${lastName}`);
    await page.getByText('Page 1 of 2').waitFor();
    const people = page.getByRole('row', { name: new RegExp(lastName) });
    await page.getByRole('row', { name: /First 01/ }).waitFor();
    expect(await people.count()).toBe(USERS_PAGE_SIZE);
    expect(await page.getByRole('button', { name: 'Previous Page' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next Page' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('row', { name: /First 26/ }).waitFor();
    expect(await people.count()).toBe(1);
    const url = new URL(page.url());
    expect([...url.searchParams.entries()]).toEqual([
      ['page', '2'],
      ['org', String(org.id)],
      ['name', lastName],
    ]);
    expect(await page.getByRole('button', { name: 'Next Page' }).isDisabled()).toBe(true);
    await page.reload();
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByRole('row', { name: /First 26/ }).waitFor();

    await page.getByRole('button', { name: 'Previous Page' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    // A row opens User Info from the keyboard as well as with a click.
    await page.getByRole('row', { name: /First 01/ }).focus();
    await page.keyboard.press('Enter');
    await heading(page, 'User Info');
    expect(await fieldValue(page, 'First Name')).toBe('First 01');
    await page.close();
  });

  it('adds a user through the Add user dialog, with its messages', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/users`);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('User Type is required.').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'add user dialog');
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill(`Added${unique()}`);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('combobox', { name: 'User Type' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('Invalid email.').first().waitFor();
    const email = `added.${unique()}@example.com`;
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => countRows(server, 'select count(*) from users where email = ?', [email]))
      .toBe(1);
    await page.close();
  });

  it('shows the audit log of staff changes, filterable by entity', async () => {
    const page = await signedInPage();
    await page.goto(`${server.url}/scadmin/audit`);
    await heading(page, 'Audit Log');
    await page.getByRole('columnheader', { name: 'Who' }).waitFor();
    await page.getByRole('cell', { name: staff.email }).first().waitFor();
    await expectNoSeriousAxeViolations(page, 'audit log');
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toContain('user');
    const entities = () => page.locator('td.column-entityType').allTextContents();
    await expect.poll(async () => [...new Set(await entities())]).toEqual(['user']);
    await page.close();
  });
});
