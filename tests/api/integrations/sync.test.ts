import { EventEmitter, once } from 'node:events';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { bearer, signIn } from '../staff/helpers.js';
import { apiGet, makeKey, syncAll } from './helpers.js';

// The read API's promise (docs/decisions.md, "The read API never skips a change"): a row
// changed while a client pages through appears in that client's next sync, even when the
// change's transaction commits after later changes a client has already read.

let t: TestApp;
let adminToken: string;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t, 'administrator')).token;
  secret = (await makeKey(t, adminToken)).secret;
});
afterAll(() => t.close());

async function people(count: number) {
  const em = t.app.orm.em.fork();
  const organization = await makeOrganization(em);
  const company = await makeCompany(em);
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await makeRegistration(em, { organization, company })).user.id);
  }
  return ids;
}

async function connect() {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  return client;
}

/** Merges rows into what a client holds: the last state of each person it read. */
function hold(state: Map<number, string>, rows: Record<string, unknown>[]) {
  for (const row of rows) state.set(row.id as number, row.phone as string);
}

describe('incremental sync', () => {
  it('serves a change committed late, after later changes, in the next sync', async () => {
    const [early, late] = await people(2);
    const { cursor } = await syncAll(t, secret, '/api/v1/people');

    const slow = await connect();
    try {
      // The slow transaction writes first (its change time is the earlier one) and commits last.
      await slow.query('begin');
      await slow.query(`update users set phone = 'slow' where id = $1`, [early]);
      await t.app.orm.em
        .fork()
        .getConnection()
        .execute(`update users set phone = 'quick' where id = ?`, [late]);

      const during = await syncAll(t, secret, '/api/v1/people', { cursor });
      expect(during.rows.map((row) => row.phone)).not.toContain('slow');
      await slow.query('commit');

      const after = await syncAll(t, secret, '/api/v1/people', { cursor: during.cursor });
      const seen = new Map<number, string>();
      hold(seen, [...during.rows, ...after.rows]);
      expect(seen.get(early as number)).toBe('slow');
      expect(seen.get(late as number)).toBe('quick');
    } finally {
      await slow.end();
    }
  });

  it('sees every final state while writers run as a client pages', async () => {
    const ids = await people(30);
    const { cursor: start } = await syncAll(t, secret, '/api/v1/people');
    const pages = new EventEmitter();
    let reading = true;
    /** Waits for the client's next page (or its end): a transaction held across a read. */
    const nextPage = () => (reading ? once(pages, 'page') : Promise.resolve());

    const writer = async (number: number) => {
      const client = await connect();
      try {
        for (let write = 0; write < 25; write++) {
          const id = ids[(number * 7 + write * 11) % ids.length];
          await client.query('begin');
          await client.query('update users set phone = $1 where id = $2', [
            `w${number}-${write}`,
            id,
          ]);
          if (write % 3 === 0) await nextPage();
          await client.query('commit');
        }
      } finally {
        await client.end();
      }
    };

    const seen = new Map<number, string>();
    let cursor = start;
    let pageCount = 0;
    const client = (async () => {
      while (reading && pageCount < 5000) {
        const response = await apiGet(t, secret, `/api/v1/people?limit=7&cursor=${cursor}`);
        expect(response.statusCode).toBe(200);
        const page = response.json();
        hold(seen, page.data);
        cursor = page.next_cursor;
        pageCount++;
        pages.emit('page');
      }
    })();
    await Promise.all([0, 1, 2].map(writer));
    reading = false;
    await client;
    const last = await syncAll(t, secret, '/api/v1/people', { cursor });
    hold(seen, last.rows);

    const final = await t.app.orm.em
      .fork()
      .getConnection()
      .execute<{ id: number; phone: string }[]>(
        `select id, phone from users where id in (${ids.join(',')})`,
      );
    expect(pageCount).toBeGreaterThan(1);
    for (const row of final) expect(seen.get(row.id), `person ${row.id}`).toBe(row.phone);
  });

  it('answers 401 on the next page once the key is revoked mid-sync', async () => {
    await people(3);
    const key = await makeKey(t, adminToken);
    const first = await apiGet(t, key.secret, '/api/v1/people?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json().has_more).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${key.id}`,
      headers: bearer(adminToken),
    });
    const next = await apiGet(t, key.secret, `/api/v1/people?cursor=${first.json().next_cursor}`);
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('invalid_api_key');
  });
});
