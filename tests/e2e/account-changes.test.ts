/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration, User } from '../../api/src/db/entities/index.js';
import { MESSAGES } from '../../shared/codes.js';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { es } from '../../shared/i18n/es.js';
import type { TLanguage } from '../../shared/i18n/languages.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import {
  heading as consoleHeading,
  createStaff,
  newTester,
  openSignedIn,
  type RegisteredTester,
  registerTester,
  staffToken,
} from './admin/helpers.js';
import { emailedAccountLink } from './helpers/account.js';
import {
  registerCompany,
  sendEmpty,
  signInFromKeyboard,
  uploadDocument as upload,
} from './helpers/account-forms.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, press, screenshot, type TestBrowser } from './helpers/browser.js';
import {
  createOrganization,
  documentFiles,
  type TestOrganization,
  uniqueEmail,
} from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// My registrations' changes in a real browser, with the real SMTP receiver: a tester renews a
// certification with a new document and staff accept it in the console, adds a test kit and
// retires another; a company admin adds a tester (who signs in from their emailed link) and
// removes one; a change of email is confirmed from the new address. Keyboard where it matters,
// and axe on every form and its states in English and Spanish.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let token: string;
let springfield: TestOrganization;
let shelbyville: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  token = await staffToken(server, await createStaff(server));
  springfield = await createOrganization(server);
  shelbyville = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const W = en.account;
const CERTIFICATION_TYPE = 'Backflow Prevention Assembly Tester';

const staffCall = async (path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return response.json();
};

const registrationsOf = async (email: string) => {
  const em = server.app.orm.em.fork();
  const user = await em.findOneOrFail(User, { email });
  return em.find(Registration, { user: user.id }, { orderBy: { id: 'asc' }, refresh: true });
};

/** Staff accept the registration's documents and approve it, through the staff calls. */
async function approve(registrationId: number) {
  const record = await staffCall(`/api/admin/review/${registrationId}`);
  let version = record.version as number;
  for (const certification of record.certifications as { id: number }[]) {
    await staffCall(`/api/sc/submit/review/${registrationId}/document`, {
      version,
      item: 'certification',
      itemId: certification.id,
      decision: 'accepted',
    });
    version += 1;
  }
  await staffCall(`/api/sc/submit/review/${registrationId}/approve`, { version });
}

/** A tester registered with both organizations, with the same certification. */
async function testerOfBoth(): Promise<RegisteredTester> {
  return registerTester(server, shelbyville, await registerTester(server, springfield));
}

/** Signs in from the keyboard on the sign-in form, then with the link the email carries. */
const signIn = (page: Page, email: string, language: TLanguage = 'en') =>
  signInFromKeyboard(page, server, smtp, email, language);

/** A company registered with both organizations: its admin, and one tester. */
const companyOfBoth = () => registerCompany(server, [springfield, shelbyville]);

/** The latest link to this page emailed to the address. */
const emailedLink = async (address: string, page: 'sign-in' | 'confirm-email') =>
  (await emailedAccountLink(server, smtp, address, page)).path;

/** The result of a change names both organizations (in the order the server gives). */
async function sentToBoth(page: Page, words: string) {
  const [first, second] = [springfield.name, shelbyville.name];
  const either = [`${first} and ${second}`, `${second} and ${first}`];
  await page
    .getByText(
      new RegExp(either.map((names) => fillMessage(words, { organizations: names })).join('|')),
    )
    .waitFor();
}

/** An item's "Registered with:" names both organizations. */
async function registeredWithBoth(item: Locator) {
  const organizations = await item.getByText(/^Registered with: /).textContent();
  expect(organizations).toContain(springfield.name);
  expect(organizations).toContain(shelbyville.name);
}

const h1 = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** A test kit added through the call the form makes (with this page's session). */
async function addTestKitByCall(page: Page, serial: string) {
  const files = await documentFiles();
  const headers = { origin: server.url };
  const uploaded = await page.context().request.post(`${server.url}/api/account/uploads`, {
    headers,
    multipart: {
      file: { name: 'kit.pdf', mimeType: 'application/pdf', buffer: await readFile(files.pdf) },
    },
  });
  expect(uploaded.status()).toBe(200);
  const added = await page.context().request.post(`${server.url}/api/account/test-kits`, {
    headers,
    data: {
      kitSerial: serial,
      kitMfr: 'Watts',
      kitModel: 'TK-9',
      kitCalibDate: '2026-09-01',
      kitCalibDocLink: (await uploaded.json()).message.url,
    },
  });
  expect(added.status(), await added.text()).toBe(200);
}

describe('My registrations: a tester’s certifications and test kits', () => {
  it('renews a certification with a new document; staff accept it in the console and it is valid for both organizations', async () => {
    const tester = await testerOfBoth();
    for (const registration of await registrationsOf(tester.email)) await approve(registration.id);
    const page = await browser.newPage();
    await signIn(page, tester.email);
    const certification = page.getByRole('region', {
      name: `AWWA, ${CERTIFICATION_TYPE}: ${tester.certNumber}`,
    });
    await certification.getByText(`${W.status.replace('{status}', W.statuses.valid)}`).waitFor();

    // Renew: the form opens below the certification, its heading taking focus.
    await press(page, certification.getByRole('button', { name: /^Renew/ }));
    await expect.poll(() => focused(page)).toBe(`H4: ${W.renewTitle}`);
    await expectNoAxeViolations(page, 'renew form');

    // Sent empty: the summary takes focus, and each field says what its link says.
    await sendEmpty(page, W.sendForReview);
    await page.getByRole('link', { name: en.labels.certExp, exact: true }).waitFor();
    await page.getByRole('link', { name: en.labels.certDocLink, exact: true }).waitFor();
    expect(await certification.locator('.field-error').count()).toBe(2);
    await expectNoAxeViolations(page, 'renew form with errors');

    // A date not later than the one on file: the server's words, at the field and above.
    const date = certification.getByLabel(en.labels.certExp, { exact: true });
    await date.fill('2031-05-31');
    await upload(page, en.labels.certDocLink);
    await press(page, page.getByRole('button', { name: W.sendForReview }));
    await page
      .getByRole('link', { name: `${en.labels.certExp}: ${MESSAGES.renewalDateNotLater}` })
      .waitFor();
    await certification.locator('.field-error').getByText(MESSAGES.renewalDateNotLater).waitFor();

    await date.fill('2032-05-31');
    await press(page, page.getByRole('button', { name: W.sendForReview }));
    await page.getByRole('heading', { level: 3, name: W.sentTitle }).waitFor();
    expect(await focused(page)).toBe(`H3: ${W.sentTitle}`);
    await sentToBoth(page, W.sentTo);
    // The record, read again: the renewal waits, the registrations are back in review.
    await certification
      .getByText(W.status.replace('{status}', W.statuses.renewalWaiting))
      .waitFor();
    await certification.getByText('Expires on May 31, 2031').waitFor();
    const organizations = page.getByRole('table', { name: W.registrationsHeading });
    expect(await organizations.getByRole('cell', { name: 'Pending review' }).count()).toBe(2);
    await expectNoAxeViolations(page, 'renewal sent');
    await screenshot(page, 'account-renewal-sent');

    // Add a certification: its choices are those of the tester's organizations.
    await press(page, page.getByRole('button', { name: W.addCertification }));
    await expect.poll(() => focused(page)).toBe(`H3: ${W.addCertification}`);
    const agency = page.getByLabel(en.labels.certAgency, { exact: true });
    await agency.selectOption({ label: 'ASSE' });
    await expectNoAxeViolations(page, 'add a certification');
    await press(page, page.getByRole('button', { name: W.cancel }));
    expect(await focused(page)).toBe(`H2: ${W.certificationsHeading}`);

    // Staff accept the renewed certificate in the console, once for both organizations.
    const registrations = await registrationsOf(tester.email);
    const console = await browser.newPage();
    await openSignedIn(console, server, token);
    await console.goto(`${server.url}/scadmin/review/${registrations[0]?.id}`);
    await consoleHeading(console, `Review: ${tester.firstName} ${tester.lastName}`);
    await console.getByText('From My registrations', { exact: true }).waitFor();
    const renewed = console.getByRole('region', { name: `Certification ${tester.certNumber}` });
    await renewed.getByText('Renewal: replaces the one on file once accepted').waitFor();
    await press(
      console,
      renewed.getByRole('button', { name: `Accept Certification ${tester.certNumber}` }),
    );
    await expect
      .poll(async () => (await registrationsOf(tester.email)).map((r) => r.reviewState))
      .toEqual(['approved', 'approved']);
    await console.close();

    await page.reload();
    await h1(page, W.title);
    await certification.getByText(W.status.replace('{status}', W.statuses.valid)).waitFor();
    await certification.getByText('Expires on May 31, 2032').waitFor();
    await registeredWithBoth(certification);
    expect(await organizations.getByRole('cell', { name: 'Approved' }).count()).toBe(2);
    await page.close();
  });

  it('adds a test kit and retires another after a confirmation', async () => {
    const tester = await testerOfBoth();
    const page = await browser.newPage();
    await signIn(page, tester.email);
    await addTestKitByCall(page, `OLD-${tester.certNumber}`);
    await page.reload();
    const old = page.getByRole('region', { name: `Watts TK-9, serial OLD-${tester.certNumber}` });
    await old.waitFor();

    // A new calibration's form, then Cancel: focus returns to the kit's heading.
    await press(page, old.getByRole('button', { name: /^Send new calibration/ }));
    await expect.poll(() => focused(page)).toBe(`H4: ${W.calibrationTitle}`);
    await expectNoAxeViolations(page, 'calibration form');
    await sendEmpty(page, W.sendForReview);
    await page.getByRole('link', { name: en.labels.kitCalibDate, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'calibration form with errors');
    await press(page, page.getByRole('button', { name: W.cancel }));
    expect(await focused(page)).toBe(`H3: Watts TK-9, serial OLD-${tester.certNumber}`);

    // Add a kit: the wizard's fields, its calibration document uploaded.
    await press(page, page.getByRole('button', { name: W.addTestKit }));
    await expect.poll(() => focused(page)).toBe(`H3: ${W.addTestKit}`);
    await expectNoAxeViolations(page, 'add a test kit');
    await sendEmpty(page, W.sendForReview);
    await page.getByRole('link', { name: en.labels.kitSerial, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'add a test kit with errors');
    const serial = `NEW-${tester.certNumber}`;
    await page.getByLabel(en.labels.kitSerial, { exact: true }).fill(serial);
    await page.getByLabel(en.labels.kitMfr, { exact: true }).fill('Mueller');
    await page.getByLabel(en.labels.kitModel, { exact: true }).fill('BF-2');
    await page.getByLabel(en.labels.kitCalibDate, { exact: true }).fill('2026-10-15');
    await upload(page, en.labels.kitCalibDocLink);
    await press(page, page.getByRole('button', { name: W.sendForReview }));
    await page.getByRole('heading', { level: 3, name: W.sentTitle }).waitFor();
    await sentToBoth(page, W.sentTo);
    const added = page.getByRole('region', { name: `Mueller BF-2, serial ${serial}` });
    await added.getByText('Calibrated on October 15, 2026').waitFor();
    await registeredWithBoth(added);
    await expectNoAxeViolations(page, 'test kit sent');

    // Retire the other: a confirmation first, then it leaves the record.
    await press(page, old.getByRole('button', { name: /^Retire/ }));
    await expect.poll(() => focused(page)).toBe(`H4: ${W.retireTitle}`);
    await old.getByText(W.retireIntro).waitFor();
    await expectNoAxeViolations(page, 'retire confirmation');
    await press(page, page.getByRole('button', { name: W.retireConfirm }));
    await page.getByRole('heading', { level: 3, name: W.testKitRetiredTitle }).waitFor();
    expect(await focused(page)).toBe(`H3: ${W.testKitRetiredTitle}`);
    await page.getByText(MESSAGES.accountTestKitRetired).waitFor();
    await expect.poll(() => old.count()).toBe(0);
    await added.waitFor();
    await expectNoAxeViolations(page, 'test kit retired');

    // Comfortable on a phone: the forms fit without scrolling sideways.
    await page.setViewportSize({ width: 320, height: 800 });
    await press(page, page.getByRole('button', { name: W.addTestKit }));
    await expect.poll(() => focused(page)).toBe(`H3: ${W.addTestKit}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await screenshot(page, 'account-add-test-kit-phone');
    await page.close();
  });
});

describe('My registrations: a company admin’s people', () => {
  it('adds a tester, who signs in from their emailed link, and removes another after a confirmation', async () => {
    const { admin, tester } = await companyOfBoth();
    const page = await browser.newPage();
    await signIn(page, admin.email);
    const people = page.getByRole('region', { name: W.peopleHeading });
    await people.getByText(tester.email).waitFor();
    await people.getByText(admin.email).waitFor();
    // Everyone but the admin can be removed.
    expect(await people.getByRole('button', { name: /^Remove/ }).count()).toBe(1);
    await expectNoAxeViolations(page, 'company people');

    await press(page, people.getByRole('button', { name: W.addPerson }));
    await expect.poll(() => focused(page)).toBe(`H3: ${W.addPerson}`);
    await expectNoAxeViolations(page, 'add a person');
    await sendEmpty(page, W.addPersonSend);
    await page
      .getByRole('link', { name: `${en.labels.userType}: ${MESSAGES.userTypeIsRequired}` })
      .waitFor();
    await page.getByRole('link', { name: en.labels.userFirstName, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'add a person with errors');

    // A tester: their role chosen from the keyboard, the wizard's person and certification fields.
    const hired = newTester();
    await page.getByLabel(W.userTypes.tester, { exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel(en.labels.userFirstName, { exact: true }).fill(hired.firstName);
    await page.getByLabel(en.labels.userLastName, { exact: true }).fill(hired.lastName);
    await page.getByLabel(en.labels.userEmail, { exact: true }).fill(hired.email);
    const block = page.getByRole('group', {
      name: en.labels.certificationBlock.replace('{number}', '1'),
    });
    await block.getByLabel(en.labels.certNum, { exact: true }).fill(hired.certNumber);
    await block.getByLabel(en.labels.certExp, { exact: true }).fill('2031-08-31');
    await block.getByLabel(en.labels.certAgency, { exact: true }).selectOption({ label: 'AWWA' });
    await block
      .getByLabel(en.labels.certType, { exact: true })
      .selectOption({ label: CERTIFICATION_TYPE });
    await upload(page, en.labels.certDocLink);
    await expectNoAxeViolations(page, 'add a tester, filled');
    await press(page, page.getByRole('button', { name: W.addPersonSend }));
    await page.getByRole('heading', { level: 3, name: W.personAddedTitle }).waitFor();
    expect(await focused(page)).toBe(`H3: ${W.personAddedTitle}`);
    await sentToBoth(page, W.personSentTo);
    await people.getByText(hired.email).waitFor();
    await expectNoAxeViolations(page, 'person added');

    // Remove the first tester, after a confirmation naming them.
    const name = `${tester.firstName} ${tester.lastName}`;
    await press(page, people.getByRole('button', { name: `${W.remove} ${name}` }));
    const removeTitle = fillMessage(W.removePersonTitle, { name });
    await expect.poll(() => focused(page)).toBe(`H3: ${removeTitle}`);
    await expectNoAxeViolations(page, 'remove confirmation');
    await press(page, page.getByRole('button', { name: W.removePersonConfirm }));
    await page.getByRole('heading', { level: 3, name: W.personRemovedTitle }).waitFor();
    await page.getByText(MESSAGES.accountPersonRemoved).waitFor();
    await expect.poll(() => people.getByText(tester.email).count()).toBe(0);
    await screenshot(page, 'account-company-people');

    // The new tester's own way in: the link their invitation carries.
    await press(page, page.getByRole('button', { name: W.signOut }));
    await h1(page, W.signedOutTitle);
    await page.goto(`${server.url}${await emailedLink(hired.email, 'sign-in')}`);
    await h1(page, W.title);
    await page.getByText(`${hired.firstName} ${hired.lastName}`, { exact: true }).waitFor();
    const organizations = page.getByRole('table', { name: W.registrationsHeading });
    expect(await organizations.getByRole('cell', { name: 'Pending review' }).count()).toBe(2);
    await page
      .getByRole('region', { name: `AWWA, ${CERTIFICATION_TYPE}: ${hired.certNumber}` })
      .waitFor();
    await page.close();
  });
});

describe('My registrations: a change of email', () => {
  it('is confirmed from the new address, ends the session and is refused a second time', async () => {
    const tester = await testerOfBoth();
    const other = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signIn(page, tester.email);

    await press(page, page.getByRole('button', { name: W.changeEmail }));
    await expect.poll(() => focused(page)).toBe(`H3: ${W.emailFormTitle}`);
    await expectNoAxeViolations(page, 'change email');
    const field = page.getByLabel(W.newEmail, { exact: true });
    await field.focus();
    await page.keyboard.type(other.email);
    await page.keyboard.press('Enter');
    await page
      .getByRole('link', { name: `${W.newEmail}: ${MESSAGES.accountEmailTaken}` })
      .waitFor();
    await page.locator('.field-error').getByText(MESSAGES.accountEmailTaken).waitFor();
    await expectNoAxeViolations(page, 'change email with an error');

    const newEmail = uniqueEmail('moved');
    await field.fill(newEmail);
    await press(page, page.getByRole('button', { name: W.sendConfirmation }));
    await page.getByRole('heading', { level: 3, name: W.checkNewEmailTitle }).waitFor();
    expect(await focused(page)).toBe(`H3: ${W.checkNewEmailTitle}`);
    await page
      .getByText(fillMessage(MESSAGES.accountEmailConfirmSent, { email: newEmail }))
      .waitFor();
    await expectNoAxeViolations(page, 'check the new address');

    // The link sent to the new address: its token leaves the address at once.
    const link = await emailedLink(newEmail, 'confirm-email');
    await page.goto(`${server.url}${link}`);
    await h1(page, W.emailChangedTitle);
    expect(page.url()).toBe(`${server.url}/account/confirm-email?lang=en`);
    await page.getByText(fillMessage(MESSAGES.accountEmailChanged, { email: newEmail })).waitFor();
    await expectNoAxeViolations(page, 'email changed');
    expect((await page.context().request.get(`${server.url}/api/account/me`)).status()).toBe(401);
    await press(page, page.getByRole('link', { name: W.signInAgain }));
    await h1(page, W.signInTitle);

    // Used once: the second time says so, with a way back.
    await page.goto(`${server.url}${link}`);
    await h1(page, W.emailNotChangedTitle);
    await page.getByText(MESSAGES.accountEmailLinkInvalid).waitFor();
    await expectNoAxeViolations(page, 'email not changed');
    await press(page, page.getByRole('link', { name: W.backToAccount }));
    await h1(page, W.signInTitle);

    // The new address signs in.
    await signIn(page, newEmail);
    await page.getByText(newEmail, { exact: true }).waitFor();
    await page.close();
  });
});

describe('My registrations’ changes in Spanish', () => {
  const E = es.account;

  it('speaks Spanish on every form of a tester and on the email confirmation pages', async () => {
    const tester = await testerOfBoth();
    const page = await browser.newPage();
    await signIn(page, tester.email, 'es');
    await addTestKitByCall(page, `ES-${tester.certNumber}`);
    await page.reload();
    await h1(page, E.title);
    const certification = page.getByRole('region', {
      name: `AWWA, ${CERTIFICATION_TYPE}: ${tester.certNumber}`,
    });
    const kit = page.getByRole('region', {
      name: `Watts TK-9, número de serie ES-${tester.certNumber}`,
    });

    await press(page, certification.getByRole('button', { name: new RegExp(`^${E.renew}`) }));
    await expect.poll(() => focused(page)).toBe(`H4: ${E.renewTitle}`);
    await expectNoAxeViolations(page, 'renew form in Spanish');
    await sendEmpty(page, E.sendForReview, 'es');
    await page.getByRole('link', { name: es.labels.certExp, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'renew form with errors in Spanish');
    await certification.getByLabel(es.labels.certExp, { exact: true }).fill('2032-05-31');
    await upload(page, es.labels.certDocLink, 'es');
    await press(page, page.getByRole('button', { name: E.sendForReview }));
    await page.getByRole('heading', { level: 3, name: E.sentTitle }).waitFor();
    await page.getByText(/^Enviado para revisión a /).waitFor();
    await certification.getByText(`Estado: ${E.statuses.renewalWaiting}`).waitFor();
    await expectNoAxeViolations(page, 'renewal sent in Spanish');

    const opens = [
      [page.getByRole('button', { name: E.addCertification }), `H3: ${E.addCertification}`],
      [
        kit.getByRole('button', { name: new RegExp(`^${E.sendCalibration}`) }),
        `H4: ${E.calibrationTitle}`,
      ],
      [page.getByRole('button', { name: E.addTestKit }), `H3: ${E.addTestKit}`],
      [kit.getByRole('button', { name: new RegExp(`^${E.retire}`) }), `H4: ${E.retireTitle}`],
      [page.getByRole('button', { name: E.changeEmail }), `H3: ${E.emailFormTitle}`],
    ] as const;
    for (const [button, title] of opens) {
      await press(page, button);
      await expect.poll(() => focused(page)).toBe(title);
      if (title.endsWith(E.addCertification)) {
        await page.getByLabel(es.labels.certAgency, { exact: true }).waitFor();
      }
      await expectNoAxeViolations(page, `${title} in Spanish`);
    }
    // The email form is open: a new address, confirmed from the Spanish link.
    const newEmail = uniqueEmail('movido');
    await page.getByLabel(E.newEmail, { exact: true }).fill(newEmail);
    await press(page, page.getByRole('button', { name: E.sendConfirmation }));
    await page.getByRole('heading', { level: 3, name: E.checkNewEmailTitle }).waitFor();
    await expectNoAxeViolations(page, 'check the new address in Spanish');

    const link = await emailedLink(newEmail, 'confirm-email');
    expect(link).toContain('?lang=es#');
    await page.goto(`${server.url}${link}`);
    await h1(page, E.emailChangedTitle);
    await page
      .getByText(fillMessage(es.messages.accountEmailChanged, { email: newEmail }))
      .waitFor();
    await expectNoAxeViolations(page, 'email changed in Spanish');
    // Opened again later: a new page load.
    await page.goto('about:blank');
    await page.goto(`${server.url}${link}`);
    await h1(page, E.emailNotChangedTitle);
    await expectNoAxeViolations(page, 'email not changed in Spanish');
    await page.close();
  });

  it('speaks Spanish on a company admin’s forms', async () => {
    const { admin, tester } = await companyOfBoth();
    const page = await browser.newPage();
    await signIn(page, admin.email, 'es');
    const people = page.getByRole('region', { name: E.peopleHeading });
    await people.getByText(tester.email).waitFor();
    await expectNoAxeViolations(page, 'company people in Spanish');
    await press(page, people.getByRole('button', { name: E.addPerson }));
    await expect.poll(() => focused(page)).toBe(`H3: ${E.addPerson}`);
    await page.getByLabel(E.userTypes.tester, { exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel(es.labels.certAgency, { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'add a tester in Spanish');
    await sendEmpty(page, E.addPersonSend, 'es');
    await expectNoAxeViolations(page, 'add a tester with errors in Spanish');
    await press(page, page.getByRole('button', { name: E.cancel }));
    expect(await focused(page)).toBe(`H2: ${E.peopleHeading}`);
    const name = `${tester.firstName} ${tester.lastName}`;
    await press(page, people.getByRole('button', { name: `${E.remove} ${name}` }));
    await expect
      .poll(() => focused(page))
      .toBe(`H3: ${fillMessage(E.removePersonTitle, { name })}`);
    await expectNoAxeViolations(page, 'remove confirmation in Spanish');
    await press(page, page.getByRole('button', { name: E.removePersonConfirm }));
    await page.getByRole('heading', { level: 3, name: E.personRemovedTitle }).waitFor();
    await expectNoAxeViolations(page, 'person removed in Spanish');
    await page.close();
  });
});
