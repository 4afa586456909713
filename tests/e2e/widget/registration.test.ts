/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchBrowser, screenshot, type TestBrowser } from '../helpers/browser.js';
import {
  countRows,
  createOrganization,
  documentFiles,
  type TestOrganization,
  uniqueEmail,
} from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  expectStep,
  expectTitle,
  fillCompany,
  fillPerson,
  getStarted,
  next,
  tabToElement,
} from '../helpers/wizard.js';

let server: RunningServer;
let browser: TestBrowser;
let org: TestOrganization;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  org = await createOrganization(server, {
    requiredCerts: 1,
    homeBanner: 'Welcome testers! -bRead carefully-b\nDetails at https://example.com/program',
    formBanner: 'Have your documents ready.',
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The spec's page number in the address bar and the progress line, whichever pages were passed. */
async function expectPage(page: Page, number: number) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/form/${org.hash}/step/${number}`);
  expect(await page.locator('.step-count').textContent()).toBe(
    `${org.name} Tester Registration · Step ${number + 1} of 7`,
  );
}

async function uploadDocument(page: Page, block: string, label: string, file: string) {
  const group = page.getByRole('group', { name: block, exact: true });
  await group.getByLabel(label, { exact: true }).setInputFiles(file);
  await group.getByRole('button', { name: 'Upload' }).click();
  await group.getByRole('button', { name: 'Uploaded' }).waitFor();
}

describe('public registration in the browser', () => {
  it('registers a tester with two certifications and a test kit, uploading real files', async () => {
    const page = await browser.newPage();
    const files = await documentFiles();
    const email = uniqueEmail('tester');

    await page.goto(`${server.url}/form/${org.hash}`);
    await page
      .getByRole('heading', { level: 1, name: `${org.name} Tester Registration` })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Get Started' }).count()).toBe(2);
    const bannerLink = page.getByRole('link', { name: /https:\/\/example.com\/program/ });
    expect(await bannerLink.getAttribute('target')).toBe('_blank');
    expect(await bannerLink.getAttribute('rel')).toBe('noopener');
    expect(await page.locator('.banner strong').textContent()).toBe('Read carefully');
    await expectNoAxeViolations(page, 'organization home');
    await screenshot(page, 'org-home');

    await getStarted(page);
    await expectTitle(page, /^Step 1 of 7: User Type/);
    await page
      .getByText('Admin accounts are not allowed to submit tests for others in the state of Texas.')
      .waitFor();
    await next(page);
    await page.getByText('Please Select Admin or Tester.').first().waitFor();
    await expectNoAxeViolations(page, 'page 0 with errors');
    await screenshot(page, 'wizard-0-user-type-errors');
    await page.getByLabel('Tester', { exact: true }).check();
    await screenshot(page, 'wizard-0-user-type');
    await next(page);

    await expectStep(page, 'Company Details');
    await next(page);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.locator('.error-list').getByText('Field required.').count()).toBe(0);
    await expectNoAxeViolations(page, 'page 1 with errors');
    await screenshot(page, 'wizard-1-company-errors');
    await fillCompany(page, {
      name: `Solo Tester ${email}`,
      address: '12 Pipe Lane',
      city: 'Austin',
      state: 'TX',
      zip: '1234',
    });
    await next(page);
    await page.getByText('Zip code invalid.').first().waitFor();
    await page.getByLabel('Postal Code', { exact: true }).fill('78701');
    await expectNoAxeViolations(page, 'page 1');
    await screenshot(page, 'wizard-1-company');
    await next(page);

    await expectStep(page, 'Tester Users');
    await expectPage(page, 4);
    await fillPerson(page, 'Tester #1', {
      first: 'Terry',
      last: 'Tester',
      email,
      phone: '555-0100',
    });
    const cert1 = page.getByRole('group', { name: 'Certification #1', exact: true });
    await cert1.getByLabel('Certification Number', { exact: true }).fill('AW-1001');
    await cert1.getByLabel('Expiration Date', { exact: true }).fill('2030-06-30');
    expect(await cert1.getByLabel('Certification Type', { exact: true }).isDisabled()).toBe(true);
    await cert1.getByLabel('Certification Agency', { exact: true }).selectOption({ label: 'AWWA' });
    await cert1
      .getByLabel('Certification Type', { exact: true })
      .selectOption({ label: 'Backflow Prevention Assembly Tester' });
    // Changing the agency clears the type.
    await cert1.getByLabel('Certification Agency', { exact: true }).selectOption({ label: 'ABPA' });
    expect(await cert1.getByLabel('Certification Type', { exact: true }).inputValue()).toBe('');
    await cert1
      .getByLabel('Certification Type', { exact: true })
      .selectOption({ label: 'Backflow Prevention Assembly Repairer' });
    expect(await page.getByRole('button', { name: 'Remove Cert #1' }).count()).toBe(0);
    await uploadDocument(page, 'Certification #1', 'Certification Document', files.pdf);

    await page.getByRole('button', { name: 'Add Another Cert' }).click();
    const cert2 = page.getByRole('group', { name: 'Certification #2', exact: true });
    await cert2.getByLabel('Certification Number', { exact: true }).fill('AS-2002');
    await cert2.getByLabel('Expiration Date', { exact: true }).fill('2031-01-31');
    await cert2.getByLabel('Certification Agency', { exact: true }).selectOption({ label: 'ASSE' });
    await cert2
      .getByLabel('Certification Type', { exact: true })
      .selectOption({ label: 'Cross-Connection Control Surveyor' });
    await cert2.getByLabel('Certification Document', { exact: true }).setInputFiles(files.pdf2);
    await page.getByRole('button', { name: 'Remove Cert #2' }).waitFor();
    await next(page);
    // Not uploaded yet: the step refuses.
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await expectNoAxeViolations(page, 'page 4 with errors');
    await uploadDocument(page, 'Certification #2', 'Certification Document', files.pdf2);
    await expectNoAxeViolations(page, 'page 4');
    await screenshot(page, 'wizard-4-testers');

    // A reload keeps the wizard where it was (uploaded links included).
    await page.reload();
    await expectStep(page, 'Tester Users');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByRole('button', { name: 'Uploaded' }).count()).toBe(2);
    await next(page);

    await expectStep(page, 'Test Kits');
    await expectPage(page, 5);
    const kit = page.getByRole('group', { name: 'Test Kit #1', exact: true });
    await kit.getByLabel('Serial Number', { exact: true }).fill('SN-42');
    await kit.getByLabel('Manufacturer', { exact: true }).fill('Watts');
    await kit.getByLabel('Model', { exact: true }).fill('TK-DP');
    await kit.getByLabel('Calibration Date', { exact: true }).fill('2026-01-15');
    await uploadDocument(page, 'Test Kit #1', 'Calibration Document', files.png);
    await page.getByRole('button', { name: 'Add Another Test Kit' }).click();
    await page.getByRole('button', { name: 'Remove Test Kit' }).click();
    await expectNoAxeViolations(page, 'page 5');
    await screenshot(page, 'wizard-5-test-kits');
    await next(page);

    await expectStep(page, 'Review');
    await expectTitle(page, /^Step 7 of 7: Review/);
    await expectPage(page, 6);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(1);
    await expectNoAxeViolations(page, 'page 6');
    await screenshot(page, 'wizard-6-review');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button').count()).toBe(0);
    await screenshot(page, 'wizard-6-review-print');
    await page.emulateMedia({ media: 'screen' });

    // The browser's Back button walks the wizard (6 → 5), and Next returns.
    await page.goBack();
    await expectStep(page, 'Test Kits');
    await expectPage(page, 5);
    await next(page);
    await expectStep(page, 'Review');

    // A double click submits once (one Idempotency-Key per run).
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.getByRole('link', { name: /knowledge base/ }).waitFor();
    await expectNoAxeViolations(page, 'thank-you');
    await screenshot(page, 'thank-you');
    expect(
      await countRows(server, 'select count(*) from users where lower(email) = lower(?)', [email]),
    ).toBe(1);
    expect(await countRows(server, 'select count(*) from test_kits')).toBe(1);
    await page.close();
  });

  it('registers an admin choosing a similar existing company on the match page', async () => {
    // An earlier registration left a company behind.
    const seeded = await fetch(`${server.url}/api/tr/submit/all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        hashValue: org.hash,
        companyInfo: [
          {
            companyName: 'Riverside Backflow Testing',
            companyPhone: '',
            companyAddress1: '400 River Road',
            companyAddress2: '',
            companyCity: 'Springfield',
            companyState: 'IL',
            companyZip: '62701',
          },
        ],
        userInfo: [
          {
            userType: 'admin',
            userFirstName: 'Earlier',
            userLastName: 'Admin',
            userEmail: uniqueEmail('earlier'),
            userPhone: '',
          },
        ],
        testKitInfo: [],
      }),
    });
    expect(((await seeded.json()) as { code: string }).code).toBe('SUCCESS');

    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${org.hash}/`);
    await page.getByRole('button', { name: 'Get Started' }).last().click();
    await expectStep(page, 'User Type');
    await expectPage(page, 0);
    await page.getByLabel('Admin (I will be submitting tests for others)*').check();
    await next(page);
    await expectStep(page, 'Company Details');
    await expectPage(page, 1);
    await fillCompany(page, {
      name: 'Riversde Backflow Testing',
      address: '400 River Rd',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    await next(page);

    await expectStep(page, 'Similar Companies');
    await expectPage(page, 2);
    await page
      .getByRole('rowheader', { name: 'Riverside Backflow Testing', exact: true })
      .waitFor();
    await expectNoAxeViolations(page, 'page 2');
    await screenshot(page, 'wizard-2-matches');
    await page.getByRole('button', { name: /^Select Riverside Backflow Testing/ }).click();

    await expectStep(page, 'Admin Users');
    await expectPage(page, 3);
    expect(await page.getByRole('button', { name: 'Remove This Admin' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Another Admin' }).click();
    await page.getByRole('button', { name: 'Remove This Admin' }).click();
    const email = uniqueEmail('admin');
    await fillPerson(page, 'Admin #1', { first: 'Ada', last: 'Admin', email });
    await expectNoAxeViolations(page, 'page 3');
    await screenshot(page, 'wizard-3-admins');
    await next(page);

    await expectStep(page, 'Tester Users');
    await expectPage(page, 4);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Test Kits');
    await expectPage(page, 5);
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Review');
    await expectPage(page, 6);
    await page.getByText('An existing company was selected.').waitFor();

    // Back mirrors the path: 6 → 5 → 4 → 3 → 2 (the match page) → 1.
    for (const [title, number] of [
      ['Test Kits', 5],
      ['Tester Users', 4],
      ['Admin Users', 3],
      ['Similar Companies', 2],
    ] as const) {
      await page.getByRole('button', { name: 'Back' }).click();
      await expectStep(page, title);
      await expectPage(page, number);
    }
    await page.getByRole('button', { name: /^Select Riverside Backflow Testing/ }).click();
    await next(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Review');
    await next(page);
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    expect(
      await countRows(
        server,
        `select count(*) from companies where name = 'Riverside Backflow Testing'`,
      ),
    ).toBe(1);
    await page.close();
  });

  it('completes a registration with the keyboard alone', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/form/${org.hash}`);
    await page
      .getByRole('heading', { level: 1, name: `${org.name} Tester Registration` })
      .waitFor();
    const tabTo = (name: RegExp, role?: 'button' | 'field') => tabToElement(page, name, role);
    const type = async (label: RegExp, text: string) => {
      await tabTo(label, 'field');
      await page.keyboard.type(text);
    };

    await tabTo(/^Get Started$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'User Type');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // Radio buttons: Tab reaches the group, arrows choose.
    await tabTo(/^Tester$/, 'field');
    await page.keyboard.press('ArrowDown');
    expect(
      await page.getByLabel('Admin (I will be submitting tests for others)*').isChecked(),
    ).toBe(true);
    await tabTo(/^Next$/);
    await page.keyboard.press('Enter');

    await expectStep(page, 'Company Details');
    await type(/^Company Name/, 'Keyboard Only Testing');
    // The tooltip opens on keyboard focus.
    await tabTo(/About Company Name/);
    await page.getByRole('tooltip').waitFor();
    await type(/^Company Address$/, '9 Key Street');
    await type(/^City/, 'Portland');
    await tabTo(/^State/, 'field');
    await page.keyboard.type('OR');
    await type(/^Postal Code/, '97201');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Admin Users');
    await type(/^First Name/, 'Kay');
    await type(/^Last Name/, 'Board');
    await type(/^Email/, uniqueEmail('keyboard'));
    await page.keyboard.press('Enter');
    await expectStep(page, 'Tester Users');
    await tabTo(/^Skip$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'Test Kits');
    await tabTo(/^Skip$/);
    await page.keyboard.press('Space');
    await expectStep(page, 'Review');
    await tabTo(/^Submit$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await page.close();
  });
});
