import type { Page } from 'playwright-core';
import { ACCOUNT_EN } from '../../../shared/i18n/en-account.js';
import type { SmtpReceiver } from '../../helpers/smtp.js';
import type { RunningServer } from './server.js';

// Signing in to My registrations as a registrant does: the sign-in form, then the link the
// email carries.

/** The sign-in link of the latest email to this address (sent by the outbox, off in tests). */
export async function emailedSignInLink(
  server: RunningServer,
  smtp: SmtpReceiver,
  address: string,
): Promise<{ path: string; language: string }> {
  await server.app.outbox.deliver();
  const mine = smtp.messages.filter((message) => {
    const to = message.to && !Array.isArray(message.to) ? message.to.text : '';
    return to.toLowerCase().includes(address.toLowerCase());
  });
  const text = mine.at(-1)?.text ?? '';
  const link = /(\/account\/sign-in\?lang=(\w+)#[A-Za-z0-9_-]{43})/.exec(text);
  if (!link?.[1] || !link[2]) throw new Error(`no sign-in link for ${address} in: ${text}`);
  return { path: link[1], language: link[2] };
}

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
