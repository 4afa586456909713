import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_COUNT_UP_TO } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createOrganization } from '../registration/fixtures.js';
import { signIn, staffClient } from '../staff/helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

/** `count` people registered with the organization, waiting, the oldest first by id. */
async function waiting(organizationId: number, count: number) {
  const connection = t.app.orm.em.fork().getConnection();
  await connection.execute(
    `with people as (
       insert into users (type, first_name, last_name, email)
       select 'tester', 'Queued', 'Person ' || n, 'queued-' || ? || '-' || n || '@example.org'
         from generate_series(1, ?) n
       returning id)
     insert into registrations (user_id, organization_id, registered_at, queued_at)
     select id, ?, now() - (? - id) * interval '1 second', now() - (? - id) * interval '1 second'
       from people`,
    [organizationId, count, organizationId, count * 10, count * 10],
  );
}

const queueOf = (organizationId: number) =>
  call(
    'GET',
    `/api/admin/review?range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent(
      JSON.stringify({ organization: organizationId }),
    )}`,
  );

describe('how many the queue counts', () => {
  it(`counts up to ${QUEUE_COUNT_UP_TO} and answers a longer queue as more, still paged`, async () => {
    const full = await createOrganization(t.app.orm.em.fork());
    await waiting(full.id, QUEUE_COUNT_UP_TO);
    const counted = await queueOf(full.id);
    expect(counted.headers['content-range']).toBe(`review 0-24/${QUEUE_COUNT_UP_TO}`);

    const over = await createOrganization(t.app.orm.em.fork());
    await waiting(over.id, QUEUE_COUNT_UP_TO + 1);
    const uncounted = await queueOf(over.id);
    expect(uncounted.statusCode).toBe(200);
    expect(uncounted.headers['content-range']).toBe('review 0-24/*');
    expect(uncounted.json()).toHaveLength(25);
    expect(uncounted.json()[0].lastName).toBe('Person 1');
  });
});
