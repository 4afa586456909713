import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccount } from '../../../api/src/db/entities/index.js';
import {
  addStaff,
  disableStaff,
  resetStaffPassword,
  resetStaffTwoFactor,
  StaffAccountError,
} from '../../../api/src/modules/staff-auth/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { bearer, createStaff, login, unique } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `npm run staff -- …` (the tsx entry itself) against this test's database. */
function staffCli(
  args: string[],
  stdin = '',
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['api/src/cli/staff.ts', ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.database.url,
        DATA_DIR: t.config.dataDir,
        JWT_SECRET: t.config.auth.jwtSecret,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

// Each spawn starts tsx (several seconds on a busy machine), so the CLI itself runs twice and
// the account operations it calls are exercised directly.
const CLI_TIMEOUT = 180_000;

describe('npm run staff', () => {
  it(
    'adds an account with the password read from stdin',
    async () => {
      const email = `cli-${unique()}@example.org`;
      const password = `first-password-${unique()}`;
      const added = await staffCli(['add', email], `${password}\n`);
      expect(added.err).toBe('');
      expect(added.code).toBe(0);
      expect(added.out).toContain(`Staff account ${email} added as an Administrator.`);
      const stored = await t.app.orm.em.fork().findOneOrFail(StaffAccount, { email });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
      expect(stored.role).toBe('administrator');
      expect((await login(t.app, email, password)).statusCode).toBe(200);
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses a password on the command line',
    async () => {
      const email = `argv-${unique()}@example.org`;
      const argv = await staffCli(['add', email, 'password-in-argv']);
      expect(argv.code).toBe(2);
      expect(argv.err).toContain('Usage: npm run staff');
      expect(await t.app.orm.em.fork().count(StaffAccount, { email })).toBe(0);
    },
    CLI_TIMEOUT,
  );
});

describe('the staff account operations behind the CLI', () => {
  it('resets a password and disables an account, ending their sessions', async () => {
    const staff = await createStaff(t.app);
    const token = (await login(t.app, staff.email, staff.password)).json().verified;
    const verify = (with_: string) =>
      t.app.inject({ url: '/api/sc/get/verify_auth', headers: bearer(with_) });

    const second = `second-password-${unique()}`;
    await resetStaffPassword(t.app.orm.em.fork(), staff.email.toUpperCase(), second);
    expect((await login(t.app, staff.email, staff.password)).statusCode).toBe(401);
    expect((await verify(token)).statusCode).toBe(401);
    const fresh = (await login(t.app, staff.email, second)).json().verified;
    expect((await verify(fresh)).statusCode).toBe(200);

    await disableStaff(t.app.orm.em.fork(), staff.email);
    expect((await login(t.app, staff.email, second)).statusCode).toBe(401);
    expect((await verify(fresh)).statusCode).toBe(401);

    // Adding it again re-enables it with the new password, as an Administrator: the way back
    // in when no Administrator can sign in.
    await t.app.orm.em.fork().nativeUpdate(StaffAccount, { id: staff.id }, { role: 'viewer' });
    const third = `third-password-${unique()}`;
    expect(await addStaff(t.app.orm.em.fork(), staff.email, third)).toBe('updated');
    expect((await login(t.app, staff.email, third)).statusCode).toBe(200);
    const restored = await t.app.orm.em.fork().findOneOrFail(StaffAccount, { id: staff.id });
    expect(restored.role).toBe('administrator');
  });

  it('turns two-step sign-in off for someone who lost their authenticator', async () => {
    const staff = await createStaff(t.app);
    await t.app.orm.em
      .fork()
      .nativeUpdate(
        StaffAccount,
        { id: staff.id },
        { totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() },
      );
    expect((await login(t.app, staff.email, staff.password)).json().twoFactorRequired).toBe(true);
    await resetStaffTwoFactor(t.app.orm.em.fork(), staff.email);
    expect((await login(t.app, staff.email, staff.password)).json().verified).toBeDefined();
  });

  it('refuses short and common passwords, bad emails and unknown accounts', async () => {
    const em = t.app.orm.em.fork();
    await expect(addStaff(em, `short-${unique()}@example.org`, 'short')).rejects.toThrow(
      'at least 12 characters',
    );
    await expect(addStaff(em, `common-${unique()}@example.org`, 'password1234')).rejects.toThrow(
      'too common',
    );
    await expect(addStaff(em, 'not-an-email', 'long-enough-password')).rejects.toThrow(
      StaffAccountError,
    );
    await expect(disableStaff(em, `nobody-${unique()}@example.org`)).rejects.toThrow(
      'No staff account has the email',
    );
  });
});
