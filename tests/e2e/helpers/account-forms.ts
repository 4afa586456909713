/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CertificationAgency, CertificationType } from '../../../api/src/db/entities/index.js';
import { en } from '../../../shared/i18n/en.js';
import { es } from '../../../shared/i18n/es.js';
import type { TLanguage } from '../../../shared/i18n/languages.js';
import type { SmtpReceiver } from '../../helpers/smtp.js';
import { newTester } from '../admin/helpers.js';
import { emailedAccountLink } from './account.js';
import { press } from './browser.js';
import { documentFiles, type TestOrganization } from './fixtures.js';
import type { RunningServer } from './server.js';

// What the browser tests of My registrations' changes share: signing in from the keyboard, the
// account's upload control, a form sent empty, and a company registered with organizations.

const words = { en, es } as const;

/** Signs in from the keyboard on the sign-in form, then with the link the email carries. */
export async function signInFromKeyboard(
  page: Page,
  server: RunningServer,
  smtp: SmtpReceiver,
  email: string,
  language: TLanguage = 'en',
) {
  const account = words[language].account;
  const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  // Whoever signed in before in this browser is signed out (the tests share its cookies).
  await page.context().clearCookies();
  await page.goto(`${server.url}/account?lang=${language}`);
  await page.getByLabel(account.emailLabel).focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await h1(account.checkEmailTitle);
  await page.goto(
    `${server.url}${(await emailedAccountLink(server, smtp, email, 'sign-in')).path}`,
  );
  await h1(account.title);
}

/** Chooses a document for the upload control labelled so and uploads it from the keyboard. */
export async function uploadDocument(page: Page, label: string, language: TLanguage = 'en') {
  const files = await documentFiles();
  const field = page.locator('.upload').filter({ has: page.getByLabel(label, { exact: true }) });
  await field.getByLabel(label, { exact: true }).setInputFiles(files.pdf2);
  await press(page, field.getByRole('button', { name: words[language].upload.upload }));
  await field.getByRole('button', { name: words[language].upload.uploaded }).waitFor();
}

/** Sends an open form empty: the summary takes focus and lists the fields as they say. */
export async function sendEmpty(page: Page, send: string, language: TLanguage = 'en') {
  await press(page, page.getByRole('button', { name: send, exact: true }));
  await page.getByRole('heading', { name: words[language].errorSummary.title }).waitFor();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.className))
    .toContain('error-summary');
}

/** A PDF uploaded through the public form's call for the organization; its reference. */
export async function publicUpload(server: RunningServer, organization: TestOrganization) {
  const files = await documentFiles();
  const form = new FormData();
  form.set('orgHash', organization.hash);
  form.set(
    'file',
    new Blob([await readFile(files.pdf)], { type: 'application/pdf' }),
    'certificate.pdf',
  );
  const uploaded = await fetch(`${server.url}/api/uploads/docUpload`, {
    method: 'POST',
    body: form,
  });
  return ((await uploaded.json()) as { message: { url: string } }).message.url;
}

/**
 * A company registered with each organization in turn (the same company): its admin and one
 * tester; `more` adds to each submit's body (the company's credentials, for one).
 */
export async function registerCompany(
  server: RunningServer,
  organizations: readonly TestOrganization[],
  more: (organization: TestOrganization) => Promise<Record<string, unknown>> = async () => ({}),
) {
  const em = server.app.orm.em.fork();
  const agency = await em.findOneOrFail(CertificationAgency, { name: 'AWWA' });
  const type = await em.findOneOrFail(CertificationType, {
    name: 'Backflow Prevention Assembly Tester',
  });
  const admin = newTester();
  const tester = newTester();
  let companyID = '';
  for (const organization of organizations) {
    const submitted = await fetch(`${server.url}/api/tr/submit/all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        hashValue: organization.hash,
        companyInfo: [
          {
            companyID,
            companyName: admin.companyName,
            companyPhone: '',
            companyAddress1: '1 Valve Way',
            companyAddress2: '',
            companyCity: 'Austin',
            companyState: 'TX',
            companyZip: '78701',
          },
        ],
        userInfo: [
          {
            userType: 'admin',
            userFirstName: admin.firstName,
            userLastName: admin.lastName,
            userEmail: admin.email,
            userPhone: '',
          },
          {
            userType: 'tester',
            userFirstName: tester.firstName,
            userLastName: tester.lastName,
            userEmail: tester.email,
            userPhone: '',
            userCerts: [
              {
                certNum: tester.certNumber,
                certExp: '2031-05-31',
                certAgency: agency.id,
                certType: type.id,
                certDocLink: await publicUpload(server, organization),
              },
            ],
          },
        ],
        testKitInfo: [],
        ...(await more(organization)),
      }),
    });
    const answer = (await submitted.json()) as { code?: string };
    expect(answer.code, JSON.stringify(answer)).toBe('SUCCESS');
    const [linked] = await em.getConnection().execute<{ company_id: number }[]>(
      `select uc.company_id from user_companies uc join users u on u.id = uc.user_id
          where u.email = ?`,
      [admin.email],
    );
    companyID = String(linked?.company_id ?? '');
  }
  return { admin, tester, companyId: Number(companyID) };
}
