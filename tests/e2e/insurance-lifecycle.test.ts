import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization, Registration, User } from '../../api/src/db/entities/index.js';
import { programZoneInstant } from '../../api/src/modules/reports/report-frequency.js';
import { runStandings } from '../../api/src/modules/standing/run.js';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { es } from '../../shared/i18n/es.js';
import { addDays, todayInProgramZone } from '../../shared/program-zone.js';
import { requireCredentials } from '../api/registration/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import {
  createStaffWithRole,
  expectNoSeriousAxeViolations,
  heading,
  signIn,
  tabTo,
} from './admin/helpers.js';
import { signInFromKeyboard, uploadDocument } from './helpers/account-forms.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, freshPage, launchBrowser, press, type TestBrowser } from './helpers/browser.js';
import {
  createOrganization,
  documentFiles,
  type TestOrganization,
  uniqueEmail,
} from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';
import { expectStep, fillCompany, fillPerson, getStarted, next } from './helpers/wizard.js';

// Issue 27's lifecycle of a company's insurance, in a real browser against the real server and a
// real SMTP receiver: an organization requires insurance of at least $1,000,000 and suspends
// automatically when a required credential expires; a company registers with its certificate
// through the wizard; an Editor accepts it in the Review Queue and approves; the night after
// the certificate's last day the standing run suspends the registration and the company admin
// is emailed; the admin renews the certificate from My registrations and, once an Editor accepts
// it, the registration is Active again. axe on the new pages in English and Spanish.

const INSURANCE = 'General liability insurance';

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let organization: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  // Setup, as the console's organization form would save it (tested on its own).
  organization = await createOrganization(server);
  await requireCredentials(server.app.orm.em.fork(), organization.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
  ]);
  await server.app.orm.em
    .fork()
    .nativeUpdate(Organization, { id: organization.id }, { suspendOnExpiry: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

/** The standing run of the night a program-zone day begins (00:05 there), as the job runs it. */
function nightOf(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const now = new Date(programZoneInstant(year, month, date, 0).getTime() + 5 * 60_000);
  return runStandings(server.app.orm.em.fork(), { now });
}

/** The messages the SMTP receiver got with this subject, once the outbox has sent what waits. */
async function emailsTitled(subject: string) {
  await server.app.outbox.deliver();
  return smtp.messages.filter((message) => message.subject === subject);
}

/** Whom a message was sent to. */
const recipientOf = (message: ParsedMail) =>
  message.to && !Array.isArray(message.to) ? message.to.text : '';

const userIdOf = async (email: string) =>
  (await server.app.orm.em.fork().findOneOrFail(User, { email })).id;

/** The person's registration (their only one), read again. */
const registrationOf = async (email: string) =>
  server.app.orm.em
    .fork()
    .findOneOrFail(Registration, { user: await userIdOf(email) }, { refresh: true });

/** User Info's row for the organization, read again from the server. */
async function userInfoRow(staff: Page, userId: number) {
  await staff.goto(`${server.url}/scadmin/users/${userId}`);
  await heading(staff, 'User Info');
  return staff
    .getByRole('table', { name: 'Organizations' })
    .getByRole('row')
    .filter({ hasText: organization.name });
}

/**
 * Opens the review of the person's registration from the Review Queue in the sidebar; answers
 * the queue row's cells.
 */
async function openFromQueue(staff: Page, email: string, name: string) {
  await staff.goto(`${server.url}/scadmin`);
  await staff
    .getByRole('menu')
    .getByRole('menuitem', { name: /^Review Queue \(\d+\)$/ })
    .click();
  await heading(staff, 'Review Queue');
  const row = staff
    .getByRole('table', { name: 'Registrations waiting for review' })
    .getByRole('row')
    .filter({ hasText: email });
  await row.waitFor();
  const cells = await row.getByRole('cell').allTextContents();
  await row.getByText(email).click();
  await heading(staff, `Review: ${name}`);
  return cells;
}

describe('a company’s insurance through its lifecycle', () => {
  it('registers with it, is suspended the night after it expires, and is Active again once its renewal is accepted', async () => {
    const files = await documentFiles();
    const today = todayInProgramZone();
    const lastDay = addDays(today, 20);
    const admin = { first: 'Ina', last: `Sured${Date.now()}`, email: uniqueEmail('insured') };
    const adminName = `${admin.first} ${admin.last}`;
    const switchLanguage = (page: Page, from: string, to: string) =>
      press(page, page.getByRole('navigation', { name: from }).getByRole('button', { name: to }));

    // 1. The company registers through the wizard with its insurance certificate.
    const wizard = await freshPage(browser, server.url);
    await wizard.goto(`${server.url}/form/${organization.hash}`);
    await getStarted(wizard);
    await wizard.getByLabel('Admin (I will be submitting tests for others)*').check();
    await next(wizard);
    await expectStep(wizard, 'Company Details');
    await fillCompany(wizard, {
      name: `Lifecycle Backflow ${Date.now()}`,
      address: '12 Policy Lane',
      city: 'Lincoln',
      state: 'NE',
      zip: '68508',
    });
    await next(wizard);
    await expectStep(wizard, en.steps.companyCredentials);
    const insurance = wizard.getByRole('group', { name: INSURANCE, exact: true });
    await insurance.getByText('At least $1,000,000.').waitFor();
    await expectNoAxeViolations(wizard, 'company credentials');
    await insurance.getByLabel(en.labels.credentialIssuer, { exact: true }).fill('Prairie Mutual');
    await insurance.getByLabel(en.labels.credentialCoverage, { exact: true }).fill('$2,500,000');
    await insurance.getByLabel(en.labels.credentialExpirationDate, { exact: true }).fill(lastDay);
    await insurance.getByLabel(en.labels.credentialAdditionalInsured, { exact: true }).check();
    await insurance
      .getByLabel(en.labels.credentialDocument, { exact: true })
      .setInputFiles(files.pdf);
    await press(wizard, insurance.getByRole('button', { name: 'Upload' }));
    await insurance.getByRole('button', { name: 'Uploaded' }).waitFor();
    // The same page in Spanish, everything entered kept; then back to English to send it.
    await switchLanguage(wizard, en.site.languageSwitch, 'Español');
    await expectStep(wizard, es.steps.companyCredentials);
    expect(await wizard.getByLabel(es.labels.credentialIssuer, { exact: true }).inputValue()).toBe(
      'Prairie Mutual',
    );
    await expectNoAxeViolations(wizard, 'company credentials (es)');
    await switchLanguage(wizard, es.site.languageSwitch, 'English');
    await expectStep(wizard, en.steps.companyCredentials);
    await next(wizard);
    await expectStep(wizard, 'Admin Users');
    await fillPerson(wizard, 'Admin #1', admin);
    await next(wizard);
    await expectStep(wizard, 'Tester Users');
    await wizard.getByRole('button', { name: 'Skip' }).click();
    await expectStep(wizard, 'Test Kits');
    await wizard.getByRole('button', { name: 'Skip' }).click();
    await expectStep(wizard, 'Review');
    await wizard
      .getByRole('region', { name: en.steps.companyCredentials })
      .getByText('Prairie Mutual')
      .waitFor();
    await next(wizard);
    await wizard.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    await wizard.close();
    expect(await registrationOf(admin.email)).toMatchObject({ reviewState: 'pending' });

    // 2. An Editor accepts the certificate beside its document and approves the registration.
    const staff = await browser.newPage();
    await signIn(staff, server, await createStaffWithRole(server, 'editor'));
    expect(await openFromQueue(staff, admin.email, adminName)).toEqual(
      expect.arrayContaining(['Admin', 'Active', 'New']),
    );
    const reviewed = staff.getByRole('region', { name: INSURANCE });
    for (const fact of ['Prairie Mutual', '$2,500,000', 'Names the organization', 'The company']) {
      await reviewed.getByText(fact, { exact: true }).waitFor();
    }
    // The certificate is shown beside it, in the browser's PDF viewer.
    await reviewed.locator(`iframe[title="Document of ${INSURANCE} (PDF)"]`).waitFor();
    await tabTo(staff, `Accept ${INSURANCE}`);
    await staff.keyboard.press('Enter');
    await reviewed.getByText('Accepted', { exact: true }).waitFor();
    await staff.getByText('Every document is accepted').waitFor();
    await tabTo(staff, 'Approve Registration');
    await staff.keyboard.press('Enter');
    await expect.poll(async () => (await registrationOf(admin.email)).reviewState).toBe('approved');
    // Find Users: approved and Active; its row leads to User Info.
    await staff.goto(
      `${server.url}/scadmin/users?page=1&org=${organization.id}&name=${admin.last}`,
    );
    await heading(staff, 'Find Users');
    const found = staff.getByRole('row').filter({ hasText: admin.email });
    await found.getByRole('cell', { name: 'Approved' }).waitFor();
    expect(await found.textContent()).toContain('Active');
    const userId = await userIdOf(admin.email);
    const approvedRow = await userInfoRow(staff, userId);
    await expect.poll(() => approvedRow.textContent()).toContain('Active');

    // 3. The night after the certificate's last day: suspended automatically, the admin emailed.
    expect((await nightOf(lastDay)).suspended).toBe(0);
    expect((await registrationOf(admin.email)).standing).toBe('active');
    expect((await nightOf(addDays(lastDay, 1))).suspended).toBe(1);
    const reason = `Expired: ${INSURANCE}.`;
    const suspendedRow = await userInfoRow(staff, userId);
    await expect.poll(() => suspendedRow.textContent()).toContain('Suspended');
    expect(await suspendedRow.textContent()).toContain(reason);
    await staff.goto(
      `${server.url}/scadmin/users?page=1&org=${organization.id}&standing=suspended`,
    );
    await heading(staff, 'Find Users');
    await expect
      .poll(() => staff.getByRole('row').filter({ hasText: admin.email }).textContent())
      .toContain('Suspended');
    const suspendedSubject = `Your ${organization.name} registration is suspended`;
    const suspensions = await emailsTitled(suspendedSubject);
    expect(suspensions.map(recipientOf)).toEqual([admin.email]);
    const suspension = suspensions[0]?.text ?? '';
    expect(suspension).toContain(`Hello ${admin.first},`);
    expect(suspension).toContain(
      fillMessage(en.emails.standing.suspendedIntro, { organization: organization.name }),
    );
    expect(suspension).toContain(`Reason: ${reason}`);
    expect(suspension).toContain(en.emails.standing.suspendedAutomatically);
    expect(suspension).toMatch(/My registrations: https?:\/\/\S+\/account\n/);
    // A second run the same night changes nothing and sends nothing more.
    expect((await nightOf(addDays(lastDay, 1))).suspended).toBe(0);
    expect(await emailsTitled(suspendedSubject)).toHaveLength(1);

    // 4. The admin signs in with the emailed link and renews the certificate.
    const W = en.account;
    const account = await browser.newPage();
    await signInFromKeyboard(account, server, smtp, admin.email);
    const registrations = account.getByRole('table', { name: W.registrationsHeading });
    await expect
      .poll(() =>
        registrations.getByRole('row', { name: new RegExp(organization.name) }).textContent(),
      )
      .toContain(W.standings.suspended);
    const credentials = account.getByRole('region', { name: W.credentialsHeading, exact: true });
    await credentials.waitFor();
    const onFile = account.getByRole('region', { name: INSURANCE, exact: true });
    await onFile.getByText('$2,500,000').waitFor();
    await expectNoAxeViolations(account, 'My registrations: credentials');
    await press(account, onFile.getByRole('button', { name: new RegExp(`^${W.renew}`) }));
    await expect.poll(() => focused(account)).toBe(`H4: ${W.renewCredentialTitle}`);
    await expectNoAxeViolations(account, 'My registrations: renew a credential');
    await switchLanguage(account, en.site.languageSwitch, 'Español');
    await account.getByRole('heading', { name: es.account.renewCredentialTitle }).waitFor();
    await expectNoAxeViolations(account, 'My registrations: renew a credential (es)');
    await switchLanguage(account, es.site.languageSwitch, 'English');
    await account.getByRole('heading', { name: W.renewCredentialTitle }).waitFor();
    const coverage = onFile.getByLabel(en.labels.credentialCoverage, { exact: false });
    await coverage.focus();
    await account.keyboard.press('ControlOrMeta+a');
    await account.keyboard.type('$3,000,000');
    await onFile
      .getByLabel(en.labels.credentialExpirationDate, { exact: true })
      .fill(addDays(today, 365));
    const additionalInsured = onFile.getByLabel(en.labels.credentialAdditionalInsured, {
      exact: true,
    });
    // Confirmed again for the new certificate (it is not carried over from the one on file).
    expect(await additionalInsured.isChecked()).toBe(false);
    await additionalInsured.focus();
    await account.keyboard.press('Space');
    expect(await additionalInsured.isChecked()).toBe(true);
    await uploadDocument(account, en.labels.credentialDocument);
    await press(account, account.getByRole('button', { name: W.sendForReview, exact: true }));
    await account.getByRole('heading', { level: 3, name: W.sentTitle }).waitFor();
    await account.getByText(fillMessage(W.sentTo, { organizations: organization.name })).waitFor();
    await onFile.getByText(W.status.replace('{status}', W.statuses.renewalWaiting)).waitFor();
    await expectNoAxeViolations(account, 'My registrations: renewal sent');
    await switchLanguage(account, en.site.languageSwitch, 'Español');
    await account
      .getByRole('region', { name: es.account.credentialsHeading, exact: true })
      .getByText(es.account.status.replace('{status}', es.account.statuses.renewalWaiting))
      .waitFor();
    await expectNoAxeViolations(account, 'My registrations: credentials (es)');
    // Sent is not accepted: still suspended.
    expect(await registrationOf(admin.email)).toMatchObject({
      standing: 'suspended',
      reviewState: 'pending',
    });

    // 5. An Editor accepts the renewal: the registration is approved and Active again at once.
    const queued = await openFromQueue(staff, admin.email, adminName);
    expect(queued).toEqual(expect.arrayContaining(['Suspended', 'From My registrations']));
    await reviewed.getByText('Renewal: replaces the one on file once accepted').waitFor();
    await reviewed.getByText('$3,000,000', { exact: true }).waitFor();
    await expectNoSeriousAxeViolations(staff, 'review of a renewed credential');
    await tabTo(staff, `Accept ${INSURANCE}`);
    await staff.keyboard.press('Enter');
    await reviewed.getByText('Accepted', { exact: true }).waitFor();
    await expect.poll(async () => (await registrationOf(admin.email)).standing).toBe('active');
    expect(await registrationOf(admin.email)).toMatchObject({
      reviewState: 'approved',
      enrolled: true,
    });
    const activeRow = await userInfoRow(staff, userId);
    await expect.poll(() => activeRow.textContent()).toContain('Active');
    expect(await activeRow.textContent()).toContain(en.messages.standingReplaced);
    const reinstated = await emailsTitled(`Your ${organization.name} registration is active again`);
    expect(reinstated.map(recipientOf)).toEqual([admin.email]);
    expect(reinstated[0]?.text).toContain(
      fillMessage(en.emails.standing.reinstatedIntro, { organization: organization.name }),
    );
    // The renewal replaced what expired: the same night's run leaves it Active.
    expect((await nightOf(addDays(lastDay, 1))).suspended).toBe(0);
    expect((await registrationOf(admin.email)).standing).toBe('active');
    await switchLanguage(account, es.site.languageSwitch, 'English');
    await account.reload();
    await expect
      .poll(() =>
        registrations.getByRole('row', { name: new RegExp(organization.name) }).textContent(),
      )
      .toContain(W.standings.active);
    await account.close();
    await staff.close();
  }, 240_000);
});
