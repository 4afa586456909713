import type { Page } from 'playwright-core';
import { ACCOUNT_EN } from '../../../shared/i18n/en-account.js';
import type { SmtpReceiver } from '../../helpers/smtp.js';
import type { RunningServer } from './server.js';

// Signing in to My registrations as a registrant does: the sign-in form, then the link the
// email carries.

/**
 * The latest link to one of My registrations' pages (the sign-in link's, or a change of email's
 * confirmation) emailed to this address, sent by the outbox (off in tests).
 */
export async function emailedAccountLink(
  server: RunningServer,
  smtp: SmtpReceiver,
  address: string,
  page: 'sign-in' | 'confirm-email',
): Promise<{ path: string; language: string }> {
  await server.app.outbox.deliver();
  const pattern = new RegExp(`(/account/${page}\\?lang=(\\w+)#[A-Za-z0-9_-]{43})`);
  const links = smtp.messages
    .filter((message) => {
      const to = message.to && !Array.isArray(message.to) ? message.to.text : '';
      return to.toLowerCase().includes(address.toLowerCase());
    })
    .map((message) => pattern.exec(message.text ?? ''))
    .filter((link) => link?.[1] && link[2]);
  const link = links.at(-1);
  if (!link?.[1] || !link[2]) throw new Error(`no ${page} link emailed to ${address}`);
  return { path: link[1], language: link[2] };
}

/** The sign-in link of the latest email carrying one to this address. */
export const emailedSignInLink = (server: RunningServer, smtp: SmtpReceiver, address: string) =>
  emailedAccountLink(server, smtp, address, 'sign-in');

/**
 * Asks for a link on the sign-in form and opens it: the page ends on the signed-in record. Any
 * session the browser had is dropped first, so the form shows.
 */
export async function signInByEmail(
  page: Page,
  server: RunningServer,
  smtp: SmtpReceiver,
  email: string,
) {
  await page.context().clearCookies();
  await page.goto(`${server.url}/account`);
  await page.getByLabel(ACCOUNT_EN.emailLabel).fill(email);
  await page.getByRole('button', { name: ACCOUNT_EN.sendLink }).click();
  await page.getByRole('heading', { level: 1, name: ACCOUNT_EN.checkEmailTitle }).waitFor();
  await page.goto(`${server.url}${(await emailedSignInLink(server, smtp, email)).path}`);
  await page.getByRole('heading', { level: 1, name: ACCOUNT_EN.title, exact: true }).waitFor();
}
