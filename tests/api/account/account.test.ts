import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endDeadSessions } from '../../../api/src/modules/account/sessions.js';
import { ACCOUNT_CODES, SIGN_IN_EMAILS_PER_HOUR } from '../../../shared/account.js';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  submit,
} from '../registration/fixtures.js';
import { accountCalls, registerTester, SITE } from './helpers.js';

// My registrations' calls: the sign-in link, the session cookie and its boundaries, what a
// registrant sees of their own record and the phone change.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const { sql, post, get, askForLink, linkToken, signIn } = accountCalls(() => t);
const registeredTester = () => registerTester(t, [springfield, shelbyville]);

describe('asking for a sign-in link', () => {
  it('answers a registered and an unknown email with the same bytes, and emails only the registered', async () => {
    const { email: known } = await registeredTester();
    const unknown = email('nobody');
    const a = await askForLink(known);
    const b = await askForLink(unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(a.headers['content-length']).toBe(b.headers['content-length']);
    expect(a.json()).toEqual({
      code: CODES.success,
      message: MESSAGES.accountLinkSent.replace('{minutes}', '20'),
    });
    const sent = await sql<{ recipients: string[] }>(
      `select recipients from email_outbox where kind = 'account_sign_in'
        and (? = any(recipients) or ? = any(recipients))`,
      [known, unknown],
    );
    expect(sent).toEqual([{ recipients: [known] }]);
  });

  it('keeps only the hash of the link and sends it to the address on file, in the language asked', async () => {
    const { email: known } = await registeredTester();
    await askForLink(known.toUpperCase(), { 'accept-language': 'es' });
    const token = await linkToken(known);
    const [message] = await sql<{ subject: string }>(
      `select subject from email_outbox where kind = 'account_sign_in' and ? = any(recipients)`,
      [known],
    );
    expect(message?.subject).toBe('Su enlace para iniciar sesión en Mis registros');
    const stored = await sql<{ token_hash: string }>(
      `select l.token_hash from account_sign_in_links l join users u on u.id = l.user_id
        where u.email = ?`,
      [known],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(token);
  });

  it(`refuses more than ${SIGN_IN_EMAILS_PER_HOUR} links an hour for one address, registered or not, in the same words`, async () => {
    const { email: known } = await registeredTester();
    const unknown = email('nobody');
    for (let i = 0; i < SIGN_IN_EMAILS_PER_HOUR; i++) {
      expect((await askForLink(known)).statusCode).toBe(200);
      expect((await askForLink(unknown)).statusCode).toBe(200);
    }
    const a = await askForLink(known);
    const b = await askForLink(unknown.toUpperCase());
    expect(a.statusCode).toBe(429);
    expect(a.json()).toEqual({ code: CODES.rateLimited, message: MESSAGES.accountTooManyLinks });
    expect(b.body).toBe(a.body);
    const [count] = await sql<{ sent: number }>(
      `select count(*)::int as sent from email_outbox
        where kind = 'account_sign_in' and ? = any(recipients)`,
      [known],
    );
    expect(count?.sent).toBe(SIGN_IN_EMAILS_PER_HOUR);
  });

  it('refuses an invalid email with its message and sends nothing', async () => {
    const answer = await askForLink('not an email');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      code: ACCOUNT_CODES.accountErrors,
      message: { fieldErrors: { email: MESSAGES.emailInvalid } },
    });
  });
});

describe('signing in with the link', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie for the account calls only', async () => {
    const { email: known } = await registeredTester();
    await askForLink(known);
    const started = await post('/session', { token: await linkToken(known) });
    expect(started.statusCode).toBe(200);
    const cookie = started.cookies.find((c) => c.name === 'bf_account');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/account' });
    // Served over http here (tests): Secure only where the site is served over https.
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [session] = await sql<{ token_hash: string }>(
      'select token_hash from account_sessions where token_hash <> ? order by id desc limit 1',
      [cookie?.value ?? ''],
    );
    expect(session?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://registration.example' } });
    try {
      const organization = await createOrganization(secure.app.orm.em.fork());
      const tester = person({ userType: 'tester' });
      await submit(secure.app, {
        hashValue: organization.hash,
        companyInfo: [companyInput()],
        userInfo: [{ ...tester, userCerts: [await certificationFor(secure.app, organization)] }],
        testKitInfo: [],
      });
      const headers = { origin: 'https://registration.example' };
      await secure.app.inject({
        method: 'POST',
        url: '/api/account/sign-in-link',
        headers,
        payload: { email: tester.userEmail },
      });
      const [message] = await secure.app.orm.em
        .fork()
        .getConnection()
        .execute<{ text_body: string }[]>(
          `select text_body from email_outbox where kind = 'account_sign_in' and ? = any(recipients)`,
          [tester.userEmail],
        );
      expect(message?.text_body).toContain('https://registration.example/account/sign-in?lang=en#');
      const token = /#([A-Za-z0-9_-]{43})/.exec(message?.text_body ?? '')?.[1];
      const started = await secure.app.inject({
        method: 'POST',
        url: '/api/account/session',
        headers,
        payload: { token },
      });
      expect(started.cookies.find((c) => c.name === 'bf_account')?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('works once: a used link is refused', async () => {
    const { email: known } = await registeredTester();
    await askForLink(known);
    const token = await linkToken(known);
    expect((await post('/session', { token })).statusCode).toBe(200);
    const again = await post('/session', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      code: ACCOUNT_CODES.linkInvalid,
      message: MESSAGES.accountLinkInvalid,
    });
    expect(again.cookies).toEqual([]);
  });

  it('refuses an older link once a newer one was sent', async () => {
    const { email: known } = await registeredTester();
    await askForLink(known);
    const older = await linkToken(known);
    await askForLink(known);
    const newer = await linkToken(known);
    expect((await post('/session', { token: older })).statusCode).toBe(410);
    expect((await post('/session', { token: newer })).statusCode).toBe(200);
  });

  it('refuses an expired link, a made-up one and one of another kind', async () => {
    const { email: known } = await registeredTester();
    await askForLink(known);
    const token = await linkToken(known);
    await sql(
      `update account_sign_in_links set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = ?)`,
      [known],
    );
    expect((await post('/session', { token })).statusCode).toBe(410);
    expect((await post('/session', { token: 'A'.repeat(43) })).statusCode).toBe(410);
    // A token of another kind of link (here the email change's) opens no session.
    const cookie = await signIn((await registeredTester()).email);
    const next = email('elsewhere');
    await post('/email', { email: next }, cookie);
    const [message] = await sql<{ text_body: string }>(
      `select text_body from email_outbox where kind = 'account_email_change'
        and ? = any(recipients)`,
      [next],
    );
    const foreign = /#([A-Za-z0-9_-]{43})/.exec(message?.text_body ?? '')?.[1];
    expect(foreign).toBeDefined();
    expect((await post('/session', { token: foreign })).statusCode).toBe(410);
    expect((await post('/session', { token: 'short' })).statusCode).toBe(410);
    expect((await post('/session', {})).statusCode).toBe(410);
  });
});

describe('the session', () => {
  it('shows the person only their own record, each certification once across organizations', async () => {
    const tester = await registeredTester();
    const other = await registeredTester();
    const cookie = await signIn(tester.email);
    const answer = await get('/me', cookie);
    expect(answer.statusCode).toBe(200);
    const view = answer.json().message;
    expect(view.person).toMatchObject({ email: tester.email, userType: 'tester' });
    expect(
      view.registrations.map((r: { organizationName: string }) => r.organizationName).sort(),
    ).toEqual([springfield.name, shelbyville.name].sort());
    expect(view.registrations[0]).toMatchObject({ reviewState: 'pending', enrolled: false });
    expect(view.certifications).toHaveLength(1);
    expect(view.certifications[0]).toMatchObject({
      number: tester.certification.certNum,
      expiresOn: '2030-06-30',
      // Registered a moment ago: not reviewed yet.
      status: 'reviewWaiting',
    });
    expect(view.certifications[0].organizations.sort()).toEqual(
      [springfield.name, shelbyville.name].sort(),
    );
    expect(view.testKits).toHaveLength(1);
    expect(view.testKits[0]).toMatchObject({ serial: tester.kit.kitSerial });
    expect(JSON.stringify(view)).not.toContain(other.email);
    expect(JSON.stringify(view)).not.toContain(other.certification.certNum);
  });

  it('opens the person’s own documents and no one else’s', async () => {
    const tester = await registeredTester();
    const other = await registeredTester();
    const cookie = await signIn(tester.email);
    const view = (await get('/me', cookie)).json().message;
    const own = await get(`/documents/${view.certifications[0].document.id}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const otherView = (await get('/me', await signIn(other.email))).json().message;
    const foreign = await get(`/documents/${otherView.certifications[0].document.id}`, cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/documents/${otherView.certifications[0].document.id}`)).statusCode).toBe(
      401,
    );
  });

  it('refuses calls without a cookie or with a forged one', async () => {
    expect((await get('/me')).statusCode).toBe(401);
    const forged = await get('/me', { cookie: `bf_account=${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: CODES.unauthorized, message: MESSAGES.unauthorized });
    expect((await get('/me', { cookie: 'bf_account=not-a-token' })).statusCode).toBe(401);
  });

  it('ends after 30 minutes idle and 12 hours at most', async () => {
    const { email: a } = await registeredTester();
    const idle = await signIn(a);
    await sql(
      `update account_sessions set last_seen_at = now() - interval '31 minutes'
        where user_id = (select id from users where email = ?)`,
      [a],
    );
    expect((await get('/me', idle)).statusCode).toBe(401);
    const { email: b } = await registeredTester();
    const old = await signIn(b);
    expect((await get('/me', old)).statusCode).toBe(200);
    await sql(
      `update account_sessions set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = ?)`,
      [b],
    );
    expect((await get('/me', old)).statusCode).toBe(401);
  });

  it('has its dead sessions swept from the table by the hourly job, the live ones left', async () => {
    const people = [];
    for (let i = 0; i < 3; i++) {
      const { email } = await registeredTester();
      people.push({ email, cookie: await signIn(email) });
    }
    const [live, idle, ended] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    await sql(
      `update account_sessions set last_seen_at = now() - interval '31 minutes'
        where user_id = (select id from users where email = ?)`,
      [idle.email],
    );
    await sql(
      `update account_sessions set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = ?)`,
      [ended.email],
    );
    const sessionsOf = async (email: string) =>
      (
        await sql(
          `select count(*)::int as n from account_sessions
            where user_id = (select id from users where email = ?)`,
          [email],
        )
      )[0]?.n;
    await endDeadSessions(t.app.orm.em.fork());
    expect(await sessionsOf(live.email)).toBe(1);
    expect(await sessionsOf(idle.email)).toBe(0);
    expect(await sessionsOf(ended.email)).toBe(0);
    expect((await get('/me', live.cookie)).statusCode).toBe(200);
  });

  it('ends on sign-out, and the cookie is cleared', async () => {
    const { email: known } = await registeredTester();
    const cookie = await signIn(known);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/session',
      headers: { origin: SITE, ...cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'bf_account')?.value).toBe('');
    expect((await get('/me', cookie)).statusCode).toBe(401);
  });

  it('ends when the person’s email changes, whoever changes it', async () => {
    const { email: known } = await registeredTester();
    const cookie = await signIn(known);
    await sql('update users set email = ? where email = ?', [email('changed'), known]);
    expect((await get('/me', cookie)).statusCode).toBe(401);
  });
});

describe('changing the phone', () => {
  it('saves it and audits the change as made by the registrant', async () => {
    const { email: known } = await registeredTester();
    const cookie = await signIn(known);
    const answer = await post('/phone', { phone: ' 555-0199 ' }, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ code: CODES.success, message: MESSAGES.accountPhoneSaved });
    expect((await get('/me', cookie)).json().message.person.phone).toBe('555-0199');
    const [entry] = await sql<{
      staff_id: number | null;
      staff_email: string;
      before: object;
      after: object;
    }>(
      `select staff_id, staff_email, before, after from audit_log
        where action = 'account_update' and entity_type = 'user'
          and entity_id = (select id::text from users where email = ?)`,
      [known],
    );
    expect(entry).toEqual({
      staff_id: null,
      staff_email: known,
      before: { phone: '555-0100' },
      after: { phone: '555-0199' },
    });
  });

  it('refuses a phone over 50 characters with its message and changes nothing', async () => {
    const { email: known } = await registeredTester();
    const cookie = await signIn(known);
    const answer = await post('/phone', { phone: '5'.repeat(51) }, cookie);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message.fieldErrors).toEqual({ phone: MESSAGES.phoneTooLong });
    expect((await get('/me', cookie)).json().message.person.phone).toBe('555-0100');
  });

  it('refuses a cross-site request, and one without an origin, changing nothing', async () => {
    const { email: known } = await registeredTester();
    const cookie = await signIn(known);
    const crossSite = await post(
      '/phone',
      { phone: '555-0666' },
      {
        ...cookie,
        origin: 'https://attacker.example',
      },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ code: CODES.forbidden, message: MESSAGES.accountCrossSite });
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/account/phone',
      headers: cookie,
      payload: { phone: '555-0666' },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect((await get('/me', cookie)).json().message.person.phone).toBe('555-0100');
  });
});

describe('changing the email', () => {
  /** The token of the latest confirmation link sent to this address. */
  async function confirmationToken(address: string): Promise<string> {
    const [message] = await sql<{ text_body: string }>(
      `select text_body from email_outbox
        where kind = 'account_email_change' and ? = any(recipients) order by id desc limit 1`,
      [address],
    );
    const token = /\/account\/confirm-email\?lang=\w+#([A-Za-z0-9_-]{43})/.exec(
      message?.text_body ?? '',
    );
    if (!token?.[1]) throw new Error(`no confirmation link for ${address}`);
    return token[1];
  }

  it('changes it only from the new address’s link, tells both addresses and ends the sessions', async () => {
    const { email: old } = await registeredTester();
    const cookie = await signIn(old);
    const next = email('moved');
    const asked = await post('/email', { email: next }, cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(MESSAGES.accountEmailConfirmSent.replace('{email}', next));
    expect((await get('/me', cookie)).json().message.person.email).toBe(old);

    const confirmed = await post('/email/confirm', { token: await confirmationToken(next) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(MESSAGES.accountEmailChanged.replace('{email}', next));
    const [person] = await sql<{ id: number }>('select id from users where email = ?', [next]);
    expect(person).toBeDefined();
    const told = await sql<{ recipients: string[] }>(
      `select recipients from email_outbox where kind = 'account_email_changed'
        and (? = any(recipients) or ? = any(recipients)) order by id`,
      [old, next],
    );
    expect(told.map((m) => m.recipients[0]).sort()).toEqual([old, next].sort());
    expect((await get('/me', cookie)).statusCode).toBe(401);
    const [entry] = await sql<{ before: object; after: object }>(
      `select before, after from audit_log where action = 'account_update'
        and entity_type = 'user' and entity_id = ?`,
      [String(person?.id)],
    );
    expect(entry).toEqual({ before: { email: old }, after: { email: next } });
    const reused = await post('/email/confirm', { token: await confirmationToken(next) });
    expect(reused.statusCode).toBe(410);
  });

  it('refuses the same address and another person’s, changing nothing', async () => {
    const a = await registeredTester();
    const b = await registeredTester();
    const cookie = await signIn(a.email);
    const same = await post('/email', { email: a.email.toUpperCase() }, cookie);
    expect(same.statusCode).toBe(422);
    expect(same.json().message.fieldErrors).toEqual({ email: MESSAGES.accountEmailSame });
    const taken = await post('/email', { email: b.email }, cookie);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().message.fieldErrors).toEqual({ email: MESSAGES.accountEmailTaken });
    expect((await get('/me', cookie)).json().message.person.email).toBe(a.email);
  });

  it('lets one of two people claiming one address at once have it; the other is told', async () => {
    const a = await registeredTester();
    const b = await registeredTester();
    const wanted = email('wanted');
    const tokens: string[] = [];
    for (const person of [a, b]) {
      const cookie = await signIn(person.email);
      expect((await post('/email', { email: wanted }, cookie)).statusCode).toBe(200);
      tokens.push(await confirmationToken(wanted));
    }
    const answers = await Promise.all(tokens.map((token) => post('/email/confirm', { token })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json()).toEqual({ code: CODES.conflict, message: MESSAGES.accountEmailTaken });
    const owners = await sql<{ id: number }>('select id from users where lower(email) = ?', [
      wanted,
    ]);
    expect(owners).toHaveLength(1);
    const still = await sql<{ email: string }>(
      'select email from users where email = ? or email = ?',
      [a.email, b.email],
    );
    expect(still).toHaveLength(1);
  });
});
