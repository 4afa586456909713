/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Organization } from '../../api/src/db/entities/index.js';
import { ACCOUNT_EN } from '../../shared/i18n/en-account.js';
import { TEST_FORM_DEVICE_EN } from '../../shared/i18n/en-test-form-device.js';
import { TEST_READINGS_EN } from '../../shared/i18n/en-test-readings.js';
import { TEST_REPORTS_EN } from '../../shared/i18n/en-test-reports.js';
import { ACCOUNT_ES } from '../../shared/i18n/es-account.js';
import { TEST_FORM_DEVICE_ES } from '../../shared/i18n/es-test-form-device.js';
import { TEST_READINGS_ES } from '../../shared/i18n/es-test-readings.js';
import { TEST_REPORTS_ES } from '../../shared/i18n/es-test-reports.js';
import { type FilingTester, makeDcAssembly, makeFilingTester } from '../helpers/field-fixtures.js';
import { unique } from '../helpers/fixtures.js';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp.js';
import { createOrganizationPerson, staffToken } from './admin/helpers.js';
import { emailedSignInLink, signInByEmail } from './helpers/account.js';
import { expectNoAxeViolations } from './helpers/axe.js';
import { focused, launchBrowser, press, screenshot, type TestBrowser } from './helpers/browser.js';
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

/** An RP report's readings, check valve 1 holding at `check1HeldPsid`, the others passing. */
async function fillRpReadings(page: Page, check1HeldPsid: string) {
  await page.getByLabel(readings.labels.check1HeldPsid).fill(check1HeldPsid);
  await answer(page, readings.labels.check1ClosedTight, readings.answers.tight);
  await page.getByLabel(readings.labels.reliefOpenedPsid).fill('2.5');
  await page.getByLabel(readings.labels.check2HeldPsid).fill('1.6');
  await answer(page, readings.labels.check2ClosedTight, readings.answers.tight);
  await answer(page, readings.labels.check2BackpressureTight, readings.answers.tight);
  await answer(page, readings.labels.shutoff1Tight, readings.answers.tight);
  await answer(page, readings.labels.shutoff2Tight, readings.answers.tight);
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
    await fillRpReadings(page, '4.9');
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

/** What the test form keeps in this browser: the number of entries in each of its stores. */
const keptCounts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const opening = indexedDB.open('backflow-field');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const names = Array.from(db.objectStoreNames);
          const tx = db.transaction(names, 'readonly');
          const counts: Record<string, number> = {};
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(counts);
          };
        };
      }),
  );

/**
 * A finished report waiting on the phone to be sent (as one filed without signal), put after the
 * page's visit has sent what waited (a later visit would send it).
 */
const putWaitingReport = (page: Page, personId = tester.userId) =>
  page.evaluate(
    (personId) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('backflow-field');
        opening.onsuccess = () => {
          const tx = opening.result.transaction('reports', 'readwrite');
          const now = new Date().toISOString();
          tx.objectStore('reports').put({
            key: crypto.randomUUID(),
            personId,
            state: 'waiting',
            draft: {},
            summary: null,
            startedAt: now,
            updatedAt: now,
            body: { key: 'waiting' },
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    personId,
  );

/** A tester of the organization of their own (each address is sent three sign-in links an hour). */
async function anotherTester(): Promise<FilingTester> {
  const em = server.app.orm.em.fork();
  return makeFilingTester(em, await em.findOneOrFail(Organization, organization.id));
}

const device = TEST_FORM_DEVICE_EN;

describe('the test form on a shared phone', () => {
  it('offers the test form from My registrations offline; signing out with nothing waiting forgets the copy', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signInByEmail(page, server, smtp, tester.email);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });

    await browser.context.setOffline(true);
    try {
      await page.goto(`${server.url}/account`);
      await page.getByText(device.offline.kept).waitFor();
      await expectNoAxeViolations(page, 'My registrations offline');
      await press(page, page.getByRole('link', { name: words.keep.link }));
      await heading(page, words.home.title);
      await page.goto(`${server.url}/account?lang=es`);
      await page.getByText(TEST_FORM_DEVICE_ES.offline.kept).waitFor();
      await expectNoAxeViolations(page, 'My registrations offline in Spanish');
    } finally {
      await browser.context.setOffline(false);
    }

    await page.goto(`${server.url}/account`);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });
    expect((await keptCounts(page)).records).toBeGreaterThan(0);
    await press(page, page.getByRole('button', { name: ACCOUNT_EN.signOut }));
    await page.getByRole('heading', { level: 1, name: ACCOUNT_EN.signedOutTitle }).waitFor();
    expect(Object.values(await keptCounts(page)).every((count) => count === 0)).toBe(true);
    await page.close();
  });

  it('warns before signing out while a report waits (cancel keeps it), and says a dead return link in Spanish', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signInByEmail(page, server, smtp, tester.email);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });

    // A link that no longer works (here, one never made), opened in Spanish.
    await page.goto(`${server.url}/account/test?lang=es#return=${'x'.repeat(43)}`);
    await heading(page, TEST_FORM_DEVICE_ES.returnLink.invalidTitle);
    await page.getByRole('alert').getByText(TEST_FORM_DEVICE_ES.returnLink.invalid).waitFor();
    await expectNoAxeViolations(page, 'a dead return link in Spanish');

    // A finished report waiting on the phone to be sent (as one filed without signal).
    await page.goto(`${server.url}/account`);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });
    await putWaitingReport(page);
    const signOut = page.getByRole('button', { name: ACCOUNT_EN.signOut });
    await press(page, signOut);
    const dialog = page.getByRole('dialog', { name: device.signOut.title });
    await dialog.getByText(/^One finished report on this device has not been sent yet\./).waitFor();
    expect(await focused(page)).toBe(`BUTTON: ${device.signOut.cancel}`);
    await expectNoAxeViolations(page, 'the sign-out warning');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(`BUTTON: ${ACCOUNT_EN.signOut}`);
    expect((await keptCounts(page)).reports).toBeGreaterThan(0);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(`BUTTON: ${device.signOut.anyway}`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: ACCOUNT_EN.signedOutTitle }).waitFor();
    expect(Object.values(await keptCounts(page)).every((count) => count === 0)).toBe(true);
    await page.close();
  });

  it('says the sign-out warning in Spanish, worked by keyboard alone: Escape keeps the report', async () => {
    const spanish = await anotherTester();
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signInByEmail(page, server, smtp, spanish.email);
    await page.goto(`${server.url}/account?lang=es`);
    await page.getByText(TEST_REPORTS_ES.keep.kept).waitFor({ timeout: 60_000 });
    await putWaitingReport(page, spanish.userId);

    const signOut = page.getByRole('button', { name: ACCOUNT_ES.signOut });
    await press(page, signOut);
    const warning = TEST_FORM_DEVICE_ES.signOut;
    const dialog = page.getByRole('dialog', { name: warning.title });
    await dialog.getByText(warning.waiting({ count: 1 })).waitFor();
    // Focus moves into the dialog, on the choice that loses nothing.
    expect(await focused(page)).toBe(`BUTTON: ${warning.cancel}`);
    await expectNoAxeViolations(page, 'the sign-out warning in Spanish');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe(`BUTTON: ${warning.anyway}`);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(`BUTTON: ${warning.cancel}`);

    // Escape cancels: focus is back on Sign out, the report still waits.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe(`BUTTON: ${ACCOUNT_ES.signOut}`);
    expect((await keptCounts(page)).reports).toBeGreaterThan(0);

    // Asked again, signed out anyway: nothing is left on the phone.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focused(page)).toBe(`BUTTON: ${warning.cancel}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: ACCOUNT_ES.signedOutTitle }).waitFor();
    expect(Object.values(await keptCounts(page)).every((count) => count === 0)).toBe(true);
    await page.close();
  });
});

/** The state of a report this browser keeps, by its key (undefined when it keeps none). */
const keptState = (page: Page, key: string) =>
  page.evaluate(
    (reportKey) =>
      new Promise<string | undefined>((resolve, reject) => {
        const opening = indexedDB.open('backflow-field');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const request = db.transaction('reports').objectStore('reports').get(reportKey);
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { state?: string } | undefined)?.state);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    key,
  );

/** Marks a filed report as waiting again, as a phone that never heard the server's answer. */
const markWaiting = (page: Page, key: string) =>
  page.evaluate(
    (reportKey) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('backflow-field');
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction('reports', 'readwrite');
          const reports = tx.objectStore('reports');
          const request = reports.get(reportKey);
          request.onsuccess = () => reports.put({ ...request.result, state: 'waiting' });
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    key,
  );

describe('a report returned to correct', () => {
  it('opens the emailed link on a signed-out phone: sign in, the reviewer’s note, corrected and filed again once', async () => {
    const rp = await rpAssembly(organization.id);
    const returnedTo = await anotherTester();
    const execute = <T>(text: string, params: unknown[]) =>
      server.app.orm.em.fork().getConnection().execute<T[]>(text, params);

    // Filed from the tester's phone: check valve 1 fails, so it waits for review.
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    await signInByEmail(page, server, smtp, returnedTo.email);
    await page.getByText(words.keep.kept).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: words.keep.link }).click();
    await heading(page, words.home.title);
    await startReport(page, rp.assemblyId);
    await fillRpReadings(page, '4.9');
    await page.getByText('Result: Fail').waitFor();
    await page.getByLabel(words.form.attestation).check();
    await page.getByRole('button', { name: words.form.continue }).click();
    await heading(page, words.check.title);
    const firstKey = reportKey(page);
    await page.getByRole('button', { name: words.check.file }).click();
    await heading(page, words.outcome.pendingTitle);
    await page.close();
    const [filed] = await execute<{ id: number }>('select id from test_reports where key = ?', [
      firstKey,
    ]);
    expect(filed?.id).toBeGreaterThan(0);

    // A Reviewer of the organization returns it with a note, as the console does.
    const reviewer = await createOrganizationPerson(server, [
      { organizationId: organization.id, role: 'reviewer' },
    ]);
    const note = `Check valve 1 was read before the kit settled (${unique()}): please test again.`;
    const returned = await fetch(`${server.url}/api/admin/test-reports/${filed?.id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await staffToken(server, reviewer)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ decision: 'return', reason: note }),
    });
    expect(returned.status, await returned.clone().text()).toBe(200);

    // The link the tester is emailed.
    await server.app.outbox.deliver();
    const email = await smtp.waitForMessage((message) => (message.text ?? '').includes(note));
    const emailed = /(https?:\/\/\S+\/account\/test\?lang=en#return=[A-Za-z0-9_-]{43})/.exec(
      email.text ?? '',
    )?.[1];
    expect(emailed, email.text).toBeDefined();
    const link = (emailed ?? '').replace(/^https?:\/\/[^/]+/, server.url);

    // Another phone, signed out and keeping nothing: sent to sign in, in either language.
    const phone = await launchBrowser();
    try {
      const other = await phone.newPage();
      await other.setViewportSize(PHONE);
      await other.goto(link.replace('?lang=en#', '?lang=es#'));
      await heading(other, TEST_FORM_DEVICE_ES.returnLink.signInTitle);
      await other.getByRole('alert').getByText(TEST_FORM_DEVICE_ES.returnLink.signIn).waitFor();
      expect(new URL(other.url()).hash).toBe('');
      await expectNoAxeViolations(other, 'sign in to correct the report, in Spanish');
      await other.goto(link);
      await heading(other, device.returnLink.signInTitle);
      await expectNoAxeViolations(other, 'sign in to correct the report');

      // Signed in by the emailed sign-in link: back to the report, with the reviewer's note.
      await press(other, other.getByRole('link', { name: device.returnLink.signInLink }));
      await other.getByLabel(ACCOUNT_EN.emailLabel).fill(returnedTo.email);
      await other.getByRole('button', { name: ACCOUNT_EN.sendLink }).click();
      await other.getByRole('heading', { level: 1, name: ACCOUNT_EN.checkEmailTitle }).waitFor();
      await other.goto(
        `${server.url}${(await emailedSignInLink(server, smtp, returnedTo.email)).path}`,
      );
      await heading(other, words.form.title);
      const box = other.locator('.returned-box');
      await box.getByText(words.form.returnedIntro).waitFor();
      await box.getByText(note).waitFor();
      await other.getByText(`${rp.assemblyId} (`).waitFor();
      await expectNoAxeViolations(other, 'a returned report to correct');

      // The reading corrected, filed again: it passes and is accepted at once.
      await other.getByLabel(readings.labels.check1HeldPsid).fill('5.5');
      await other.getByText('Result: Pass').waitFor();
      await other.getByLabel(words.form.attestation).check();
      await other.getByRole('button', { name: words.form.continue }).click();
      await heading(other, words.check.title);
      const key = reportKey(other);
      expect(key).not.toBe(firstKey);
      await other.getByRole('button', { name: words.check.file }).click();
      await heading(other, words.outcome.acceptedTitle);

      /** The tester's reports of this assembly, as My registrations lists them. */
      const listed = () =>
        other.evaluate(async (assemblyId) => {
          const answer = await fetch('/api/account/test-reports');
          const { message } = (await answer.json()) as {
            message: {
              reports: {
                id: number;
                assemblyId: string;
                state: string;
                replaces: { id: number } | null;
              }[];
            };
          };
          return message.reports.filter((item) => item.assemblyId === assemblyId);
        }, rp.assemblyId);
      const held = async () => ({
        listed: await listed(),
        rows: await execute<{ id: number; key: string; state: string; superseded_by_id: number }>(
          `select r.id, r.key, r.state, r.superseded_by_id from test_reports r
             join assemblies a on a.id = r.assembly_id
            where a.assembly_id = ? order by r.id`,
          [rp.assemblyId],
        ),
      });
      const once = await held();
      const [refiled] = once.rows.filter((row) => row.key === key);
      // One refiled report in the returned one's place: the list names it once, replacing it.
      expect(once.rows).toHaveLength(2);
      expect(once.rows[0]).toMatchObject({ id: filed?.id, state: 'returned' });
      expect(once.rows[0]?.superseded_by_id).toBe(refiled?.id);
      expect(refiled).toMatchObject({ state: 'accepted' });
      expect(once.listed).toEqual([
        expect.objectContaining({
          id: refiled?.id,
          state: 'accepted',
          replaces: expect.objectContaining({ id: filed?.id }),
        }),
      ]);

      // The phone never heard the answer: reloaded, it sends the report again, filed once.
      await markWaiting(other, key);
      await other.goto(`${server.url}/account/test`);
      await heading(other, words.home.title);
      await expect.poll(() => keptState(other, key)).toBe('filed');
      expect(await held()).toEqual(once);
    } finally {
      await phone.close();
    }
  });
});
