/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { es } from '../../shared/i18n/es.js';
import { addDays, todayInProgramZone } from '../../shared/program-zone.js';
import { requireCredentials } from '../api/registration/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import {
  publicUpload,
  registerCompany,
  sendEmpty,
  signInFromKeyboard,
  uploadDocument,
} from './helpers/account-forms.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, press, screenshot, type TestBrowser } from './helpers/browser.js';
import { countRows, createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// The credentials an organization asks for (issue 27), kept current from My registrations in a
// real browser: a company admin renews the company's insurance with a new certificate from the
// keyboard, and it waits for review at both organizations; in Spanish, a coverage under one
// organization's minimum is sent to the other only. axe on the record and every form state.

const INSURANCE = 'General liability insurance';

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
/** Insurance of at least $1,000,000 naming the organization. */
let springfield: TestOrganization;
/** Insurance of at least $2,000,000. */
let shelbyville: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  springfield = await createOrganization(server);
  shelbyville = await createOrganization(server);
  await requireCredentials(server.app.orm.em.fork(), springfield.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
  ]);
  await requireCredentials(server.app.orm.em.fork(), shelbyville.id, [
    { type: INSURANCE, minimumCoverage: 2_000_000 },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const inAYear = () => addDays(todayInProgramZone(), 365);

/**
 * A company registered with both organizations with its insurance, due in 30 days and accepted
 * by staff (written directly: the Review Queue's tests cover accepting it).
 */
async function insuredCompany() {
  const [typeRow] = await server.app.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>('select id from credential_types where name = ?', [INSURANCE]);
  const company = await registerCompany(
    server,
    [springfield, shelbyville],
    async (organization) => ({
      companyCredentials: {
        [String(typeRow?.id)]: {
          issuer: 'Prairie Mutual',
          coverage: '$2,500,000',
          additionalInsured: true,
          expirationDate: addDays(todayInProgramZone(), 30),
          documentLink: await publicUpload(server, organization),
        },
      },
    }),
  );
  await server.app.orm.em
    .fork()
    .getConnection()
    .execute(
      `update credentials set review_decision = 'accepted'
        where registration_id in (select id from registrations where company_id = ?)`,
      [company.companyId],
    );
  return company;
}

/** A sentence naming both organizations, in either order. */
const namingBoth = (words: string, first: string, second: string) =>
  new RegExp(
    [`${first} and ${second}`, `${second} and ${first}`]
      .map((names) => fillMessage(words, { organizations: names }).replace('.', '\\.'))
      .join('|'),
  );

/** Opens the insurance's Renew form from the keyboard; its heading takes focus. */
async function openRenewal(page: Page, words: { renew: string; renewCredentialTitle: string }) {
  const insurance = page.getByRole('region', { name: INSURANCE, exact: true });
  await press(page, insurance.getByRole('button', { name: new RegExp(`^${words.renew}`) }));
  await expect.poll(() => focused(page)).toBe(`H4: ${words.renewCredentialTitle}`);
  return insurance;
}

describe('My registrations: the company’s credentials', () => {
  it('a company admin renews the insurance with a new certificate from the keyboard; it waits for review at both organizations', async () => {
    const { admin, companyId } = await insuredCompany();
    const W = en.account;
    const page = await browser.newPage();
    await signInFromKeyboard(page, server, smtp, admin.email);
    const record = page.getByRole('region', { name: W.credentialsHeading, exact: true });
    await record.waitFor();
    const insurance = page.getByRole('region', { name: INSURANCE, exact: true });
    await insurance.getByText(W.status.replace('{status}', W.statuses.expiring)).waitFor();
    await insurance.getByText(W.heldByCompany).waitFor();
    await insurance.getByText('$2,500,000').waitFor();
    await expectNoAxeViolations(page, 'credentials on the record');

    await openRenewal(page, W);
    // What is on file to start with, and each organization's minimum beside the coverage.
    const coverage = insurance.getByLabel(en.labels.credentialCoverage, { exact: false });
    expect(await coverage.inputValue()).toBe('$2,500,000');
    const minimums = await insurance.getByText(/^Minimum coverage: /).textContent();
    expect(minimums).toContain(`$1,000,000 for ${springfield.name}`);
    expect(minimums).toContain(`$2,000,000 for ${shelbyville.name}`);
    await expectNoAxeViolations(page, 'renew a credential');

    // Sent without its new certificate: the summary takes focus and links to the field.
    await sendEmpty(page, W.sendForReview);
    await page.getByRole('link', { name: en.labels.credentialDocument, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'renew a credential with errors');

    // The new certificate, from the keyboard.
    await coverage.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('$3,000,000');
    await insurance.getByLabel(en.labels.credentialExpirationDate, { exact: true }).fill(inAYear());
    await insurance.getByLabel(en.labels.credentialAdditionalInsured, { exact: true }).focus();
    await page.keyboard.press('Space');
    await uploadDocument(page, en.labels.credentialDocument);
    await press(page, page.getByRole('button', { name: W.sendForReview, exact: true }));
    await page.getByRole('heading', { level: 3, name: W.sentTitle }).waitFor();
    expect(await focused(page)).toBe(`H3: ${W.sentTitle}`);
    await page.getByText(namingBoth(W.sentTo, springfield.name, shelbyville.name)).waitFor();
    // The record, read again: the renewal waits; what is on file stays until it is accepted.
    await insurance.getByText(W.status.replace('{status}', W.statuses.renewalWaiting)).waitFor();
    await insurance.getByText('$2,500,000').waitFor();
    const organizations = page.getByRole('table', { name: W.registrationsHeading });
    expect(await organizations.getByRole('cell', { name: 'Pending review' }).count()).toBe(2);
    // Beside every copy: the admin's and the tester's registration with each organization.
    expect(
      await countRows(
        server,
        `select count(*) as count from credentials d
           join registrations r on r.id = d.registration_id
          where r.company_id = ? and (d.renewal->>'coverage')::bigint = 3000000`,
        [companyId],
      ),
    ).toBe(4);
    await expectNoAxeViolations(page, 'credential renewal sent');
    await screenshot(page, 'account-credential-renewal-sent');
    await page.close();
  });

  it('in Spanish, a coverage under one organization’s minimum goes to the other only, the refusal named', async () => {
    const { admin } = await insuredCompany();
    const W = es.account;
    const page = await browser.newPage();
    await signInFromKeyboard(page, server, smtp, admin.email, 'es');
    await page.getByRole('region', { name: W.credentialsHeading, exact: true }).waitFor();
    await expectNoAxeViolations(page, 'credentials on the record (es)');
    const insurance = await openRenewal(page, W);
    await expectNoAxeViolations(page, 'renew a credential (es)');
    await sendEmpty(page, W.sendForReview, 'es');
    await expectNoAxeViolations(page, 'renew a credential with errors (es)');

    const coverage = insurance.getByLabel(es.labels.credentialCoverage, { exact: false });
    await coverage.fill('$1,500,000');
    await insurance.getByLabel(es.labels.credentialExpirationDate, { exact: true }).fill(inAYear());
    await insurance.getByLabel(es.labels.credentialAdditionalInsured, { exact: true }).focus();
    await page.keyboard.press('Space');
    await uploadDocument(page, es.labels.credentialDocument, 'es');
    await press(page, page.getByRole('button', { name: W.sendForReview, exact: true }));
    await page.getByRole('heading', { level: 3, name: W.sentTitle }).waitFor();
    await page.getByText(fillMessage(W.sentTo, { organizations: springfield.name })).waitFor();
    await page
      .getByText(
        fillMessage(W.refusal, {
          organization: shelbyville.name,
          reason: fillMessage(es.messages.coverageTooLow, { amount: '$2,000,000' }),
        }),
      )
      .waitFor();
    await expectNoAxeViolations(page, 'credential renewal sent (es)');
    await page.close();
  });
});
