/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp.js';
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
import { expectStep } from '../helpers/wizard.js';

let smtp: SmtpReceiver;
let server: RunningServer;
let office: TestBrowser;
let home: TestBrowser;
let org: TestOrganization;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({ SMTP_URL: smtp.url });
  office = await launchBrowser();
  home = await launchBrowser();
  org = await createOrganization(server, { requiredCerts: 1 });
});

afterAll(async () => {
  await office?.close();
  await home?.close();
  await server?.close();
  await smtp?.close();
});

/** Delivers the outbox and returns the link of the message sent to `to`. */
async function emailedLink(to: string): Promise<string> {
  await server.app.outbox.deliver();
  const messages = await smtp.waitForMessages(1);
  const message = messages.find((m) => m.to && JSON.stringify(m.to).includes(to));
  if (!message) throw new Error(`no message to ${to}`);
  const link = /https?:\/\/\S+/.exec(message.text ?? '')?.[0];
  if (!link) throw new Error('no link in the message');
  expect(message.subject).toBe(`Su registro de probadores de ${org.name} guardado`);
  // Emailed links carry the server's public address; the test server listens elsewhere.
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}${url.hash}`;
}

describe('save and finish later', () => {
  it('saves in one browser and resumes in another, on the same page, in Spanish, then submits', async () => {
    const files = await documentFiles();
    const page = await office.newPage();
    await page.goto(`${server.url}/form/${org.hash}?lang=es`);
    await page.getByRole('button', { name: 'Comenzar' }).first().click();
    await expectStep(page, 'Tipo de usuario');
    expect(await page.getByRole('button', { name: 'Guardar y terminar más tarde' }).count()).toBe(
      0,
    );
    await page.getByLabel('Probador', { exact: true }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Datos de la empresa');
    const companyName = `Guardado Más Tarde ${Date.now()}`;
    await page.getByLabel('Nombre de la empresa', { exact: true }).fill(companyName);
    await page.getByLabel('Dirección de la empresa', { exact: true }).fill('3 Calle Oficina');
    await page.getByLabel('Ciudad', { exact: true }).fill('Laredo');
    await page.getByLabel('Estado', { exact: true }).selectOption('TX');
    await page.getByLabel('Código postal', { exact: true }).fill('78040');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(page, 'Usuarios probadores');
    const email = uniqueEmail('guardado');
    const tester = page.getByRole('group', { name: 'Probador n.º 1', exact: true });
    await tester.getByLabel('Nombre', { exact: true }).fill('Marta');
    await tester.getByLabel('Apellido', { exact: true }).fill('Oficina');
    await tester.getByLabel('Correo electrónico', { exact: true }).fill(email);
    const cert = page.getByRole('group', { name: 'Certificación n.º 1', exact: true });
    await cert.getByLabel('Número de certificación', { exact: true }).fill('AW-777');
    await cert.getByLabel('Documento de certificación', { exact: true }).setInputFiles(files.pdf);
    await cert.getByRole('button', { name: 'Subir' }).click();
    await cert.getByRole('button', { name: 'Subido' }).waitFor();

    await page.getByRole('button', { name: 'Guardar y terminar más tarde' }).click();
    const address = page.getByLabel('Su correo electrónico', { exact: true });
    expect(await address.inputValue()).toBe(email);
    // Focus arrives with the panel; on a loaded machine the check may come a frame before it.
    const addressId = await address.getAttribute('id');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(addressId);
    await expectNoAxeViolations(page, 'save and finish later (es)');
    await address.fill('not an address');
    await address.press('Enter');
    await page
      .locator('.save-later .error-message', { hasText: 'Correo electrónico no válido.' })
      .waitFor();
    // Enter in the address sends the link; the wizard stayed where it was.
    await expectStep(page, 'Usuarios probadores');
    await address.fill(email);
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Enviamos un enlace a ${email}.` })
      .waitFor();
    await screenshot(page, 'es-draft-saved');
    const link = await emailedLink(email);
    expect(link).toContain('/resume?lang=es#');
    await page.close();

    const later = await home.newPage();
    await later.goto(link);
    await expectStep(later, 'Usuarios probadores');
    expect(new URL(later.url()).pathname).toBe(`/form/${org.hash}/step/4`);
    expect(new URL(later.url()).hash).toBe('');
    expect(await later.evaluate(() => document.documentElement.lang)).toBe('es');
    const resumed = later.getByRole('group', { name: 'Probador n.º 1', exact: true });
    expect(await resumed.getByLabel('Correo electrónico', { exact: true }).inputValue()).toBe(
      email,
    );
    await later.getByText('certificate.pdf (subido).').waitFor();
    const resumedCert = later.getByRole('group', { name: 'Certificación n.º 1', exact: true });
    expect(
      await resumedCert.getByLabel('Número de certificación', { exact: true }).inputValue(),
    ).toBe('AW-777');
    await expectNoAxeViolations(later, 'resumed page 4 (es)');
    await resumedCert.getByLabel('Fecha de vencimiento', { exact: true }).fill('2030-06-30');
    await resumedCert
      .getByLabel('Agencia certificadora', { exact: true })
      .selectOption({ label: 'AWWA' });
    await resumedCert
      .getByLabel('Tipo de certificación', { exact: true })
      .selectOption({ label: 'Backflow Prevention Assembly Tester' });
    await later.getByRole('button', { name: 'Siguiente' }).click();
    await expectStep(later, 'Kits de prueba');
    await later.getByRole('button', { name: 'Omitir' }).click();
    await expectStep(later, 'Revisión');
    await later.getByText(companyName).waitFor();
    await later.getByRole('button', { name: 'Enviar' }).click();
    await later.getByRole('heading', { level: 1, name: '¡Gracias!' }).waitFor();
    expect(await countRows(server, 'select count(*) from drafts')).toBe(0);
    expect(
      await countRows(
        server,
        `select count(*) from registrations r join users u on u.id = r.user_id
          where lower(u.email) = lower(?) and r.language = 'es'`,
        [email],
      ),
    ).toBe(1);

    // The link opened a draft that is now finished: it opens nothing any more.
    await later.goto(link);
    await later.getByRole('heading', { level: 1, name: 'Su registro guardado' }).waitFor();
    await later.getByRole('alert').filter({ hasText: 'venció o ya no es válido' }).waitFor();
    await expectNoAxeViolations(later, 'finished draft link (es)');
    await later.getByRole('button', { name: 'Comenzar un registro nuevo' }).click();
    await later
      .getByRole('heading', { level: 1, name: `Registro de probadores de ${org.name}` })
      .waitFor();
    await later.close();
  });

  it('shows why a wrong link opens nothing, and takes its token out of the address', async () => {
    const page = await office.newPage();
    await page.goto(`${server.url}/form/${org.hash}/resume?lang=en#not-a-real-token`);
    await page.getByRole('heading', { level: 1, name: 'Your saved registration' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'has expired or is no longer valid' })
      .waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.close();
  });
});
