import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../api/src/app.js';
import { AuditEntry } from '../../../api/src/db/entities/index.js';
import { pairDelayMs, SIGN_IN_POLICY } from '../../../api/src/modules/staff-auth/throttle.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createStaff, login, uniqueIp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

/** Lets a pair's delay pass without waiting for it (the hold is a counter that expires). */
const delayPasses = (email: string, ip: string) =>
  t.app.sharedCounters.reset(`hold:${email.toLowerCase()}|${ip}`);

describe('sign-in throttling', () => {
  it('doubles the delay of an (account, address) pair after a few free failures, up to a cap', () => {
    const free = SIGN_IN_POLICY.freeFailuresPerPair;
    expect(pairDelayMs(free, false)).toBe(0);
    expect(pairDelayMs(free + 1, false)).toBe(1_000);
    expect(pairDelayMs(free + 2, false)).toBe(2_000);
    expect(pairDelayMs(free + 5, false)).toBe(16_000);
    expect(pairDelayMs(100, false)).toBe(SIGN_IN_POLICY.longestDelayMs);
    // An account under attack: the first failure of any pair already waits.
    expect(pairDelayMs(1, true)).toBe(SIGN_IN_POLICY.underAttackFirstDelayMs);
  });

  it('slows an attacker on one address while the owner signs in from another', async () => {
    const owner = await createStaff(t.app);
    const attacker = uniqueIp();
    for (let n = 0; n < SIGN_IN_POLICY.freeFailuresPerPair + 1; n += 1) {
      expect((await login(t.app, owner.email, `guess-${n}`, attacker)).statusCode).toBe(401);
    }
    const held = await login(t.app, owner.email, 'another-guess', attacker);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    expect(retryAfter(held)).toBe(1);
    // Held means not even checked: the right password from that address waits too.
    expect((await login(t.app, owner.email, owner.password, attacker)).statusCode).toBe(429);
    // The owner, elsewhere, is never held by what the attacker's address did.
    expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(200);

    await delayPasses(owner.email, attacker);
    expect((await login(t.app, owner.email, 'guess-again', attacker)).statusCode).toBe(401);
    expect(retryAfter(await login(t.app, owner.email, 'x', attacker))).toBe(2);
  });

  it('gives an attacker rotating addresses one guess per address once the account is under attack', async () => {
    const owner = await createStaff(t.app);
    for (let n = 0; n < SIGN_IN_POLICY.accountUnderAttackAt; n += 1) {
      expect((await login(t.app, owner.email, `spray-${n}`, uniqueIp())).statusCode).toBe(401);
    }
    const next = uniqueIp();
    expect((await login(t.app, owner.email, 'one-more', next)).statusCode).toBe(401);
    const held = await login(t.app, owner.email, 'and-again', next);
    expect(held.statusCode).toBe(429);
    expect(retryAfter(held)).toBe(SIGN_IN_POLICY.underAttackFirstDelayMs / 1000);
    // The owner, from an address with no failures, signs in while the attack goes on.
    expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(200);
    expect((await login(t.app, owner.email, 'after-owner', uniqueIp())).statusCode).toBe(401);
  });

  it('refuses an address that has failed against many accounts, and only that address', async () => {
    const owner = await createStaff(t.app);
    const sprayer = uniqueIp();
    await t.app.sharedCounters.set(
      `fail-address:${sprayer}`,
      SIGN_IN_POLICY.failuresPerAddress,
      60_000,
    );
    const refused = await login(t.app, owner.email, owner.password, sprayer);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect((await login(t.app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts failures in the database, so every server process holds the same pair', async () => {
    const second: App = await buildApp(t.config);
    await second.ready();
    try {
      const owner = await createStaff(t.app);
      const attacker = uniqueIp();
      for (let n = 0; n < SIGN_IN_POLICY.freeFailuresPerPair + 1; n += 1) {
        const app = n % 2 === 0 ? t.app : second;
        expect((await login(app, owner.email, `guess-${n}`, attacker)).statusCode).toBe(401);
      }
      expect((await login(second, owner.email, owner.password, attacker)).statusCode).toBe(429);
      expect((await login(t.app, owner.email, owner.password, attacker)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('audits failed and refused sign-ins with the address they came from', async () => {
    const owner = await createStaff(t.app);
    const ip = uniqueIp();
    await login(t.app, owner.email, 'wrong-password', ip);
    const entries = await t.app.orm.em
      .fork()
      .find(AuditEntry, { staffEmail: owner.email.toLowerCase(), action: 'sign_in_failed' });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ reason: 'password', ip });
    expect(JSON.stringify(entries[0]?.after)).not.toContain('wrong-password');
  });
});
