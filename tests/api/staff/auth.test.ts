import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry, StaffAccount, StaffSession } from '../../../api/src/db/entities/index.js';
import { SIGN_IN_POLICY } from '../../../api/src/modules/staff-auth/throttle.js';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  bearer,
  createStaff,
  decodeClaims,
  hs256,
  localGoogleKeys,
  login,
  signIn,
  unique,
  uniqueIp,
} from './helpers.js';

const GOOGLE_CLIENT_ID = 'console-test.apps.googleusercontent.com';
const STAFF_DOMAIN = 'staff-test.example';

let t: TestApp;
const google = localGoogleKeys();
beforeAll(async () => {
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID, STAFF_EMAIL_DOMAIN: STAFF_DOMAIN, TOKEN_TTL_SECONDS: '3600' },
    setup(app) {
      app.staffAuth.googleKeys = google.provider;
    },
  });
});
afterAll(() => t.close());

const verify = (token?: string) =>
  t.app.inject({ url: '/api/sc/get/verify_auth', headers: token ? bearer(token) : {} });

describe('password sign-in', () => {
  it('answers a token that verifies, pinned to HS256 and expiring after the configured TTL', async () => {
    const staff = await createStaff(t.app);
    const response = await login(t.app, staff.email.toUpperCase(), staff.password);
    expect(response.statusCode).toBe(200);
    const token = response.json().verified;
    expect(typeof token).toBe('string');
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeClaims(token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    expect(claims.sub).toBe(String(staff.id));
    const session = await t.app.orm.em.fork().findOne(StaffSession, { id: String(claims.jti) });
    expect(session?.revokedAt).toBeNull();

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().code).toBe('VERIFIED');
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const staff = await createStaff(t.app);
    const wrong = await login(t.app, staff.email, 'not-the-password');
    const unknown = await login(t.app, `nobody-${unique()}@example.org`, staff.password);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Incorrect Email or Password');
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses an email PostgreSQL cannot store (a NUL) as unreadable, not as a crash', async () => {
    const staff = await createStaff(t.app);
    const response = await login(t.app, `${staff.email}\u0000`, staff.password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: CODES.badRequest, message: MESSAGES.badRequest });
  });

  it('refuses a disabled account even with the right password', async () => {
    const staff = await createStaff(t.app, { active: false });
    const response = await login(t.app, staff.email, staff.password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Incorrect Email or Password');
  });
});

describe('tokens', () => {
  it('calls a token past its expiry EXPIRED', async () => {
    const staff = await signIn(t);
    const claims = decodeClaims(staff.token);
    const now = Math.floor(Date.now() / 1000);
    const expired = hs256(t.config.auth.jwtSecret, { ...claims, iat: now - 7200, exp: now - 60 });
    const response = await verify(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('EXPIRED');
  });

  it('refuses a tampered token, alg none, a wrong key and garbage as INVALID', async () => {
    const staff = await signIn(t);
    const claims = decodeClaims(staff.token);
    const [head, , signature] = staff.token.split('.');
    const otherSub = Buffer.from(JSON.stringify({ ...claims, sub: '999999' })).toString(
      'base64url',
    );
    const tampered = `${head}.${otherSub}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const wrongKey = hs256('another-secret-that-is-long-enough-0123456789', claims);
    const hs512 = hs256(t.config.auth.jwtSecret, claims, { alg: 'HS512', typ: 'JWT' });
    for (const token of [tampered, none, wrongKey, hs512, 'not-a-token']) {
      const response = await verify(token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json().code).toBe('INVALID');
    }
    expect((await verify()).json().code).toBe('INVALID');
  });

  it('refuses a token after logout, and only that token', async () => {
    const staff = await signIn(t);
    const second = (await login(t.app, staff.email, staff.password)).json().verified;
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/user-logout',
      headers: bearer(staff.token),
    });
    expect(logout.statusCode).toBe(200);
    expect((await verify(staff.token)).statusCode).toBe(401);
    expect((await verify(staff.token)).json().code).toBe('INVALID');
    expect((await verify(second)).json().code).toBe('VERIFIED');
  });

  it('refuses a live token once its account is disabled', async () => {
    const staff = await signIn(t);
    expect((await verify(staff.token)).statusCode).toBe(200);
    await t.app.orm.em.fork().nativeUpdate(StaffAccount, { id: staff.id }, { active: false });
    const response = await verify(staff.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID');
  });
});

describe('Google sign-in', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const claimsFor = (email: string, extra: Record<string, unknown> = {}) => ({
    iss: 'https://accounts.google.com',
    aud: GOOGLE_CLIENT_ID,
    sub: `google-${unique()}`,
    email,
    email_verified: true,
    hd: STAFF_DOMAIN,
    iat: now() - 10,
    exp: now() + 600,
    ...extra,
  });
  const googleLogin = (token: string, ip = uniqueIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sc/session/google-login',
      remoteAddress: ip,
      payload: { token },
    });

  it('gives a staff-domain Google account nobody invited no access, and creates no account', async () => {
    const email = `uninvited-${unique()}@${STAFF_DOMAIN}`;
    const response = await googleLogin(google.sign(claimsFor(email)));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Your account has no access yet. Ask an administrator to invite you.',
    );
    expect(response.json().verified).toBeUndefined();
    expect(await t.app.orm.em.fork().count(StaffAccount, { email })).toBe(0);
  });

  it('takes up an invitation by email and finds the account again by subject', async () => {
    const email = `invited-${unique()}@${STAFF_DOMAIN}`;
    const em = t.app.orm.em.fork();
    const invited = em.create(StaffAccount, {
      email,
      role: 'viewer',
      passwordHash: null,
      googleSubject: null,
      active: true,
      lastLoginAt: null,
    });
    await em.flush();
    const claims = claimsFor(email);
    const first = await googleLogin(google.sign(claims));
    expect(first.statusCode).toBe(200);
    expect((await verify(first.json().verified)).json().code).toBe('VERIFIED');
    const account = await t.app.orm.em.fork().findOneOrFail(StaffAccount, { id: invited.id });
    expect(account.googleSubject).toBe(claims.sub);
    expect(account.passwordHash).toBeNull();
    expect(account.role).toBe('viewer');
    const again = await googleLogin(google.sign({ ...claims, email: `renamed-${email}` }));
    expect(again.statusCode).toBe(200);
    expect(decodeClaims(again.json().verified).sub).toBe(String(account.id));
  });

  it('links an existing password account by email on its first Google sign-in', async () => {
    const staff = await createStaff(t.app, { email: `linked-${unique()}@${STAFF_DOMAIN}` });
    const claims = claimsFor(staff.email.toUpperCase());
    const response = await googleLogin(google.sign(claims));
    expect(response.statusCode).toBe(200);
    expect(decodeClaims(response.json().verified).sub).toBe(String(staff.id));
    const account = await t.app.orm.em.fork().findOneOrFail(StaffAccount, { id: staff.id });
    expect(account.googleSubject).toBe(claims.sub);
  });

  it("answers 'Unauthorized domain' for another hosted domain or a personal account", async () => {
    const other = await googleLogin(
      google.sign(claimsFor(`x-${unique()}@elsewhere.example`, { hd: 'elsewhere.example' })),
    );
    const personal = claimsFor(`x-${unique()}@gmail.com`);
    delete (personal as Record<string, unknown>).hd;
    const noHd = await googleLogin(google.sign(personal));
    const spoofed = await googleLogin(google.sign(claimsFor(`x-${unique()}@gmail.com`)));
    for (const response of [other, noHd, spoofed]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Unauthorized domain');
      expect(response.json().verified).toBeUndefined();
    }
  });

  it('refuses a wrong audience, another issuer, an expired token and a foreign key', async () => {
    const email = `x-${unique()}@${STAFF_DOMAIN}`;
    const stranger = localGoogleKeys();
    const tokens = [
      google.sign(claimsFor(email, { aud: 'someone-else.apps.googleusercontent.com' })),
      google.sign(claimsFor(email, { iss: 'https://evil.example' })),
      google.sign(claimsFor(email, { iat: now() - 7200, exp: now() - 3600 })),
      stranger.sign(claimsFor(email)),
      'not.a.token',
    ];
    for (const token of tokens) {
      const response = await googleLogin(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Google sign-in could not be verified.');
    }
    expect(await t.app.orm.em.fork().count(StaffAccount, { email })).toBe(0);
  });

  it('refuses an unverified email', async () => {
    const response = await googleLogin(
      google.sign(claimsFor(`x-${unique()}@${STAFF_DOMAIN}`, { email_verified: false })),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Your Google account email is not verified.');
  });

  it('refuses a disabled account', async () => {
    const staff = await createStaff(t.app, {
      email: `off-${unique()}@${STAFF_DOMAIN}`,
      active: false,
    });
    const response = await googleLogin(google.sign(claimsFor(staff.email)));
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('This staff account is disabled.');
  });
});

describe('Google sign-in with GOOGLE_AUTO_ROLE', () => {
  it('gives a staff-domain account nobody invited the configured role, and audits it', async () => {
    const auto = await createTestApp({
      env: { GOOGLE_CLIENT_ID, STAFF_EMAIL_DOMAIN: STAFF_DOMAIN, GOOGLE_AUTO_ROLE: 'viewer' },
      setup(app) {
        app.staffAuth.googleKeys = google.provider;
      },
    });
    try {
      const email = `auto-${unique()}@${STAFF_DOMAIN}`;
      const now = Math.floor(Date.now() / 1000);
      const response = await auto.app.inject({
        method: 'POST',
        url: '/api/sc/session/google-login',
        remoteAddress: uniqueIp(),
        payload: {
          token: google.sign({
            iss: 'https://accounts.google.com',
            aud: GOOGLE_CLIENT_ID,
            sub: `google-${unique()}`,
            email,
            email_verified: true,
            hd: STAFF_DOMAIN,
            iat: now - 10,
            exp: now + 600,
          }),
        },
      });
      expect(response.statusCode).toBe(200);
      const em = auto.app.orm.em.fork();
      const account = await em.findOneOrFail(StaffAccount, { email });
      expect(account.role).toBe('viewer');
      expect(account.passwordHash).toBeNull();
      const created = await em.findOneOrFail(AuditEntry, {
        entityId: String(account.id),
        action: 'create',
      });
      expect(created.after).toMatchObject({ role: 'viewer', through: 'GOOGLE_AUTO_ROLE' });
    } finally {
      await auto.close();
    }
  });
});

describe('the per-address attempt budget', () => {
  it('limits one address however its X-Forwarded-For header varies', async () => {
    const ip = uniqueIp();
    const perMinute = SIGN_IN_POLICY.attemptsPerAddressPerMinute;
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= perMinute; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sc/session/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 1}` },
        // A different unknown account each time: only the address's budget is in play.
        payload: { email: `nobody-${unique()}@example.org`, password: 'whatever' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, perMinute).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const google = await t.app.inject({
      method: 'POST',
      url: '/api/sc/session/google-login',
      remoteAddress: ip,
      payload: { token: 'a.b.c' },
    });
    // The Google call has its own per-address budget.
    expect(google.statusCode).toBe(401);
  });
});
