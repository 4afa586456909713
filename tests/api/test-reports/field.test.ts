import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { recordAsOf } from '../../../api/src/modules/test-reports/queries.js';
import type { TPeriod } from '../../../shared/test-report-checks.js';
import { FIELD_PAGE_LIMITS, type TFieldRecord } from '../../../shared/test-report-field.js';
import { DEFAULT_TEST_REPORT_SETTINGS } from '../../../shared/test-report-settings.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { accountCalls, registerTester } from '../account/helpers.js';
import { createOrganization, type OrganizationFixture } from '../registration/fixtures.js';
import { registrationOf, reviewCalls, submitRegistration } from '../review/helpers.js';
import { staffClient, signIn as staffSignIn } from '../staff/helpers.js';
import { approve, backdateRecord, newAssembly } from './helpers.js';

// What the test form keeps on the phone (issue 39): GET /api/account/field names only the
// organizations the signed-in person may file with today, with the record the server's checks
// read (every period), and each organization's inventory comes page by page in change order.

let t: TestApp;
let springfield: OrganizationFixture;
let shelbyville: OrganizationFixture;
let call: ReturnType<typeof staffClient>;
let review: ReturnType<typeof reviewCalls>;
const { sql, get, signIn } = accountCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  springfield = await createOrganization(t.app.orm.em.fork());
  shelbyville = await createOrganization(t.app.orm.em.fork());
  call = staffClient(t.app, (await staffSignIn(t)).token);
  review = reviewCalls(call);
});
afterAll(() => t.close());

const registrationFor = (email: string, organization: OrganizationFixture) =>
  t.app.orm.em
    .fork()
    .findOneOrFail(
      Registration,
      { user: { email }, organization: organization.id },
      { populate: ['user'] },
    );

async function fieldOf(cookie: Record<string, string>): Promise<TFieldRecord> {
  const answer = await get('/field', cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  return answer.json().message;
}

const byAcceptance = (periods: TPeriod[]) =>
  [...periods].sort((a, b) => a.acceptedAt.localeCompare(b.acceptedAt));

describe('GET /api/account/field', () => {
  it("keeps only the person's organizations where they are active, with every period the server's checks read", async () => {
    const registered = await registerTester(t, [springfield, shelbyville]);
    const registration = await registrationFor(registered.email, springfield);
    await approve(review, registration.id);
    await backdateRecord(t, registration.id);
    const cookie = await signIn(registered.email);

    // Shelbyville's registration waits for review: not enrolled, not offered.
    const field = await fieldOf(cookie);
    expect(field.person).toMatchObject({ id: registration.user.id, userType: 'tester' });
    expect(field.timeZone).toBe(t.app.config.programTimeZone);
    expect(field.organizations.map((organization) => organization.id)).toEqual([springfield.id]);
    const [organization] = field.organizations;
    expect(organization).toMatchObject({
      name: springfield.name,
      filer: 'tester',
      settings: DEFAULT_TEST_REPORT_SETTINGS,
    });
    expect(organization?.company?.id).toBe(registration.company?.id);
    const [tester] = organization?.testers ?? [];
    expect(organization?.testers).toHaveLength(1);
    expect(tester?.id).toBe(registration.user.id);
    expect(tester?.activity.at(-1)?.active).toBe(true);
    const [certification] = tester?.certifications ?? [];
    expect(certification?.agencyAccepted).toBe(true);
    expect(certification?.periods).toEqual([
      { from: null, through: certification?.expiresOn, acceptedAt: expect.any(String) },
    ]);
    const [kit] = organization?.kits ?? [];
    expect(kit?.periods).toEqual([
      { from: kit?.calibratedOn, through: kit?.dueOn, acceptedAt: expect.any(String) },
    ]);

    // The same record the server's checks read for a report naming this certification and kit.
    const server = await recordAsOf(t.app.orm.em.fork(), {
      registrationId: registration.id,
      organizationId: springfield.id,
      companyId: registration.company?.id ?? null,
      certificationId: certification?.id ?? 0,
      kitId: kit?.id ?? 0,
    });
    expect(tester?.activity).toEqual(server.activity);
    if (!certification || !kit) throw new Error('no certification or kit kept');
    const { id: _certificationId, ...kept } = certification;
    expect({ ...kept, periods: byAcceptance(kept.periods) }).toEqual({
      ...server.certification,
      periods: byAcceptance(server.certification?.periods ?? []),
    });
    const { id: _kitId, ...keptKit } = kit;
    expect({ ...keptKit, periods: byAcceptance(keptKit.periods) }).toEqual({
      ...server.kit,
      periods: byAcceptance(server.kit?.periods ?? []),
    });
    expect(tester?.credentials).toEqual(server.credentials ?? []);

    // Approved in Shelbyville too, it is offered there; suspended there, no longer.
    const other = await registrationFor(registered.email, shelbyville);
    await approve(review, other.id);
    expect((await fieldOf(cookie)).organizations.map((o) => o.id).sort()).toEqual(
      [springfield.id, shelbyville.id].sort(),
    );
    await sql(`update registrations set standing = 'suspended' where id = ?`, [other.id]);
    expect((await fieldOf(cookie)).organizations.map((o) => o.id)).toEqual([springfield.id]);
  });

  it("offers a company admin the company's testers and kits, unless the organization takes reports only from testers", async () => {
    const capital = await createOrganization(t.app.orm.em.fork());
    const submitted = await submitRegistration(t.app, {
      organization: capital,
      withAdmin: true,
      withKit: true,
    });
    const testerRegistration = registrationOf(submitted, submitted.testerEmail);
    const adminRegistration = registrationOf(submitted, submitted.adminEmail);
    await approve(review, testerRegistration);
    await approve(review, adminRegistration);
    const cookie = await signIn(submitted.adminEmail ?? '');

    const [organization, ...others] = (await fieldOf(cookie)).organizations;
    expect(others).toEqual([]);
    expect(organization).toMatchObject({ id: capital.id, filer: 'admin' });
    const tester = await registrationFor(submitted.testerEmail, capital);
    expect(organization?.testers.map((someone) => someone.id)).toEqual([tester.user.id]);
    expect(organization?.kits).toHaveLength(1);

    await sql(
      `update organizations set test_report_rules = '{"adminsMayFile": false}' where id = ?`,
      [capital.id],
    );
    expect((await fieldOf(cookie)).organizations).toEqual([]);
    expect((await get(`/field/${capital.id}/assemblies`, cookie)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await get('/field')).statusCode).toBe(401);
    expect((await get(`/field/${springfield.id}/assemblies`)).statusCode).toBe(401);
  });
});

describe("an organization's inventory, page by page", () => {
  it('pages through the assemblies in change order, then answers only what changed since', async () => {
    const county = await createOrganization(t.app.orm.em.fork());
    const registered = await registerTester(t, [county]);
    const registration = await registrationFor(registered.email, county);
    await approve(review, registration.id);
    const cookie = await signIn(registered.email);
    const first = await newAssembly(call, county.id, 'RP');
    const second = await newAssembly(call, county.id, 'DC', first.location);
    const third = await newAssembly(call, county.id, 'PVB');
    const page = (cursor?: string, headers: Record<string, string> = {}) =>
      get(`/field/${county.id}/assemblies?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        ...cookie,
        ...headers,
      });

    const one = await page();
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toMatchObject({ more: true });
    expect(one.json().message.rows).toEqual([
      [first.id, first.location.id, first.assemblyId, first.serial, 'RP', 'active', '2019-05-01'],
      [
        second.id,
        first.location.id,
        second.assemblyId,
        second.serial,
        'DC',
        'active',
        '2019-05-01',
      ],
    ]);
    const two = (await page(one.json().message.next)).json().message;
    expect(two.rows.map((row: unknown[]) => row[0])).toEqual([third.id]);
    expect(two.more).toBe(false);
    const none = (await page(two.next)).json().message;
    expect(none).toEqual({ rows: [], next: two.next, more: false });

    // Removed from service since: only that assembly comes, with its status.
    await sql(`update assemblies set status = 'removed' where id = ?`, [first.id]);
    const changed = (await page(two.next)).json().message;
    expect(changed.rows.map((row: unknown[]) => [row[0], row[5]])).toEqual([[first.id, 'removed']]);

    // Gzipped where the browser takes it.
    const gzipped = await page(undefined, { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8')).message.rows).toHaveLength(
      2,
    );

    const locations = (await get(`/field/${county.id}/locations`, cookie)).json().message;
    expect(locations.rows).toEqual([
      [first.location.id, expect.stringMatching(/^\w+ Elm Street, Springfield$/)],
      [third.location.id, expect.stringMatching(/^\w+ Elm Street, Springfield$/)],
    ]);
    expect(locations.more).toBe(false);
  });

  it('refuses a cursor it did not give and an organization the person does not file with', async () => {
    const registered = await registerTester(t, [springfield]);
    const registration = await registrationFor(registered.email, springfield);
    await approve(review, registration.id);
    const cookie = await signIn(registered.email);
    expect(
      (await get(`/field/${springfield.id}/assemblies?cursor=bm90LWEtY3Vyc29y`, cookie)).statusCode,
    ).toBe(400);
    expect((await get(`/field/${shelbyville.id}/assemblies`, cookie)).statusCode).toBe(404);
    expect((await get(`/field/${shelbyville.id}/locations`, cookie)).statusCode).toBe(404);
  });

  it("keeps a phone's sync under the default bound, which a first sync of a million assemblies stays under", async () => {
    const county = await createOrganization(t.app.orm.em.fork());
    const registered = await registerTester(t, [county]);
    await approve(review, (await registrationFor(registered.email, county)).id);
    const cookie = await signIn(registered.email);
    for (let index = 0; index < 3; index++) await newAssembly(call, county.id, 'DC');
    // Page by page, one row at a time, as a phone keeps each stream (field-sync.ts).
    const statuses: number[] = [(await get('/field', cookie)).statusCode];
    for (const stream of ['locations', 'assemblies']) {
      let cursor = '';
      for (let more = true; more; ) {
        const page = await get(`/field/${county.id}/${stream}?limit=1${cursor}`, cookie);
        statuses.push(page.statusCode);
        more = page.json().message.more;
        cursor = `&cursor=${page.json().message.next}`;
      }
    }
    expect(statuses).toEqual(Array(7).fill(200));
    // Each stream is counted apart; a million assemblies at two a location are 200 pages of
    // assemblies and 100 of locations at the default page size.
    const pages = Math.ceil(1_000_000 / FIELD_PAGE_LIMITS.default);
    expect(t.config.rateLimits.fieldPerMinute).toBeGreaterThan(pages);
  });
});
