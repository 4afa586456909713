import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { accountCalls, registerCompany, registerTester } from './helpers.js';

// My registrations: a tester's choice not to be listed in any public directory (issue 28), one
// setting of the person across all their organizations, audited as made by them.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const { sql, post, get, signIn } = accountCalls(() => t);

const hiddenOf = async (address: string) =>
  (
    await sql<{ directory_hidden: boolean }>('select directory_hidden from users where email = ?', [
      address,
    ])
  )[0]?.directory_hidden;

describe('leaving the public directories', () => {
  it('hides the tester everywhere, audits it as theirs, leaves another person alone, and lists them again', async () => {
    const { email: tester } = await registerTester(t, [springfield, shelbyville]);
    const { email: other } = await registerTester(t, [springfield]);
    const cookie = await signIn(tester);
    expect((await get('/me', cookie)).json().message.person.directoryHidden).toBe(false);

    const hidden = await post('/directory', { hidden: true }, cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({
      code: CODES.success,
      message: MESSAGES.accountDirectoryHidden,
    });
    expect(await hiddenOf(tester)).toBe(true);
    expect(await hiddenOf(other)).toBe(false);
    expect((await get('/me', cookie)).json().message.person.directoryHidden).toBe(true);

    const listed = await post('/directory', { hidden: false }, cookie);
    expect(listed.json()).toEqual({
      code: CODES.success,
      message: MESSAGES.accountDirectoryListed,
    });
    expect(await hiddenOf(tester)).toBe(false);

    const entries = await sql<{
      staff_id: number | null;
      staff_email: string;
      before: object;
      after: object;
    }>(
      `select staff_id, staff_email, before, after from audit_log
        where action = 'account_update' and entity_type = 'user'
          and entity_id = (select id::text from users where email = ?) order by id`,
      [tester],
    );
    expect(entries).toEqual([
      {
        staff_id: null,
        staff_email: tester,
        before: { directoryHidden: false },
        after: { directoryHidden: true },
      },
      {
        staff_id: null,
        staff_email: tester,
        before: { directoryHidden: true },
        after: { directoryHidden: false },
      },
    ]);
  });

  it('refuses a company admin (never listed) and keeps nothing', async () => {
    const { admin } = await registerCompany(t, [springfield]);
    const cookie = await signIn(admin);
    const refused = await post('/directory', { hidden: true }, cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.accountDirectoryTestersOnly);
    expect(await hiddenOf(admin)).toBe(false);
    const audited = await sql(
      `select 1 from audit_log where action = 'account_update'
        and entity_id = (select id::text from users where email = ?)`,
      [admin],
    );
    expect(audited).toEqual([]);
  });

  it('refuses a value other than true or false, a cross-site request, and one without a session', async () => {
    const { email: tester } = await registerTester(t, [springfield]);
    const cookie = await signIn(tester);
    expect((await post('/directory', { hidden: 'yes' }, cookie)).statusCode).toBe(422);
    const crossSite = await post(
      '/directory',
      { hidden: true },
      { ...cookie, origin: 'https://attacker.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await post('/directory', { hidden: true })).statusCode).toBe(401);
    expect(await hiddenOf(tester)).toBe(false);
  });
});
