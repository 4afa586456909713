import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_COUNT_UP_TO } from '../../../api/src/modules/audit/queries.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, staffClient } from './helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

/** `count` entries by one staff email, the newest last by id. */
async function entries(email: string, count: number) {
  await t.app.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into audit_log (staff_email, action, entity_type, entity_id, created_at)
       select ?, 'update', 'organization', n::text, now() - (? - n) * interval '1 second'
         from generate_series(1, ?) n`,
      [email, count, count],
    );
}

const logOf = (email: string) =>
  call(
    'GET',
    `/api/admin/audit?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(
      JSON.stringify({ staffEmail: email }),
    )}`,
  );

describe('how many entries the audit log counts', () => {
  it(`counts up to ${AUDIT_COUNT_UP_TO} and answers a longer log as more, still paged newest first`, async () => {
    await entries('counted@example.org', AUDIT_COUNT_UP_TO);
    const counted = await logOf('counted@example.org');
    expect(counted.headers['content-range']).toBe(`audit 0-24/${AUDIT_COUNT_UP_TO}`);

    await entries('uncounted@example.org', AUDIT_COUNT_UP_TO + 1);
    const uncounted = await logOf('uncounted@example.org');
    expect(uncounted.statusCode).toBe(200);
    expect(uncounted.headers['content-range']).toBe('audit 0-24/*');
    expect(uncounted.json()).toHaveLength(25);
    expect(uncounted.json()[0].entityId).toBe(String(AUDIT_COUNT_UP_TO + 1));
  });
});
