import { createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { App } from '../../../api/src/app.js';
import { OrganizationMembership, StaffAccount } from '../../../api/src/db/entities/index.js';
import type { GoogleKeyProvider } from '../../../api/src/modules/staff-auth/google.js';
import { hashPassword } from '../../../api/src/modules/staff-auth/passwords.js';
import type { TOrganizationRole } from '../../../shared/organization-roles.js';
import type { TStaffRole } from '../../../shared/staff-roles.js';
import type { TestApp } from '../../helpers/app.js';

/** A unique suffix for test data, so files and repeats never collide. */
export function unique(): string {
  return randomBytes(5).toString('hex');
}

/** A client address of its own, so each test's sign-ins have their own rate-limit budget. */
export function uniqueIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${((c ?? 1) % 250) + 1}`;
}

export interface StaffLogin {
  id: number;
  email: string;
  password: string;
}

/**
 * A staff account written straight to the database (as the staff CLI would): an Administrator,
 * as every account was before roles, unless the test names another role.
 */
export async function createStaff(
  app: App,
  options: { email?: string; password?: string; active?: boolean; role?: TStaffRole } = {},
): Promise<StaffLogin> {
  const email = options.email ?? `staff-${unique()}@example.org`;
  const password = options.password ?? `pw-${unique()}-${unique()}`;
  const em = app.orm.em.fork();
  const account = em.create(StaffAccount, {
    email,
    role: options.role ?? 'administrator',
    passwordHash: await hashPassword(password),
    googleSubject: null,
    active: options.active ?? true,
    lastLoginAt: null,
  });
  await em.flush();
  return { id: account.id, email, password };
}

export function login(app: App, email: string, password: string, ip = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/sc/session/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** A fresh staff account (an Administrator unless named) and a live token for it. */
export async function signIn(
  t: TestApp,
  role: TStaffRole = 'administrator',
): Promise<StaffLogin & { token: string }> {
  const staff = await createStaff(t.app, { role });
  const response = await login(t.app, staff.email, staff.password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return { ...staff, token: response.json().verified };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** An HS256 JWT signed with any secret and any claims (for expiry and tampering tests). */
export function hs256(secret: string, claims: Record<string, unknown>, header?: object): string {
  const head = Buffer.from(JSON.stringify(header ?? { alg: 'HS256', typ: 'JWT' })).toString(
    'base64url',
  );
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

/** A local RSA key standing in for Google's: tokens it signs verify through the key provider. */
export function localGoogleKeys() {
  const kid = `test-${unique()}`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider: GoogleKeyProvider = {
    certificates: async () => ({
      [kid]: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    }),
  };
  const sign = (claims: Record<string, unknown>, signWith = privateKey) => {
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' })).toString(
      'base64url',
    );
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = createSign('RSA-SHA256')
      .update(`${head}.${body}`)
      .sign(signWith, 'base64url');
    return `${head}.${body}.${signature}`;
  };
  return { kid, provider, sign };
}

/** app.inject with a staff token: call(method, url, payload?). */
export function staffClient(app: App, token: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** A create payload for POST /api/sc/submit/organization/{name}. */
export function orgCreatePayload(name: string, overrides: Record<string, unknown> = {}) {
  return {
    orgInfo: {
      orgURL: name,
      orgEndDate: '2034-12-31',
      swiftcomplyEmail: 'ops@example.org',
      orgEmails: [{ email: 'one@example.org' }],
      orgEmailFreq: 'weekly',
      orgBanner: 'Form banner',
      numOfCerts: 1,
      orgHomePageBanner: 'Home banner',
      orgInternalNotes: 'Notes',
      ...overrides,
    },
  };
}

/**
 * An organization's person written straight to the database (as an invitation taken up would):
 * a console account with no staff role and a role in each organization named, signed in.
 */
export async function signInOrganizationPerson(
  t: TestApp,
  roles: { organizationId: number; role: TOrganizationRole }[],
): Promise<StaffLogin & { token: string; membershipIds: number[] }> {
  const email = `person-${unique()}@city.example.gov`;
  const password = `pw-${unique()}-${unique()}`;
  const em = t.app.orm.em.fork();
  const account = em.create(StaffAccount, {
    email,
    role: null,
    passwordHash: await hashPassword(password),
    googleSubject: null,
    active: true,
    lastLoginAt: null,
  });
  const memberships = roles.map(({ organizationId, role }) =>
    em.create(OrganizationMembership, { staff: account, organization: organizationId, role }),
  );
  await em.flush();
  const response = await login(t.app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return {
    id: account.id,
    email,
    password,
    token: response.json().verified,
    membershipIds: memberships.map((membership) => membership.id),
  };
}
