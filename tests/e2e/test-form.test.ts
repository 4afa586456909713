/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../api/src/db/entities/index.js';
import { TEST_READINGS_EN } from '../../shared/i18n/en-test-readings.js';
import { TEST_REPORTS_EN } from '../../shared/i18n/en-test-reports.js';
import { TEST_READINGS_ES } from '../../shared/i18n/es-test-readings.js';
import { TEST_REPORTS_ES } from '../../shared/i18n/es-test-reports.js';
import { type FilingTester, makeDcAssembly, makeFilingTester } from '../helpers/field-fixtures.js';
import { unique } from '../helpers/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { signInByEmail } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { launchBrowser, screenshot, type TestBrowser } from './helpers/browser.js';
import { countRows, createOrganization, type TestOrganization } from './helpers/fixtures.js';
import { type RunningServer, startServer } from './helpers/server.js';

// The test form on a phone (issue 39): a tester opens My registrations once with a connection,
// then files without signal. An RP report whose check valve 1 fails is filled offline (the page
// names the rule it breaks), filed, and still waits in a new page opened offline; when the
// connection returns it is filed once and waits for review. A clean DC report is accepted at
// once. Every screen is checked with axe, in English and Spanish.

const PHONE = { width: 390, height: 844 };
const words = TEST_REPORTS_EN;
const readings = TEST_READINGS_EN;

let smtp: SmtpReceiver;
let server: RunningServer;
let browser: TestBrowser;
let organization: TestOrganization;
let tester: FilingTester;

/** An active RP assembly at a location of its own: its assembly ID and address. */
async function rpAssembly(organizationId: number) {
  const execute = <T>(text: string, params: unknown[]) =>
    server.app.orm.em.fork().getConnection().execute<T[]>(text, params);
  const street = `${100 + Math.floor(Math.random() * 800)} Cedar Lane ${unique()}`;
  const [location] = await execute<{ id: number }>(
    `insert into locations (organization_id, account_number, address1, city)
     values (?, ?, ?, 'Springfield') returning id`,
    [organizationId, `A-${unique()}`, street],
  );
  const assemblyId = `RP-${unique()}`;
  await execute(
    `insert into assemblies (organization_id, location_id, assembly_id, serial, type, hazard,
                             service, status, installed_on)
     values (?, ?, ?, ?, 'RP', 'high', 'domestic', 'active', '2018-04-01')`,
    [organizationId, location?.id, assemblyId, `SN-${unique()}`],
  );
  return { assemblyId, street };
}

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** A new report on the test form's first page, its assembly found by the start of its ID. */
async function startReport(page: Page, assemblyId: string) {
  await page.getByRole('button', { name: words.home.start }).click();
  await heading(page, words.form.title);
  await page.getByLabel(words.form.search).fill(assemblyId.slice(0, 8));
  await page.getByRole('button', { name: `Test ${assemblyId}` }).click();
  await page.getByText(`${assemblyId} (`).waitFor();
}

/** A yes/no reading, answered by its question's fieldset. */
async function answer(page: Page, question: string, choice: string) {
  await page.getByRole('group', { name: question }).getByLabel(choice, { exact: true }).check();
}

const reportKey = (page: Page) => new URL(page.url()).pathname.split('/')[3] ?? '';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
  organization = await createOrganization(server);
  const em = server.app.orm.em.fork();
  tester = await makeFilingTester(em, await em.findOneOrFail(Organization, organization.id));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

describe('the test form on a phone', () => {
  it('files an RP report made without signal once the connection returns, and a clean DC report at once', async () => {
    const rp = await rpAssembly(organization.id);
    const dcId = await makeDcAssembly(server.app.orm.em.fork(), organization.id);
    const [dc] = await server.app.orm.em
      .fork()
      .getConnection()
      .execute<{ assembly_id: string }[]>('select assembly_id from assemblies where id = ?', [
        dcId,
      ]);
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);

    // My registrations once, with a connection: the test form is kept on the phone.
    await signInByEmail(page, server, smtp, tester.email);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/field-sw\.js$/,
    );
    await expectNoAxeViolations(page, 'My registrations with the test form');

    // No signal from here on.
    await browser.context.setOffline(true);
    await page.getByRole('link', { name: words.keep.link }).click();
    await heading(page, words.home.title);
    await page.getByText(words.home.offline).waitFor();
    await expectNoAxeViolations(page, 'the test form offline');

    await startReport(page, rp.assemblyId);
    await page.getByLabel(readings.labels.check1HeldPsid).fill('4.9');
    // Failing as soon as the reading is typed, with the rule it breaks.
    await page.getByText('Result: Fail').waitFor();
    const broken = 'Check valve 1 held at 4.9 psid; it must hold at least 5.0 psid.';
    await page.locator('.rules-broken').getByText(broken).waitFor();
    await answer(page, readings.labels.check1ClosedTight, readings.answers.tight);
    await page.getByLabel(readings.labels.reliefOpenedPsid).fill('2.5');
    await page.getByLabel(readings.labels.check2HeldPsid).fill('1.6');
    await answer(page, readings.labels.check2ClosedTight, readings.answers.tight);
    await answer(page, readings.labels.check2BackpressureTight, readings.answers.tight);
    await answer(page, readings.labels.shutoff1Tight, readings.answers.tight);
    await answer(page, readings.labels.shutoff2Tight, readings.answers.tight);
    await page.getByText('Result: Fail').waitFor();
    await page.getByText(/^The record as it stood on .+ allows this report\.$/).waitFor();

    // Continue without the attestation: the summary takes focus and links to it.
    await page.getByRole('button', { name: words.form.continue }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('error-summary');
    await expectNoAxeViolations(page, 'the report with an error');
    await page.getByRole('link', { name: words.errors.attestationRequired }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('test-attestation');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: words.form.continue }).click();
    await heading(page, words.check.title);
    await expectNoAxeViolations(page, 'check your answers');
    await screenshot(page, 'test-form-check-answers-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    const key = reportKey(page);
    await page.getByRole('button', { name: words.check.file }).click();
    await heading(page, words.outcome.waitingTitle);

    // Closed, and opened again without signal: the report still waits.
    await page.close();
    const again = await browser.newPage();
    await again.setViewportSize(PHONE);
    const opened = await again.goto(`${server.url}/account/test`);
    // The page came from the worker, the phone offline.
    expect(opened?.fromServiceWorker()).toBe(true);
    expect(await again.evaluate(() => navigator.onLine)).toBe(false);
    await heading(again, words.home.title);
    const waiting = again.getByRole('region', { name: words.home.waiting });
    await waiting.getByText(rp.assemblyId, { exact: false }).waitFor();
    expect(await countRows(server, 'select count(*) from test_reports where key = ?', [key])).toBe(
      0,
    );

    // The connection returns: the report is sent by itself, filed once, waiting for review.
    await browser.context.setOffline(false);
    const filed = again.getByRole('region', { name: words.home.filed });
    await filed.getByText(words.home.states.pending).waitFor();
    expect(
      await countRows(
        server,
        `select count(*) from test_reports where key = ? and state = 'pending' and result = 'fail'`,
        [key],
      ),
    ).toBe(1);
    expect(await again.getByRole('region', { name: words.home.waiting }).count()).toBe(0);

    // A clean DC report, with a connection: accepted at once.
    await startReport(again, dc?.assembly_id ?? '');
    await again.getByLabel(readings.labels.check1HeldPsid).fill('2.4');
    await answer(again, readings.labels.check1ClosedTight, readings.answers.tight);
    await again.getByLabel(readings.labels.check2HeldPsid).fill('1.8');
    await answer(again, readings.labels.check2ClosedTight, readings.answers.tight);
    await answer(again, readings.labels.shutoff2Tight, readings.answers.tight);
    await again.getByText('Result: Pass').waitFor();
    await again.getByLabel(words.form.attestation).check();
    await again.getByRole('button', { name: words.form.continue }).click();
    await heading(again, words.check.title);
    const dcKey = reportKey(again);
    await again.getByRole('button', { name: words.check.file }).click();
    await heading(again, words.outcome.acceptedTitle);
    await expectNoAxeViolations(again, 'report accepted');
    expect(
      await countRows(
        server,
        `select count(*) from test_reports where key = ? and state = 'accepted'`,
        [dcKey],
      ),
    ).toBe(1);
    expect(await countRows(server, 'select count(*) from test_reports where key = ?', [key])).toBe(
      1,
    );
    await again.close();
  });

  it('brings a report the server refuses on its return back to the tester, with the reason', async () => {
    const dcId = await makeDcAssembly(server.app.orm.em.fork(), organization.id);
    const [dc] = await server.app.orm.em
      .fork()
      .getConnection()
      .execute<{ assembly_id: string }[]>('select assembly_id from assemblies where id = ?', [
        dcId,
      ]);
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/account/test`);
    await heading(page, words.home.title);
    // Found with signal (the visit keeps the new assembly on the phone), filled without.
    await startReport(page, dc?.assembly_id ?? '');
    await browser.context.setOffline(true);
    await page.getByLabel(readings.labels.check1HeldPsid).fill('2.4');
    await answer(page, readings.labels.check1ClosedTight, readings.answers.tight);
    await page.getByLabel(readings.labels.check2HeldPsid).fill('1.8');
    await answer(page, readings.labels.check2ClosedTight, readings.answers.tight);
    await answer(page, readings.labels.shutoff2Tight, readings.answers.tight);
    await page.getByLabel(words.form.attestation).check();
    await page.getByRole('button', { name: words.form.continue }).click();
    await heading(page, words.check.title);
    const key = reportKey(page);
    await page.getByRole('button', { name: words.check.file }).click();
    await heading(page, words.outcome.waitingTitle);

    // Meanwhile the organization takes back its acceptance of the kit's calibration.
    const withdraw = (at: string) =>
      server.app.orm.em
        .fork()
        .getConnection()
        .execute(`update calibration_periods set withdrawn_at = ${at} where test_kit_id = ?`, [
          tester.kitId,
        ]);
    await withdraw('now()');
    try {
      await browser.context.setOffline(false);
      await page
        .getByRole('alert')
        .getByText(/^The calibration of kit TK-\w+ has not been accepted yet\.$/)
        .waitFor();
      await heading(page, words.form.title);
      expect(
        await countRows(server, 'select count(*) from test_reports where key = ?', [key]),
      ).toBe(0);
      await expectNoAxeViolations(page, 'a report returned with its reason');
    } finally {
      await withdraw('null');
    }
    await page.close();
  });

  it('speaks Spanish on the test form, its words fetched with it', async () => {
    const rp = await rpAssembly(organization.id);
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/account/test?lang=es`);
    await heading(page, TEST_REPORTS_ES.home.title);
    await expectNoAxeViolations(page, 'the test form in Spanish');
    await page.getByRole('button', { name: TEST_REPORTS_ES.home.start }).click();
    await heading(page, TEST_REPORTS_ES.form.title);
    await page.getByLabel(TEST_REPORTS_ES.form.search).fill(rp.street.slice(0, 9));
    await page.getByRole('button', { name: `Probar ${rp.assemblyId}` }).click();
    await page.getByLabel(TEST_READINGS_ES.labels.check1HeldPsid).fill('4.9');
    await page.getByText('Resultado: Reprobada').waitFor();
    await expectNoAxeViolations(page, 'the report in Spanish');
    await page.getByRole('button', { name: TEST_REPORTS_ES.form.continue }).click();
    await page.getByRole('heading', { name: 'Hay un problema' }).waitFor();
    await expectNoAxeViolations(page, 'the report with errors in Spanish');
    await screenshot(page, 'test-form-spanish-phone');
    await page.close();
  });
});
