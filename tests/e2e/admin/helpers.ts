import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  CertificationAgency,
  CertificationType,
  OrganizationMembership,
  Registration,
  StaffAccount,
  User,
} from '../../../api/src/db/entities/index.js';
import { hashPassword } from '../../../api/src/modules/staff-auth/passwords.js';
import { seed } from '../../../api/src/seed.js';
import type { TOrganizationRole } from '../../../shared/organization-roles.js';
import type { TStaffRole } from '../../../shared/staff-roles.js';
import type { SmtpReceiver } from '../../helpers/smtp.js';
import type { TestOrganization } from '../helpers/fixtures.js';
import { documentFiles, uniqueEmail } from '../helpers/fixtures.js';
import type { RunningServer } from '../helpers/server.js';

export interface StaffLogin {
  email: string;
  password: string;
}

/** A staff account on the test server (the start-up seeding, run with our own credentials). */
export async function createStaff(server: RunningServer): Promise<StaffLogin> {
  const login = {
    email: `staff.${randomBytes(4).toString('hex')}@example.com`,
    password: `pw-${randomBytes(12).toString('hex')}`,
  };
  await seed(server.app.orm.em.fork(), { ...server.config, admin: login, seedDemo: false });
  return login;
}

/** A staff account of the given role, written as the Staff screen's invitation taken up would. */
export async function createStaffWithRole(
  server: RunningServer,
  role: TStaffRole,
): Promise<StaffLogin & { id: number }> {
  const login = {
    email: `${role}.${randomBytes(4).toString('hex')}@example.com`,
    password: `pw-${randomBytes(12).toString('hex')}`,
  };
  const em = server.app.orm.em.fork();
  const account = em.create(StaffAccount, {
    email: login.email,
    role,
    passwordHash: await hashPassword(login.password),
    googleSubject: null,
    active: true,
    lastLoginAt: null,
  });
  await em.flush();
  return { ...login, id: account.id };
}

/**
 * An organization's person, written as an invitation taken up would: a console account with no
 * staff role and a role in each organization named.
 */
export async function createOrganizationPerson(
  server: RunningServer,
  roles: { organizationId: number; role: TOrganizationRole }[],
): Promise<StaffLogin & { id: number }> {
  const login = {
    email: `person.${randomBytes(4).toString('hex')}@city.example.gov`,
    password: `pw-${randomBytes(12).toString('hex')}`,
  };
  const em = server.app.orm.em.fork();
  const account = em.create(StaffAccount, {
    email: login.email,
    role: null,
    passwordHash: await hashPassword(login.password),
    googleSubject: null,
    active: true,
    lastLoginAt: null,
  });
  for (const { organizationId, role } of roles) {
    em.create(OrganizationMembership, { staff: account, organization: organizationId, role });
  }
  await em.flush();
  return { ...login, id: account.id };
}

/** Sends what the outbox holds and answers the newest message to `email` the receiver got. */
export async function mailTo(
  server: RunningServer,
  smtp: SmtpReceiver,
  email: string,
): Promise<ParsedMail> {
  await server.app.outbox.deliver();
  let found: ParsedMail | undefined;
  await expect
    .poll(() => {
      found = [...smtp.messages]
        .reverse()
        .find((message) => message.to && JSON.stringify(message.to).includes(email));
      return Boolean(found);
    })
    .toBe(true);
  return found as ParsedMail;
}

/** The set-password link of an invitation or reset email, on the test server. */
export function passwordLinkIn(server: RunningServer, message: ParsedMail): string {
  const link = /(http\S+\/scadmin\/set-password#token=[A-Za-z0-9_-]+)/.exec(
    message.text ?? '',
  )?.[1];
  if (!link) throw new Error(`no link in ${message.text}`);
  return link.replace(/^https?:\/\/[^/]+/, server.url);
}

/** Chooses a password on the page of an emailed link. */
export async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'SET PASSWORD' }).click();
  await page.getByText('Your password is set. Please sign in.').waitFor();
}

/** Signs in through the login screen and waits for the console home. */
export async function signIn(page: Page, server: RunningServer, staff: StaffLogin) {
  await page.goto(`${server.url}/scadmin`);
  await page.getByLabel('Email', { exact: false }).first().fill(staff.email);
  await page.getByLabel('Password', { exact: false }).first().fill(staff.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.getByRole('heading', { level: 1, name: 'Backflow Admin Console' }).waitFor();
  await page.getByRole('button', { name: 'Log Out' }).waitFor();
}

/** A staff token from the login call (sign-ins are rate limited per address: sign in once). */
export async function staffToken(server: RunningServer, staff: StaffLogin): Promise<string> {
  const response = await fetch(`${server.url}/api/sc/session/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(staff),
  });
  const answer = (await response.json()) as { verified?: string };
  if (!answer.verified) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.verified;
}

/** Opens the console with a stored token, as after a sign-in in this tab. */
export async function openSignedIn(page: Page, server: RunningServer, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('authToken')) sessionStorage.setItem('authToken', value);
  }, token);
  await page.goto(`${server.url}/scadmin`);
  await page.getByRole('heading', { level: 1, name: 'Backflow Admin Console' }).waitFor();
}

export async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/** axe-core (WCAG 2.x A/AA and best practices): no serious or critical violations. */
export async function expectNoSeriousAxeViolations(page: Page, screen: string) {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Colours judged mid-transition (a chip turning green as a decision lands) are neither the
  // old nor the new ones a person reads: judge the screen once its CSS transitions have ended
  // (a spinner's endless animation is not waited for).
  await expect
    .poll(() =>
      page.evaluate(
        `document.getAnimations().every(
          (animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running',
        )`,
      ),
    )
    .toBe(true);
  await page.evaluate(axeSource);
  // A string, so this file needs no DOM types; page.evaluate is exempt from the page's CSP.
  const violations = (await page.evaluate(`axe
    .run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    })
    .then((result) => result.violations)`)) as {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html?: string; failureSummary?: string }[];
  }[];
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} ${JSON.stringify(
          violation.nodes.map((node) => [
            node.target,
            node.html?.slice(0, 300),
            node.failureSummary,
          ]),
        )}`,
    );
  expect(serious, `serious axe violations on ${screen}`).toEqual([]);
}

export interface RegisteredTester {
  email: string;
  firstName: string;
  lastName: string;
  certNumber: string;
  companyName: string;
}

/** A tester like no other: unique email, names, certification number and company. */
export function newTester(): RegisteredTester {
  const suffix = randomBytes(3).toString('hex');
  return {
    email: uniqueEmail('console-tester'),
    firstName: `Tess${suffix}`,
    lastName: `Findable${suffix}`,
    certNumber: `CN-${suffix}`,
    companyName: `Console Test Co ${suffix}`,
  };
}

/**
 * Registers a tester with one certification and its uploaded PDF through the public calls; the
 * same tester again registers them with another organization, with the same certification.
 */
export async function registerTester(
  server: RunningServer,
  organization: TestOrganization,
  tester: RegisteredTester = newTester(),
): Promise<RegisteredTester> {
  const files = await documentFiles();
  const form = new FormData();
  form.set('orgHash', organization.hash);
  form.set(
    'file',
    new Blob([await readFile(files.pdf)], { type: 'application/pdf' }),
    'certificate.pdf',
  );
  const upload = await fetch(`${server.url}/api/uploads/docUpload`, { method: 'POST', body: form });
  const uploaded = (await upload.json()) as { message: { url: string } };
  expect(upload.status, JSON.stringify(uploaded)).toBe(200);

  const em = server.app.orm.em.fork();
  const agency = await em.findOneOrFail(CertificationAgency, { name: 'AWWA' });
  const type = await em.findOneOrFail(CertificationType, {
    name: 'Backflow Prevention Assembly Tester',
  });
  const suffix = randomBytes(3).toString('hex');
  const submit = await fetch(`${server.url}/api/tr/submit/all`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-${suffix}-key` },
    body: JSON.stringify({
      hashValue: organization.hash,
      companyInfo: [
        {
          companyID: '',
          companyName: tester.companyName,
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
          userType: 'tester',
          userFirstName: tester.firstName,
          userLastName: tester.lastName,
          userEmail: tester.email,
          userPhone: '555-0199',
          userCerts: [
            {
              certNum: tester.certNumber,
              certExp: '2031-05-31',
              certAgency: agency.id,
              certType: type.id,
              certDocLink: uploaded.message.url,
            },
          ],
        },
      ],
      testKitInfo: [],
    }),
  });
  const answer = (await submit.json()) as { code?: string };
  expect(answer.code, JSON.stringify(answer)).toBe('SUCCESS');
  return tester;
}

/**
 * People registered with an organization, written straight to the database: `count` testers
 * sharing one last name, First 01, First 02 … so their order on a page is known.
 */
export async function registerPeople(
  server: RunningServer,
  organization: TestOrganization,
  count: number,
  lastName: string,
): Promise<void> {
  const em = server.app.orm.em.fork();
  for (let n = 1; n <= count; n++) {
    const user = em.create(User, {
      type: 'tester',
      firstName: `First ${String(n).padStart(2, '0')}`,
      lastName,
      email: uniqueEmail(`paged-${n}`),
      phone: '',
    });
    em.create(Registration, { user, organization: organization.id, enrolled: false });
  }
  await em.flush();
}

/** Presses Tab until the focused element has this accessible text (bounded), as a keyboard user. */
export async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 120; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        document.activeElement?.textContent?.trim() ??
        '',
    );
    if (focused === name) return;
  }
  throw new Error(`no focusable element named ${name}`);
}
