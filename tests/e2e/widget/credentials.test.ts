/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { requireCredentials } from '../../api/registration/fixtures.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import {
  launchBrowser,
  freshPage as openFreshPage,
  screenshot,
  type TestBrowser,
} from '../helpers/browser.js';
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
  fillCompany,
  fillPerson,
  getStarted,
  next,
  tabToElement,
} from '../helpers/wizard.js';

// An organization's own requirements in the wizard (issue 27): a company registering with an
// organization that requires insurance of at least $1,000,000 naming it meets a page of its
// credentials after the company, in English and in Spanish, by mouse and by keyboard alone;
// an organization that asks for nothing new shows exactly the spec's pages.

const INSURANCE = 'General liability insurance';

let server: RunningServer;
let browser: TestBrowser;
let insured: TestOrganization;
let plain: TestOrganization;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  insured = await createOrganization(server, { requiredCerts: 1 });
  await requireCredentials(server.app.orm.em.fork(), insured.id, [
    { type: INSURANCE, minimumCoverage: 1_000_000, additionalInsured: true },
    { type: "Driver's license", required: false },
  ]);
  plain = await createOrganization(server, { requiredCerts: 1 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page with no language chosen earlier on this site (the switch remembers its choice). */
const freshPage = () => openFreshPage(browser, server.url);

/** Every script the page asked for, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}
const credentialChunk = (scripts: string[]) =>
  scripts.filter((script) => /\/assets\/CredentialFields-[\w-]+\.js$/.test(script));

const pathOf = (page: Page) => new URL(page.url()).pathname;
const stepCount = (page: Page) => page.locator('.step-count').textContent();
const inYear = () => addDays(todayInProgramZone(), 365);

describe('the company credentials page', () => {
  it('comes after the company, refuses a coverage under the minimum, and registers the company', async () => {
    const page = await freshPage();
    const scripts = scriptsOf(page);
    const files = await documentFiles();
    // The home is written by the server with the requirements in its data, and taken over.
    const html = await (await fetch(`${server.url}/form/${insured.hash}`)).text();
    expect(html).toContain('id="first-screen-data"');
    expect(html).toContain(INSURANCE);
    await page.goto(`${server.url}/form/${insured.hash}`);
    await getStarted(page);
    expect(credentialChunk(scripts)).toEqual([]);
    await page.getByLabel('Admin (I will be submitting tests for others)*').check();
    await next(page);
    await expectStep(page, 'Company Details');
    await fillCompany(page, {
      name: `Insured Backflow ${Date.now()}`,
      address: '77 Policy Lane',
      city: 'Lincoln',
      state: 'NE',
      zip: '68508',
    });
    await next(page);

    await expectStep(page, 'Company Credentials');
    await expect.poll(() => pathOf(page)).toBe(`/form/${insured.hash}/step/7`);
    expect(await stepCount(page)).toBe(`${insured.name} Tester Registration · Step 4 of 8`);
    expect(credentialChunk(scripts)).toHaveLength(1);
    const insurance = page.getByRole('group', { name: INSURANCE, exact: true });
    await insurance.getByText('At least $1,000,000.').waitFor();
    await expectNoAxeViolations(page, 'company credentials');
    await next(page);
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await page
      .locator('.error-message', { hasText: 'General liability insurance is required.' })
      .waitFor();
    await expectNoAxeViolations(page, 'company credentials, nothing given');

    await insurance.getByLabel('Issuer', { exact: true }).fill('Prairie Mutual');
    await insurance.getByLabel('Coverage amount (US dollars)', { exact: true }).fill('$999,999');
    await insurance.getByLabel('Expiration Date', { exact: true }).fill(inYear());
    await insurance.getByLabel('Document', { exact: true }).setInputFiles(files.pdf);
    await insurance.getByRole('button', { name: 'Upload' }).click();
    await insurance.getByRole('button', { name: 'Uploaded' }).waitFor();
    await next(page);
    const tooLow = 'Coverage must be at least $1,000,000.';
    await page.locator('.error-summary', { hasText: tooLow }).waitFor();
    await insurance.locator('.error-message', { hasText: tooLow }).waitFor();
    await page
      .locator('.error-message', {
        hasText: 'The certificate must name the organization as additional insured.',
      })
      .waitFor();
    expect(
      await insurance
        .getByLabel('Coverage amount (US dollars)', { exact: true })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await expectNoAxeViolations(page, 'company credentials with errors');
    await screenshot(page, 'wizard-7-company-credentials-errors');

    await insurance.getByLabel('Coverage amount (US dollars)', { exact: true }).fill('1,000,000');
    await insurance
      .getByLabel('The certificate names the organization as additional insured', { exact: true })
      .check();
    await next(page);

    await expectStep(page, 'Admin Users');
    await expect.poll(() => pathOf(page)).toBe(`/form/${insured.hash}/step/3`);
    expect(await stepCount(page)).toBe(`${insured.name} Tester Registration · Step 5 of 8`);
    const email = uniqueEmail('insured');
    await fillPerson(page, 'Admin #1', { first: 'Ina', last: 'Sured', email });
    await next(page);
    await expectStep(page, 'Tester Users');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Test Kits');
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Review');
    const review = page.getByRole('region', { name: 'Company Credentials' });
    await review.getByText('Prairie Mutual').waitFor();
    await review.getByText('1,000,000').waitFor();
    await expectNoAxeViolations(page, 'review with credentials');

    // Back walks the way forward came: the admins lead back to the credentials page.
    for (const title of ['Test Kits', 'Tester Users', 'Admin Users', 'Company Credentials']) {
      await page.goBack();
      await expectStep(page, title);
    }
    expect(
      await insurance.getByLabel('Coverage amount (US dollars)', { exact: true }).inputValue(),
    ).toBe('1,000,000');
    await next(page);
    await next(page);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Review');
    await next(page);
    await page.getByRole('heading', { level: 1, name: 'Thank You!' }).waitFor();
    expect(
      await countRows(
        server,
        `select count(*) from credentials c
           join registrations r on r.id = c.registration_id
           join users u on u.id = r.user_id
          where lower(u.email) = lower(?) and c.holder = 'company' and c.coverage = 1000000
            and c.additional_insured and c.issuer = 'Prairie Mutual' and c.company_id is not null`,
        [email],
      ),
    ).toBe(1);
    await page.close();
  });

  it('is worded in Spanish, free of axe violations, and done with the keyboard alone', async () => {
    const page = await freshPage();
    const files = await documentFiles();
    await page.goto(`${server.url}/form/${insured.hash}?lang=es`);
    const tabTo = (name: RegExp, role?: 'button' | 'field') => tabToElement(page, name, role);
    const type = async (label: RegExp, text: string) => {
      await tabTo(label, 'field');
      await page.keyboard.type(text);
    };
    await tabTo(/^Comenzar$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'Tipo de usuario');
    await tabTo(/^Probador$/, 'field');
    await page.keyboard.press('Space');
    await tabTo(/^Siguiente$/);
    await page.keyboard.press('Enter');

    await expectStep(page, 'Datos de la empresa');
    await type(/^Nombre de la empresa/, `Asegurada por Teclado ${Date.now()}`);
    await type(/^Dirección de la empresa$/, '5 Calle Póliza');
    await type(/^Ciudad/, 'El Paso');
    await tabTo(/^Estado/, 'field');
    await page.keyboard.type('TX');
    await type(/^Código postal/, '79901');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Credenciales de la empresa');
    expect(await stepCount(page)).toBe(`Registro de probadores de ${insured.name} · Paso 4 de 8`);
    await expectNoAxeViolations(page, 'company credentials (es)');
    await type(/^Emisor$/, 'Mutua de la Pradera');
    await type(/^Monto de la cobertura/, '999999');
    await type(/^Fecha de vencimiento$/, '12312031');
    await tabTo(/^El certificado nombra a la organización/, 'field');
    await page.keyboard.press('Space');
    // The file picker opens from the keyboard; the file is then chosen in it.
    await tabTo(/^Documento$/, 'field');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Space'),
    ]);
    await chooser.setFiles(files.pdf);
    await tabTo(/^Subir$/);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Subido' }).waitFor();
    await tabTo(/^Siguiente$/);
    await page.keyboard.press('Enter');
    await page
      .locator('.error-message', { hasText: 'La cobertura debe ser de al menos $1,000,000.' })
      .waitFor();
    await expectNoAxeViolations(page, 'company credentials with errors (es)');
    await screenshot(page, 'es-wizard-7-company-credentials-errors');
    // Tab selects a field's text: what is typed replaces it.
    await type(/^Monto de la cobertura/, '1000000');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Usuarios probadores');
    expect(await stepCount(page)).toBe(`Registro de probadores de ${insured.name} · Paso 6 de 8`);
    // Each tester's credentials beside the certifications: an optional one is added on request.
    await tabTo(/^Agregar Driver's license \(opcional\)$/);
    await page.keyboard.press('Enter');
    const license = page.getByRole('group', { name: "Driver's license (opcional)", exact: true });
    await license.getByLabel('Número', { exact: true }).waitFor();
    const focusedLabel = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        return (active?.labels?.[0] ?? active)?.textContent ?? '';
      });
    expect(await focusedLabel()).toBe('Número');
    await expectNoAxeViolations(page, 'tester credentials (es)');
    await screenshot(page, 'es-wizard-4-tester-credentials');
    // Taken back, focus returns to its Add button.
    await tabTo(/^Quitar Driver's license$/);
    await page.keyboard.press('Enter');
    await expect.poll(focusedLabel).toBe("Agregar Driver's license (opcional)");
    await page.close();
  });
});

describe('an organization that asks for no credential', () => {
  it('shows the spec’s pages alone and never loads the credentials’ code', async () => {
    const page = await freshPage();
    const scripts = scriptsOf(page);
    await page.goto(`${server.url}/form/${plain.hash}`);
    await getStarted(page);
    expect(await stepCount(page)).toBe(`${plain.name} Tester Registration · Step 1 of 7`);
    await page.getByLabel('Admin (I will be submitting tests for others)*').check();
    await next(page);
    await expectStep(page, 'Company Details');
    await fillCompany(page, {
      name: `Plain Backflow ${Date.now()}`,
      address: '3 Plain Street',
      city: 'Garland',
      state: 'TX',
      zip: '75040',
    });
    await next(page);
    await expectStep(page, 'Admin Users');
    await expect.poll(() => pathOf(page)).toBe(`/form/${plain.hash}/step/3`);
    expect(await stepCount(page)).toBe(`${plain.name} Tester Registration · Step 4 of 7`);
    await fillPerson(page, 'Admin #1', { first: 'Pat', last: 'Plain', email: uniqueEmail('p') });
    await next(page);
    await expectStep(page, 'Tester Users');
    expect(await page.getByText('This organization also asks each tester').count()).toBe(0);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expectStep(page, 'Review');
    expect(await page.getByRole('region', { name: 'Company Credentials' }).count()).toBe(0);
    expect(credentialChunk(scripts)).toEqual([]);
    await page.close();
  });
});
