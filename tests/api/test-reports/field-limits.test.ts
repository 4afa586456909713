import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { CODES, MESSAGES } from '../../../shared/codes.js';
import { es } from '../../../shared/i18n/es.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls, registerTester } from '../account/helpers.js';
import { createOrganization, randomAddress } from '../registration/fixtures.js';
import { reviewCalls } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';
import { approve, newAssembly } from './helpers.js';

// The test form's record and inventory pages are limited per client address and minute, each
// route counted apart (RATE_LIMIT_FIELD_PER_MINUTE): a phone's sync stays under the bound, a
// script asking again and again meets it. Here on an app whose bound is a handful; the default's
// size is field.test.ts's.

const BOUND = 4;
let t: TestApp;
let organizationId: number;
let cookie: Record<string, string>;
const { signIn } = accountCalls(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_FIELD_PER_MINUTE: String(BOUND) } });
  const organization = await createOrganization(t.app.orm.em.fork());
  organizationId = organization.id;
  const call = staffClient(t.app, (await staffSignIn(t)).token);
  const registered = await registerTester(t, [organization]);
  const registration = await t.app.orm.em.fork().findOneOrFail(Registration, {
    user: { email: registered.email },
    organization: organizationId,
  });
  await approve(reviewCalls(call), registration.id);
  await newAssembly(call, organizationId, 'RP');
  await newAssembly(call, organizationId, 'DC');
  cookie = await signIn(registered.email);
});
afterAll(() => t.close());

const from = (address: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: `/api/account${url}`,
    remoteAddress: address,
    headers: { ...cookie, ...headers },
  });

describe('the test form’s record and pages, limited per client address', () => {
  it('let a phone’s sync through, then answer a script past the bound 429 in the product’s words, each route apart', async () => {
    const phone = randomAddress();
    const sync = [
      '/field',
      `/field/${organizationId}/locations`,
      `/field/${organizationId}/assemblies`,
    ];
    // A first visit and a later one: the record, then each stream.
    for (let visit = 0; visit < 2; visit++) {
      for (const url of sync) expect((await from(phone, url)).statusCode, url).toBe(200);
    }

    for (const url of sync) {
      const statuses: number[] = [];
      for (let request = 2; request < BOUND; request++) {
        statuses.push((await from(phone, url)).statusCode);
      }
      expect(statuses, url).toEqual(Array(BOUND - 2).fill(200));
      const limited = await from(phone, url);
      expect(limited.statusCode, url).toBe(429);
      expect(limited.json()).toEqual({ code: CODES.rateLimited, message: MESSAGES.rateLimited });
    }
    const inSpanish = await from(phone, '/field', { 'accept-language': 'es' });
    expect(inSpanish.statusCode).toBe(429);
    expect(inSpanish.json()).toEqual({ code: CODES.rateLimited, message: es.messages.rateLimited });

    // Another phone is its own count.
    expect((await from(randomAddress(), '/field')).statusCode).toBe(200);
  });
});
