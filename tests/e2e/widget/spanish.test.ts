/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type TestOrganization,
  uniqueEmail,
} from '../helpers/fixtures.js';
import { type RunningServer, startServer } from '../helpers/server.js';
import {
  expectStep,
  expectTitle,
  fillCompany,
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
  org = await createOrganization(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page with no language chosen earlier on this site (the switch remembers its choice). */
const freshPage = () => openFreshPage(browser, server.url);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the public form in Spanish', () => {
  it('registers an admin in Spanish with the keyboard alone, every screen free of axe violations', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/form/${org.hash}?lang=es`);
    await page
      .getByRole('heading', { level: 1, name: `Registro de probadores de ${org.name}` })
      .waitFor();
    expect(await htmlLang(page)).toBe('es');
    await expectTitle(page, new RegExp(`^Registro de probadores de ${org.name}$`));
    await expectNoAxeViolations(page, 'organization home (es)');
    await screenshot(page, 'es-org-home');
    const tabTo = (name: RegExp, role?: 'button' | 'field') => tabToElement(page, name, role);
    const type = async (label: RegExp, text: string) => {
      await tabTo(label, 'field');
      await page.keyboard.type(text);
    };

    await tabTo(/^Comenzar$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'Tipo de usuario');
    await expectTitle(page, /^Paso 1 de 7: Tipo de usuario – Registro de probadores de /);
    await tabTo(/^Siguiente$/);
    await page.keyboard.press('Enter');
    await page.getByText('Seleccione Administrador o Probador.').first().waitFor();
    await expectNoAxeViolations(page, 'page 0 with errors (es)');
    await tabTo(/^Probador$/, 'field');
    await page.keyboard.press('ArrowDown');
    expect(
      await page.getByLabel('Administrador (enviaré pruebas en nombre de otros)*').isChecked(),
    ).toBe(true);
    await tabTo(/^Siguiente$/);
    await page.keyboard.press('Enter');

    await expectStep(page, 'Datos de la empresa');
    await type(/^Nombre de la empresa/, `Pruebas del Teclado ${Date.now()}`);
    await type(/^Dirección de la empresa$/, '9 Calle Tecla');
    await type(/^Ciudad/, 'San Antonio');
    await tabTo(/^Estado/, 'field');
    await page.keyboard.type('TX');
    await type(/^Código postal/, '7820');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hay un problema' }).waitFor();
    await page.locator('.error-message', { hasText: 'Código postal no válido.' }).waitFor();
    await expectNoAxeViolations(page, 'page 1 with errors (es)');
    await screenshot(page, 'es-wizard-1-errors');
    // Tab selects a field's text: End keeps it, and the digit is added.
    await tabTo(/^Código postal/, 'field');
    await page.keyboard.press('End');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');

    await expectStep(page, 'Usuarios administradores');
    await type(/^Nombre$/, 'Rosa');
    await type(/^Apellido/, 'Teclado');
    await type(/^Correo electrónico/, uniqueEmail('teclado'));
    await expectNoAxeViolations(page, 'page 3 (es)');
    await page.keyboard.press('Enter');
    await expectStep(page, 'Usuarios probadores');
    await expectNoAxeViolations(page, 'page 4 (es)');
    await tabTo(/^Omitir$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'Kits de prueba');
    await expectNoAxeViolations(page, 'page 5 (es)');
    await tabTo(/^Omitir$/);
    await page.keyboard.press('Enter');
    await expectStep(page, 'Revisión');
    await expectNoAxeViolations(page, 'page 6 (es)');
    await screenshot(page, 'es-wizard-6-review');
    await tabTo(/^Enviar$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: '¡Gracias!' }).waitFor();
    await expectNoAxeViolations(page, 'thank you (es)');
    expect(
      await countRows(
        server,
        `select count(*) from registrations where organization_id = ? and language = 'es'`,
        [org.id],
      ),
    ).toBe(1);
    await page.close();
  });

  it('switches language in the middle of the wizard without losing anything entered', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/form/${org.hash}`);
    await getStarted(page);
    await page.getByLabel('Tester', { exact: true }).check();
    await next(page);
    await expectStep(page, 'Company Details');
    const company = {
      name: `Cambio de Idioma ${Date.now()}`,
      address: '4 Switch Road',
      city: 'El Paso',
      state: 'TX',
      zip: '7990',
    };
    await fillCompany(page, company);
    await next(page);
    await page.locator('.error-message', { hasText: 'Zip code invalid.' }).waitFor();

    const switchTo = page.getByRole('navigation', { name: 'Language' });
    await switchTo.getByRole('button', { name: 'Español' }).click();
    await expectStep(page, 'Datos de la empresa');
    expect(await htmlLang(page)).toBe('es');
    await expectTitle(page, /^Paso 2 de 7: Datos de la empresa/);
    expect(await page.getByLabel('Nombre de la empresa', { exact: true }).inputValue()).toBe(
      company.name,
    );
    expect(await page.getByLabel('Estado', { exact: true }).inputValue()).toBe('TX');
    await page.locator('.error-message', { hasText: 'Código postal no válido.' }).waitFor();
    await page.getByRole('link', { name: 'Código postal: Código postal no válido.' }).waitFor();
    // The switch keeps focus (the page does not jump back to its heading).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Español');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('es');
    await expectNoAxeViolations(page, 'page 1 after switching to Spanish');
    await screenshot(page, 'es-switched-company');

    await page.getByLabel('Código postal', { exact: true }).fill('79901');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Usuarios probadores');
    const tester = page.getByRole('group', { name: 'Probador n.º 1', exact: true });
    await tester.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page
      .getByRole('navigation', { name: 'Idioma' })
      .getByRole('button', { name: 'English' })
      .click();
    await expectStep(page, 'Tester Users');
    expect(await htmlLang(page)).toBe('en');
    expect(
      await page
        .getByRole('group', { name: 'Tester #1', exact: true })
        .getByLabel('First Name', { exact: true })
        .inputValue(),
    ).toBe('Lucía');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, 'Company Details');
    expect(await page.getByLabel('Company Name', { exact: true }).inputValue()).toBe(company.name);
    // A reload keeps the language the switch chose.
    await page.reload();
    await expectStep(page, 'Company Details');
    expect(await htmlLang(page)).toBe('en');
    await page.close();
  });

  it('shows the landing page and the Uh Oh screen in Spanish, and a Spanish browser gets Spanish', async () => {
    const page = await freshPage();
    await page.goto(`${server.url}/?lang=es`);
    await page
      .getByRole('heading', { level: 1, name: 'Registro de probadores de contraflujo' })
      .waitFor();
    await page.getByRole('link', { name: 'comuníquese con soporte', exact: true }).waitFor();
    await expectNoAxeViolations(page, 'landing (es)');
    await page.goto(`${server.url}/form/no-such-form?lang=es`);
    await page.getByRole('heading', { level: 1, name: '¡Uy!' }).waitFor();
    await page
      .getByText(
        'El enlace al que intenta acceder no existe. Asegúrese de haberlo copiado correctamente.',
      )
      .waitFor();
    await expectNoAxeViolations(page, 'Uh Oh (es)');
    await page.close();

    const spanishBrowser = await launchBrowser({ locale: 'es-MX' });
    try {
      const visitor = await spanishBrowser.newPage();
      await visitor.goto(`${server.url}/form/${org.hash}`);
      await visitor.getByRole('button', { name: 'Comenzar' }).first().waitFor();
      expect(await htmlLang(visitor)).toBe('es');
    } finally {
      await spanishBrowser.close();
    }
  });
});
