import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxEmail } from '../../../api/src/db/entities/index.js';
import { deleteExpiredDrafts } from '../../../api/src/modules/drafts/service.js';
import { registrantLanguage } from '../../../api/src/modules/registrant-emails/language.js';
import { sweepUnattachedUploads } from '../../../api/src/modules/uploads/sweep.js';
import { MESSAGES } from '../../../shared/codes.js';
import type { TDraftData } from '../../../shared/drafts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  certificationFor,
  companyInput,
  createOrganization,
  email,
  type OrganizationFixture,
  person,
  randomAddress,
  submit,
  uploadedLink,
} from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';

let t: TestApp;
let organization: OrganizationFixture;
beforeAll(async () => {
  t = await createTestApp();
  organization = await createOrganization(t.app.orm.em.fork());
});
afterAll(() => t.close());

const sql = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.app.orm.em.fork().getConnection().execute<T[]>(text, params);

function draftData(documentLink = ''): TDraftData {
  return {
    path: [0, 1, 4],
    userType: 'tester',
    company: { ...companyInput(), companyID: null },
    matches: [],
    admins: [],
    testers: [
      {
        ...person({ userEmail: 'half typed@' }),
        userCerts: [
          {
            certNum: 'AW-1',
            certExp: '2030-06-30',
            certAgency: '',
            certType: '',
            certDocLink: documentLink,
            certDocName: 'certificate.png',
          },
        ],
      },
    ],
    testKits: [],
  };
}

/** A final submit registering one tester with a certification. */
async function testerSubmit() {
  return {
    hashValue: organization.hash,
    companyInfo: [companyInput()],
    userInfo: [
      person({ userType: 'tester', userCerts: [await certificationFor(t.app, organization)] }),
    ],
    testKitInfo: [],
  };
}

const save = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/drafts/save',
    remoteAddress: randomAddress(),
    headers,
    payload: body,
  });
const open = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/drafts/open',
    remoteAddress: randomAddress(),
    payload: { token },
  });

/** The link emailed for a save, and the token in it. */
async function emailedLink(to: string) {
  const messages = await t.app.orm.em
    .fork()
    .find(OutboxEmail, { kind: 'draft_link' }, { orderBy: { id: 'desc' } });
  const message = messages.find((m) => m.recipients.includes(to));
  if (!message) throw new Error(`no draft link emailed to ${to}`);
  const link = /https?:\/\/\S+/.exec(message.textBody)?.[0] ?? '';
  return { message, link, token: new URL(link).hash.slice(1) };
}

describe('save and finish later', () => {
  it('keeps the draft, emails a 256-bit link in the language of the save, and stores only its hash', async () => {
    const to = email('saver');
    const runId = randomUUID();
    const response = await save(
      { hashValue: organization.hash, runId, email: to, data: draftData() },
      { 'accept-language': 'es' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'SUCCESS',
      message:
        'Enviamos a esa dirección de correo electrónico un enlace para continuar este registro.',
    });
    const { message, link, token } = await emailedLink(to);
    expect(message.subject).toBe(`Su registro de probadores de ${organization.name} guardado`);
    expect(message.textBody).toContain('durante 14 días');
    expect(new URL(link).pathname).toBe(`/form/${organization.hash}/resume`);
    expect(new URL(link).searchParams.get('lang')).toBe('es');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const rows = await sql<{ token_hash: string; expires_at: Date; language: string }>(
      'select token_hash, expires_at, language, data::text as data from drafts where run_id = ?',
      [runId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = (new Date(rows[0]?.expires_at ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(rows[0]?.language).toBe('es');
  });

  it('opens that draft alone from its token, and nothing from a wrong or expired one', async () => {
    const to = email('opener');
    const runId = randomUUID();
    const data = draftData();
    await save({ hashValue: organization.hash, runId, email: to, data });
    const { token } = await emailedLink(to);

    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      code: 'SUCCESS',
      message: { draft: { hashValue: organization.hash, runId, language: 'en', data } },
    });

    for (const wrong of [`${token}x`, token.slice(0, -1), randomUUID()]) {
      const refused = await open(wrong);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('DRAFT NOT FOUND');
    }
    await sql(`update drafts set expires_at = now() - interval '1 second' where run_id = ?`, [
      runId,
    ]);
    const expired = await open(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(MESSAGES.draftLinkInvalid.replace('{days}', '14'));
  });

  it('replaces the run’s draft when it saves again: the old link stops working', async () => {
    const runId = randomUUID();
    const first = email('first');
    const second = email('second');
    await save({ hashValue: organization.hash, runId, email: first, data: draftData() });
    const { token: oldToken } = await emailedLink(first);
    const later = { ...draftData(), path: [0, 1, 4, 5] };
    await save({ hashValue: organization.hash, runId, email: second, data: later });
    const { token: newToken } = await emailedLink(second);

    expect((await open(oldToken)).statusCode).toBe(404);
    expect((await open(newToken)).json().message.draft.data.path).toEqual([0, 1, 4, 5]);
    expect(await sql('select id from drafts where run_id = ?', [runId])).toHaveLength(1);
  });

  it('keeps the draft’s uploads from the sweep while it lives, and lets them go once it expires', async () => {
    const link = await uploadedLink(t.app, organization.hash);
    const loose = await uploadedLink(t.app, organization.hash);
    const runId = randomUUID();
    await save({ hashValue: organization.hash, runId, email: email(), data: draftData(link) });
    const aDayLater = new Date(Date.now() + 25 * 3_600_000);

    await sweepUnattachedUploads(t.app.orm.em.fork(), t.app.documentStorage, { now: aDayLater });
    const left = await sql<{ id: string }>('select id from documents where id in (?, ?)', [
      link,
      loose,
    ]);
    expect(left.map((row) => row.id)).toEqual([link]);

    await sql(`update drafts set expires_at = now() - interval '1 second' where run_id = ?`, [
      runId,
    ]);
    expect(await deleteExpiredDrafts(t.app.orm.em.fork())).toBeGreaterThanOrEqual(1);
    await sweepUnattachedUploads(t.app.orm.em.fork(), t.app.documentStorage, { now: aDayLater });
    expect(await sql('select id from documents where id = ?', [link])).toHaveLength(0);
  });

  it('is finished by the run’s submit, and never counts as a registration meanwhile', async () => {
    const { token } = await signIn(t);
    const call = staffClient(t.app, token);
    const signups = async () =>
      (await call('GET', `/api/sc/get/orgsignups/${organization.id}`)).json();
    const before = await signups();
    const runId = randomUUID();
    const to = email('draft-only');
    const data = draftData();
    await save({ hashValue: organization.hash, runId, email: to, data });
    expect(await signups()).toEqual(before);
    const search = await call('POST', '/api/sc/get/users_list', {
      orgId: 'All',
      page: 1,
      searchQuery: data.company.companyName,
    });
    expect(JSON.stringify(search.json())).not.toContain(to);
    expect(JSON.stringify(search.json())).not.toContain(data.company.companyName);

    const body = await testerSubmit();
    const submitted = await submit(t.app, body, {
      'idempotency-key': runId,
      'accept-language': 'es',
    });
    expect(submitted.json().code).toBe('SUCCESS');
    expect(await sql('select id from drafts where run_id = ?', [runId])).toHaveLength(0);
  });

  it('refuses an invalid email per field, in the language of the call, and an unknown link', async () => {
    const bad = await save(
      { hashValue: organization.hash, runId: randomUUID(), email: 'nope', data: draftData() },
      { 'accept-language': 'es' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      code: 'DRAFT ERRORS',
      message: { draft_errors: { email: 'Correo electrónico no válido.' }, generalErrors: [] },
    });
    const unknown = await save({
      hashValue: 'no-such-form',
      runId: randomUUID(),
      email: email(),
      data: draftData(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ORG URL INVALID');
    const wrongShape = await save({
      hashValue: organization.hash,
      runId: randomUUID(),
      email: email(),
      data: { ...draftData(), testers: {} },
    });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().message).toContain('data.testers must be a list');
  });

  it('limits saves per client address like the other public writes', async () => {
    const remoteAddress = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= t.config.rateLimits.draftsPerMinute; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/drafts/save',
        remoteAddress,
        payload: { hashValue: organization.hash, runId: randomUUID(), email: 'x', data: {} },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the language a registration was made in', () => {
  it('is recorded with the submit, for the emails its people get later', async () => {
    const registered = async (headers: Record<string, string>) => {
      const body = await testerSubmit();
      const response = await submit(t.app, body, { 'idempotency-key': randomUUID(), ...headers });
      expect(response.json().code).toBe('SUCCESS');
      const [row] = await sql<{ user_id: number }>(
        'select r.user_id from registrations r join users u on u.id = r.user_id where lower(u.email) = lower(?)',
        [body.userInfo[0]?.userEmail],
      );
      return registrantLanguage(t.app.orm.em.fork(), {
        userId: row?.user_id ?? 0,
        organizationId: organization.id,
      });
    };
    expect(await registered({ 'accept-language': 'es-US,es;q=0.9' })).toBe('es');
    expect(await registered({})).toBe('en');
  });
});
