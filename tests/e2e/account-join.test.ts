/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/codes.js';
import { fillMessage } from '../../shared/fill-message.js';
import { en } from '../../shared/i18n/en.js';
import { ACCOUNT_EN } from '../../shared/i18n/en-account.js';
import { es } from '../../shared/i18n/es.js';
import { ACCOUNT_ES } from '../../shared/i18n/es-account.js';
import { addDays, todayInProgramZone } from '../../shared/program-zone.js';
import { requireCredentials } from '../api/registration/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { type RegisteredTester, registerTester } from './admin/helpers.js';
import { signInByEmail } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import {
  focused,
  launchBrowser,
  press,
  screenshot,
  type TestBrowser,
  tabTo,
} from './helpers/browser.js';
import {
  countRows,
  createOrganization,
  documentFiles,
  type TestOrganization,
} from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// Registering with another organization from My registrations, on that organization's home: a
// tester registered with one organization signs in through the emailed link, opens another's
// link, and the wizard opens filled in from the record, asking only what that organization needs
// beyond it (a second certification), documents on file reused; a second try is told they are
// registered already. Every state is checked with axe, in English and Spanish; nobody signed in,
// and the form inside a city's frame, see nothing of it.

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let springfield: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  springfield = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

type TWords = typeof ACCOUNT_ES;

const INSURANCE = 'General liability insurance';

const panelText = (words: TWords, tester: RegisteredTester, organization: TestOrganization) =>
  fillMessage(words.joinIntro, {
    name: `${tester.firstName} ${tester.lastName}`,
    organization: organization.name,
  });

/**
 * Opens an organization's home and waits until its check of who is signed in was answered and
 * what the answer leads to is drawn; answers the check's status.
 */
async function openHome(page: Page, path: string): Promise<number> {
  const check = page.waitForResponse((response) => response.url().endsWith('/api/account/me'));
  await page.goto(`${server.url}${path}`);
  const answer = await check;
  await answer.finished();
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn))));
  return answer.status();
}

const getStartedTop = async (page: Page, label: string) =>
  (await page.getByRole('button', { name: label }).first().boundingBox())?.y;

/** The panel pressed from the keyboard (tabbed to, as a keyboard-only person does). */
async function registerByKeyboard(page: Page, words: TWords) {
  await page.getByRole('button', { name: words.joinButton }).waitFor();
  await tabTo(page, words.joinButton);
  await page.keyboard.press('Enter');
}

const registrationsWith = (organization: TestOrganization, tester: RegisteredTester) =>
  countRows(
    server,
    `select count(*) from registrations r join users u on u.id = r.user_id
      where r.organization_id = ? and u.email = ? and r.review_state = 'pending'`,
    [organization.id, tester.email],
  );

interface RegistrationRow {
  certifications: number;
  reused: number;
  claimed: number;
}

/** The tester's registration with the organization: its certifications, reused and newly claimed. */
async function registrationWith(organization: TestOrganization, tester: RegisteredTester) {
  const rows = await server.app.orm.em
    .fork()
    .getConnection()
    .execute<RegistrationRow[]>(
      `select count(c.id)::int as certifications,
              count(c.id) filter (where exists (
                select 1 from certifications earlier
                 where earlier.document_id = c.document_id and earlier.registration_id <> r.id))::int
                as reused,
              count(c.id) filter (where d.organization_id = r.organization_id
                and d.attached_at is not null)::int as claimed
         from registrations r join users u on u.id = r.user_id
         left join certifications c on c.registration_id = r.id
         left join documents d on d.id = c.document_id
        where r.organization_id = ? and u.email = ? and r.review_state = 'pending'
        group by r.id`,
      [organization.id, tester.email],
    );
  return rows;
}

/** Chooses a file for the block's upload control and uploads it from the keyboard. */
async function uploadIn(page: Page, block: string, label: string, upload: string, done: string) {
  const files = await documentFiles();
  const group = page.getByRole('group', { name: block, exact: true });
  await group.getByLabel(label, { exact: true }).setInputFiles(files.pdf2);
  await press(page, group.getByRole('button', { name: upload }));
  await group.getByRole('button', { name: done }).waitFor();
}

/** The wizard's page with this heading, its heading focused and its progress in the title. */
async function expectWizardPage(page: Page, title: string, progress: RegExp) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await expect.poll(() => focused(page)).toBe(`H1: ${title}`);
  await expect.poll(() => page.title()).toMatch(progress);
}

describe('registering from My registrations on an organization’s home', () => {
  it('opens the wizard filled in from the record, asking only the certification still needed', async () => {
    const shelbyville = await createOrganization(server, { requiredCerts: 2 });
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();

    // Nobody signed in: the home as always.
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(401);
    const signedOutTop = await getStartedTop(page, en.org.getStarted);
    expect(await page.getByRole('button', { name: ACCOUNT_EN.joinButton }).count()).toBe(0);

    await signInByEmail(page, server, smtp, tester.email);
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(200);
    const panel = page.getByRole('region', { name: ACCOUNT_EN.title });
    await panel.getByText(panelText(ACCOUNT_EN, tester, shelbyville)).waitFor();
    // Below Get Started, which stays where it was.
    expect(await getStartedTop(page, en.org.getStarted)).toBe(signedOutTop);
    await expectNoAxeViolations(page, 'the offer to register with saved details');
    await screenshot(page, 'account-join-offer');

    // The wizard opens on the one page asking for something: the certification still needed.
    await registerByKeyboard(page, ACCOUNT_EN);
    await expectWizardPage(page, en.steps.testers, /^Step 1 of 2: Tester Users/);
    expect(new URL(page.url()).pathname).toBe(`/form/${shelbyville.hash}/step/4`);
    const details = page.getByRole('region', { name: ACCOUNT_EN.yourDetails });
    await details.getByText(tester.email).waitFor();
    const onFile = page.getByRole('region', { name: ACCOUNT_EN.onFileCertifications });
    await onFile.getByText(ACCOUNT_EN.onFileDocument).waitFor();
    // The person is not typed again, and no one else is added here.
    expect(await page.getByLabel('Email', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: en.people.addTester }).count()).toBe(0);
    expect(await page.getByRole('button', { name: en.drafts.save }).count()).toBe(0);
    await expectNoAxeViolations(page, 'the certification still needed');
    await screenshot(page, 'account-join-wizard-needs');

    // Next with nothing added: the summary names the new certification's fields.
    await press(page, page.getByRole('button', { name: en.wizard.next }));
    const problem = page.getByRole('region', { name: en.errorSummary.title });
    await problem.waitFor();
    await expectNoAxeViolations(page, 'the certification still needed, with errors');

    const added = page.getByRole('group', { name: 'Certification #1', exact: true });
    await added.getByLabel('Certification Number', { exact: true }).fill('AB-2002');
    await added.getByLabel('Expiration Date', { exact: true }).fill('2031-01-31');
    await added.getByLabel('Certification Agency', { exact: true }).selectOption({ label: 'ABPA' });
    await added
      .getByLabel('Certification Type', { exact: true })
      .selectOption({ label: 'Backflow Prevention Assembly Repairer' });
    await uploadIn(
      page,
      'Certification #1',
      'Certification Document',
      en.upload.upload,
      en.upload.uploaded,
    );
    await press(page, page.getByRole('button', { name: en.wizard.next }));

    // The review: what is on file beside what was added.
    await expectWizardPage(page, en.steps.review, /^Step 2 of 2: Review/);
    const note = page.locator('p', {
      hasText: ACCOUNT_EN.wizardIntro.split('{link}')[0] as string,
    });
    expect(await note.getByRole('link', { name: ACCOUNT_EN.link }).getAttribute('href')).toBe(
      '/account?lang=en',
    );
    await page
      .getByRole('region', { name: ACCOUNT_EN.onFileCertifications })
      .getByText(ACCOUNT_EN.onFileDocument)
      .waitFor();
    await page.getByRole('region', { name: en.review.testers }).getByText('AB-2002').waitFor();
    await page
      .getByRole('region', { name: ACCOUNT_EN.onFileTestKits })
      .getByText(ACCOUNT_EN.noneOnFile)
      .waitFor();
    await expectNoAxeViolations(page, 'the review of a registration from the record');
    await screenshot(page, 'account-join-wizard-review');
    expect(await registrationWith(shelbyville, tester)).toEqual([]);

    await press(page, page.getByRole('button', { name: en.wizard.submit }));
    await page.getByRole('heading', { level: 1, name: en.thankYou.title }).waitFor();
    // Two certifications: the one on file with its document reused, the new one with its upload.
    expect(await registrationWith(shelbyville, tester)).toEqual([
      { certifications: 2, reused: 1, claimed: 1 },
    ]);
    await expectNoAxeViolations(page, 'registration sent');

    // Again: the server's words, in an error summary that takes focus; Get Started still there.
    expect(await openHome(page, `/form/${shelbyville.hash}`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_EN);
    const refused = page.getByRole('region', { name: en.errorSummary.title });
    await refused.getByText(MESSAGES.emailAlreadyRegisteredHere).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    expect(
      await refused.getByRole('link', { name: ACCOUNT_EN.joinGoToAccount }).getAttribute('href'),
    ).toBe('/account?lang=en');
    expect(await page.getByRole('button', { name: en.org.getStarted }).count()).toBe(2);
    expect(await page.getByRole('button', { name: ACCOUNT_EN.joinButton }).count()).toBe(0);
    expect(await registrationsWith(shelbyville, tester)).toBe(1);
    await expectNoAxeViolations(page, 'already registered');
    await screenshot(page, 'account-join-already-registered');
    await page.close();
  });

  it('speaks Spanish, and opens straight on the review when nothing more is needed', async () => {
    const capitalCity = await createOrganization(server);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signInByEmail(page, server, smtp, tester.email);

    expect(await openHome(page, `/form/${capitalCity.hash}?lang=es`)).toBe(200);
    const panel = page.getByRole('region', { name: ACCOUNT_ES.title });
    await panel.getByText(panelText(ACCOUNT_ES, tester, capitalCity)).waitFor();
    await expectNoAxeViolations(page, 'the offer in Spanish');

    await registerByKeyboard(page, ACCOUNT_ES);
    await expectWizardPage(page, es.steps.review, /^Paso 1 de 1: Revisión/);
    expect(new URL(page.url()).search).toBe('?lang=es');
    await page
      .getByRole('region', { name: ACCOUNT_ES.onFileCertifications })
      .getByText(ACCOUNT_ES.onFileDocument)
      .waitFor();
    await expectNoAxeViolations(page, 'the review in Spanish');
    await screenshot(page, 'account-join-wizard-review-es');

    // Back leaves for the home, where Get Started begins a registration typed from the start.
    await press(page, page.getByRole('button', { name: es.wizard.back }));
    await page.getByRole('button', { name: es.org.getStarted }).first().waitFor();
    await press(page, page.getByRole('button', { name: es.org.getStarted }).first());
    await expectWizardPage(page, es.steps.userType, /^Paso 1 de 7: Tipo de usuario/);
    expect(await page.getByText(ACCOUNT_ES.onFileDocument).count()).toBe(0);

    // The offer again opens the run from the record.
    expect(await openHome(page, `/form/${capitalCity.hash}?lang=es`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_ES);
    await expectWizardPage(page, es.steps.review, /^Paso 1 de 1: Revisión/);

    await press(page, page.getByRole('button', { name: es.wizard.submit }));
    await page.getByRole('heading', { level: 1, name: es.thankYou.title }).waitFor();
    expect(await registrationWith(capitalCity, tester)).toEqual([
      { certifications: 1, reused: 1, claimed: 0 },
    ]);

    expect(await openHome(page, `/form/${capitalCity.hash}?lang=es`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_ES);
    const problem = page.getByRole('region', { name: es.errorSummary.title });
    await problem.getByText(es.messages.emailAlreadyRegisteredHere).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('error-summary');
    await page.getByRole('button', { name: es.org.getStarted }).first().waitFor();
    await expectNoAxeViolations(page, 'already registered, in Spanish');

    // The language switch translates the server's words too.
    await page.getByRole('button', { name: 'English' }).click();
    await page
      .getByRole('region', { name: en.errorSummary.title })
      .getByText(MESSAGES.emailAlreadyRegisteredHere)
      .waitFor();
    await page.close();
  });

  it('asks for a required company credential not on file, on the company credentials page only', async () => {
    const insured = await createOrganization(server);
    await requireCredentials(server.app.orm.em.fork(), insured.id, [
      { type: INSURANCE, minimumCoverage: 1_000_000 },
      { type: "Driver's license", required: false },
    ]);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signInByEmail(page, server, smtp, tester.email);
    expect(await openHome(page, `/form/${insured.hash}`)).toBe(200);
    await registerByKeyboard(page, ACCOUNT_EN);

    await expectWizardPage(page, en.steps.companyCredentials, /^Step 1 of 2: Company Credentials/);
    const insurance = page.getByRole('group', { name: INSURANCE, exact: true });
    await insurance.waitFor();
    // Only what is required and not on file: the optional licence is not offered.
    expect(await page.getByRole('button', { name: /Driver/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'a required credential not on file');
    await insurance.getByLabel('Issuer', { exact: true }).fill('Prairie Mutual');
    await insurance.getByLabel('Coverage amount (US dollars)', { exact: true }).fill('$2,000,000');
    await insurance
      .getByLabel('Expiration Date', { exact: true })
      .fill(addDays(todayInProgramZone(), 365));
    await uploadIn(page, INSURANCE, 'Document', en.upload.upload, en.upload.uploaded);
    await press(page, page.getByRole('button', { name: en.wizard.next }));

    await expectWizardPage(page, en.steps.review, /^Step 2 of 2: Review/);
    await page
      .getByRole('region', { name: en.review.companyCredentials })
      .getByText('Prairie Mutual')
      .waitFor();
    await press(page, page.getByRole('button', { name: en.wizard.submit }));
    await page.getByRole('heading', { level: 1, name: en.thankYou.title }).waitFor();
    expect(
      await countRows(
        server,
        `select count(*) from credentials c
           join registrations r on r.id = c.registration_id
           join users u on u.id = r.user_id
           join documents d on d.id = c.document_id
          where r.organization_id = ? and u.email = ? and c.issuer = 'Prairie Mutual'
            and c.coverage = 2000000 and d.attached_at is not null`,
        [insured.id, tester.email],
      ),
    ).toBe(1);
    expect(await registrationWith(insured, tester)).toEqual([
      { certifications: 1, reused: 1, claimed: 0 },
    ]);
    await page.close();
  });

  it('offers nothing inside a city’s frame, where the session cookie is not meant to go', async () => {
    const shelbyville = await createOrganization(server);
    const tester = await registerTester(server, springfield);
    const page = await browser.newPage();
    await signInByEmail(page, server, smtp, tester.email);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    // Served from the same host as the site, so this browser would even send the cookie.
    const host: Server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>City</title></head><body><main>` +
          `<iframe title="Registration" src="${server.url}/form/${shelbyville.hash}"></iframe>` +
          `</main></body></html>`,
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
      const frame = page.frameLocator('iframe');
      // Get Started opens the wizard, whose code the home fetched first: by then the offer would
      // have been asked for.
      await frame.getByRole('button', { name: en.org.getStarted }).first().focus();
      await page.keyboard.press('Enter');
      await frame
        .getByRole('heading', { level: 1 })
        .filter({ hasNotText: shelbyville.name })
        .waitFor();
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
      expect(asked.filter((url) => /\/api\/account\/me$|JoinFromAccount-/.test(url))).toEqual([]);
      // The frame's own requests are among those seen.
      expect(asked).toContain(`${server.url}/form/${shelbyville.hash}`);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
    await page.close();
  });
});
