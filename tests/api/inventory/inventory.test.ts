import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Assembly,
  AuditEntry,
  Location,
  Organization,
  type TOrganization,
  WebhookEvent,
} from '../../../api/src/db/entities/index.js';
import { INVENTORY_MESSAGES } from '../../../shared/assemblies.js';
import { nextTestDue } from '../../../shared/assembly-due.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn, signInOrganizationPerson, staffClient, unique } from '../staff/helpers.js';

// An organization's inventory through the console's resources: locations and their assemblies,
// written by the organization's Reviewers and Program managers and the provider's Editors, each
// change audited and told to webhooks in its transaction, the next test due computed from the
// organization's rules, another organization's records as if they did not exist.

let t: TestApp;
let alpha: TOrganization;
let bravo: TOrganization;
let asAdmin: ReturnType<typeof staffClient>;
let asReviewer: ReturnType<typeof staffClient>;
let asViewer: ReturnType<typeof staffClient>;
let bravoLocation: number;
let bravoAssembly: number;

const list = (path: string, filter: Record<string, unknown>, sort = '["assemblyId","ASC"]') =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(sort)}&range=[0,49]`;

const em = () => t.app.orm.em.fork();

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = staffClient(t.app, (await signIn(t)).token);
  alpha = await makeOrganization(em(), { name: `Alpha Water ${unique()}` });
  bravo = await makeOrganization(em(), { name: `Bravo Utility ${unique()}` });
  const reviewer = await signInOrganizationPerson(t, [
    { organizationId: alpha.id, role: 'reviewer' },
  ]);
  asReviewer = staffClient(t.app, reviewer.token);
  const viewer = await signInOrganizationPerson(t, [{ organizationId: alpha.id, role: 'viewer' }]);
  asViewer = staffClient(t.app, viewer.token);
  const location = await asAdmin('POST', '/api/admin/locations', {
    organizationId: bravo.id,
    accountNumber: 'B-1',
    address1: '9 Bravo Road',
    city: 'Bravoville',
  });
  expect(location.statusCode, location.body).toBe(201);
  bravoLocation = location.json().id;
  const assembly = await asAdmin('POST', '/api/admin/assemblies', {
    locationId: bravoLocation,
    assemblyId: 'BF-100',
    type: 'DC',
    hazard: 'low',
    service: 'irrigation',
  });
  expect(assembly.statusCode, assembly.body).toBe(201);
  bravoAssembly = assembly.json().id;
});
afterAll(() => t.close());

const newLocation = (fields: Record<string, unknown> = {}) => ({
  accountNumber: `ACC-${unique()}`,
  name: 'Corner Bakery',
  address1: `${unique()} Main Street`,
  city: 'Springfield',
  state: 'il',
  zip: '62701',
  contacts: {
    owner: { name: 'Olga Owner', email: 'olga@example.com', language: 'Spanish' },
    tenant: { name: '', email: '' },
  },
  ...fields,
});

describe("an organization's inventory", () => {
  it("is written by the organization's Reviewer, audited and told to webhooks, with the next test due from its rules", async () => {
    const created = await asReviewer('POST', '/api/admin/locations', newLocation());
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json();
    expect(location).toMatchObject({
      organizationId: alpha.id,
      state: 'IL',
      assemblyCount: 0,
      contacts: { owner: { name: 'Olga Owner', language: 'es' } },
    });
    // An empty contact is not kept.
    expect(location.contacts.tenant).toBeUndefined();

    const lastTestedOn = '2026-03-10';
    const assembly = await asReviewer('POST', '/api/admin/assemblies', {
      locationId: location.id,
      assemblyId: 'BF-2001',
      serial: 'SN-77',
      type: 'Reduced Pressure Zone',
      sizeInches: '3/4',
      hazard: 'High',
      service: 'domestic',
      installedOn: '01/15/2019',
      lastTestedOn,
      lastResult: 'pass',
    });
    expect(assembly.statusCode, assembly.body).toBe(201);
    expect(assembly.json()).toMatchObject({
      organizationId: alpha.id,
      locationId: location.id,
      accountNumber: location.accountNumber,
      type: 'RP',
      sizeInches: 0.75,
      hazard: 'high',
      installedOn: '2019-01-15',
      status: 'active',
      nextDueOn: '2027-03-10',
    });
    const stored = await em().findOneOrFail(Organization, { id: alpha.id });
    expect(assembly.json().nextDueOn).toBe(
      nextTestDue(stored.testingRules, {
        hazard: 'high',
        testedOn: lastTestedOn,
        passed: true,
        dueOn: null,
      }),
    );

    const audit = await em().find(
      AuditEntry,
      { entityType: { $in: ['location', 'assembly'] }, organizationId: alpha.id },
      { orderBy: { id: 'ASC' } },
    );
    expect(audit.map((entry) => [entry.entityType, entry.action, entry.staffRole])).toEqual([
      ['location', 'create', 'reviewer'],
      ['assembly', 'create', 'reviewer'],
    ]);
    const events = await em().find(
      WebhookEvent,
      { type: { $in: ['location.created', 'assembly.created'] } },
      { orderBy: { id: 'ASC' } },
    );
    const ours = events.filter((event) => event.organizationIds.includes(alpha.id));
    expect(ours.map((event) => event.type)).toEqual(['location.created', 'assembly.created']);
    expect(ours[1]?.data).toMatchObject({
      assembly_id: assembly.json().id,
      location_id: location.id,
      organization_id: alpha.id,
      assembly_number: 'BF-2001',
      next_due_on: '2027-03-10',
    });

    // The location's page reads its assemblies.
    const at = await asViewer('GET', list('/api/admin/assemblies', { locationId: location.id }));
    expect(at.json().map((row: { assemblyId: string }) => row.assemblyId)).toEqual(['BF-2001']);
    expect(
      (await asViewer('GET', `/api/admin/locations/${location.id}`)).json().assemblyCount,
    ).toBe(1);
  });

  it("refuses bad fields in the product's words and writes nothing", async () => {
    const location = (await asReviewer('POST', '/api/admin/locations', newLocation())).json();
    const before = {
      assemblies: await em().count(Assembly, {}),
      audit: await em().count(AuditEntry, {}),
      events: await em().count(WebhookEvent, {}),
    };
    const base = {
      locationId: location.id,
      assemblyId: `X-${unique()}`,
      hazard: 'low',
      service: 'fire',
    };
    const refused = async (
      body: Record<string, unknown>,
      field: string,
      message: string,
      status = 400,
    ) => {
      const answer = await asReviewer('POST', '/api/admin/assemblies', {
        type: 'DC',
        ...base,
        ...body,
      });
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().errors?.[field], answer.body).toBe(message);
    };
    await refused({ type: 'XYZ' }, 'type', INVENTORY_MESSAGES.typeInvalid);
    await refused({ sizeInches: '30' }, 'sizeInches', INVENTORY_MESSAGES.sizeInvalid);
    await refused({ installedOn: '13/45/2020' }, 'installedOn', INVENTORY_MESSAGES.dateInvalid);
    await refused({ lastResult: 'pass' }, 'lastTestedOn', INVENTORY_MESSAGES.resultWithoutDate);
    await refused({ status: 'replaced' }, 'replacedBy', INVENTORY_MESSAGES.replacedByRequired);
    await refused(
      { status: 'replaced', replacedBy: 'NOPE-1' },
      'replacedBy',
      INVENTORY_MESSAGES.assemblyNotFound,
    );
    const tomorrow = new Date(`${todayInProgramZone()}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await refused(
      { lastTestedOn: tomorrow.toISOString().slice(0, 10) },
      'lastTestedOn',
      INVENTORY_MESSAGES.dateInFuture,
    );
    // The assembly ID of another assembly of the organization, in other letters: 409.
    await asReviewer('POST', '/api/admin/assemblies', { type: 'DC', ...base, assemblyId: 'dup-7' });
    const counted = await em().count(Assembly, {});
    await refused({ assemblyId: 'DUP-7' }, 'assemblyId', INVENTORY_MESSAGES.assemblyIdTaken, 409);
    // The same ID in another organization is another assembly: Bravo has BF-100, Alpha may too.
    const same = await asReviewer('POST', '/api/admin/assemblies', {
      type: 'DC',
      ...base,
      assemblyId: 'BF-100',
    });
    expect(same.statusCode, same.body).toBe(201);
    const account = await asReviewer(
      'POST',
      '/api/admin/locations',
      newLocation({ accountNumber: location.accountNumber.toLowerCase() }),
    );
    expect(account.statusCode).toBe(409);
    expect(account.json().errors.accountNumber).toBe(INVENTORY_MESSAGES.accountNumberTaken);
    expect(await em().count(Assembly, {})).toBe(counted + 1);
    expect(before.assemblies + 2).toBe(counted + 1);
    // Each refusal wrote neither an audit entry nor an event beyond the two accepted.
    expect(await em().count(AuditEntry, {})).toBe(before.audit + 2);
    // Each assembly written is also told as assembly.compliance_changed (no status to Unknown).
    expect(await em().count(WebhookEvent, {})).toBe(before.events + 2 + 2);
  });

  it('lists by type, hazard, service, status and due month, and finds by assembly ID, serial, account or address', async () => {
    const location = (
      await asReviewer('POST', '/api/admin/locations', newLocation({ address1: '77 Quarry Lane' }))
    ).json();
    const add = async (fields: Record<string, unknown>) => {
      const answer = await asReviewer('POST', '/api/admin/assemblies', {
        locationId: location.id,
        hazard: 'low',
        service: 'domestic',
        type: 'DC',
        ...fields,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json();
    };
    const tag = unique();
    const rp = await add({
      assemblyId: `Q${tag}-1`,
      type: 'RP',
      hazard: 'high',
      serial: `ZZ${tag}`,
      installedOn: '2024-05-02',
    });
    const pvb = await add({
      assemblyId: `Q${tag}-2`,
      type: 'PVB',
      service: 'irrigation',
      installedOn: '2024-06-20',
    });
    await add({ assemblyId: `Q${tag}-3`, status: 'removed' });
    const ids = async (filter: Record<string, unknown>, as = asViewer) => {
      const answer = await as(
        'GET',
        list('/api/admin/assemblies', { locationId: location.id, ...filter }),
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().map((row: { assemblyId: string }) => row.assemblyId);
    };
    expect(await ids({ type: 'RP' })).toEqual([rp.assemblyId]);
    expect(await ids({ hazard: 'low', status: 'active' })).toEqual([pvb.assemblyId]);
    expect(await ids({ service: 'irrigation' })).toEqual([pvb.assemblyId]);
    expect(await ids({ status: 'removed' })).toEqual([`Q${tag}-3`]);
    // Never tested here: due on its installation's day, as the utility's record had none.
    expect(await ids({ dueMonth: '2024-06' })).toEqual([pvb.assemblyId]);
    expect(await ids({ q: `q${tag}-` })).toHaveLength(3);
    expect(await ids({ q: `zz${tag}` })).toEqual([rp.assemblyId]);
    expect(await ids({ q: location.accountNumber.slice(0, 8) })).toHaveLength(3);
    expect(await ids({ q: '77 quarry' })).toHaveLength(3);
    expect(await ids({ q: '%' })).toEqual([]);
    const bad = await asViewer('GET', list('/api/admin/assemblies', { type: 'BIG' }));
    expect(bad.statusCode).toBe(400);
    const month = await asViewer('GET', list('/api/admin/assemblies', { dueMonth: '2024-13' }));
    expect(month.statusCode).toBe(400);
    const locations = await asViewer(
      'GET',
      list('/api/admin/locations', { q: '77 QUARRY' }, '["accountNumber","ASC"]'),
    );
    expect(locations.json().map((row: { id: number }) => row.id)).toEqual([location.id]);
    expect(locations.headers['content-range']).toBe('locations 0-0/1');
  });

  it('changes an assembly with its audit and its event: removed is told as assembly.removed, an unchanged save writes nothing', async () => {
    const location = (await asReviewer('POST', '/api/admin/locations', newLocation())).json();
    const fields = {
      locationId: location.id,
      assemblyId: `C-${unique()}`,
      type: 'DCDA',
      hazard: 'low',
      service: 'fire',
      lastTestedOn: '2026-01-31',
      lastResult: 'pass',
    };
    const created = (await asReviewer('POST', '/api/admin/assemblies', fields)).json();
    expect(created.nextDueOn).toBe('2027-01-31');
    const auditOf = () =>
      em().count(AuditEntry, { entityType: 'assembly', entityId: String(created.id) });
    expect(await auditOf()).toBe(1);

    const same = await asReviewer('PUT', `/api/admin/assemblies/${created.id}`, fields);
    expect(same.statusCode, same.body).toBe(200);
    expect(await auditOf()).toBe(1);

    const failed = await asReviewer('PUT', `/api/admin/assemblies/${created.id}`, {
      ...fields,
      lastTestedOn: '2026-02-03',
      lastResult: 'fail',
    });
    expect(failed.json()).toMatchObject({ lastResult: 'fail', nextDueOn: '2026-02-03' });

    const replacement = (
      await asReviewer('POST', '/api/admin/assemblies', {
        ...fields,
        assemblyId: `${fields.assemblyId}-N`,
      })
    ).json();
    const replaced = await asReviewer('PUT', `/api/admin/assemblies/${created.id}`, {
      ...fields,
      status: 'replaced',
      replacedBy: replacement.assemblyId.toLowerCase(),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      status: 'replaced',
      replacedBy: replacement.assemblyId,
    });
    const told = await em().find(WebhookEvent, { type: 'assembly.removed' });
    expect(told.map((event) => event.data.assembly_id)).toContain(created.id);
    const entry = await em().findOneOrFail(
      AuditEntry,
      { entityType: 'assembly', entityId: String(created.id) },
      { orderBy: { id: 'DESC' } },
    );
    expect(entry.before).toMatchObject({ status: 'active', lastResult: 'fail' });
    expect(entry.after).toMatchObject({ status: 'replaced', replacedBy: replacement.assemblyId });
  });

  it("keeps another organization's records out of reach, and lets a Viewer read but not write", async () => {
    for (const path of [
      `/api/admin/locations/${bravoLocation}`,
      `/api/admin/assemblies/${bravoAssembly}`,
    ]) {
      expect((await asReviewer('GET', path)).statusCode, path).toBe(404);
    }
    const alphaLocation = (await asReviewer('POST', '/api/admin/locations', newLocation())).json();
    const mine = {
      locationId: alphaLocation.id,
      assemblyId: `M-${unique()}`,
      type: 'SVB',
      hazard: 'low',
      service: 'irrigation',
    };
    const atBravo = await asReviewer('POST', '/api/admin/assemblies', {
      ...mine,
      locationId: bravoLocation,
    });
    expect(atBravo.statusCode).toBe(404);
    expect(atBravo.json().errors.locationId).toBe(INVENTORY_MESSAGES.locationNotFound);
    const created = (await asReviewer('POST', '/api/admin/assemblies', mine)).json();
    const moved = await asReviewer('PUT', `/api/admin/assemblies/${created.id}`, {
      ...mine,
      locationId: bravoLocation,
    });
    expect(moved.statusCode).toBe(404);
    expect((await em().findOneOrFail(Assembly, { id: created.id })).location.id).toBe(
      alphaLocation.id,
    );
    // Bravo's location as a filter: nothing of it.
    const filtered = await asReviewer(
      'GET',
      list('/api/admin/assemblies', { locationId: bravoLocation }),
    );
    expect(filtered.json()).toEqual([]);
    const everything = await asReviewer('GET', list('/api/admin/assemblies', {}));
    expect(
      everything.json().every((row: { organizationId: number }) => row.organizationId === alpha.id),
    ).toBe(true);

    expect((await asViewer('GET', `/api/admin/assemblies/${created.id}`)).statusCode).toBe(200);
    expect((await asViewer('POST', '/api/admin/locations', newLocation())).statusCode).toBe(403);
    expect(
      (await asViewer('PUT', `/api/admin/assemblies/${created.id}`, { ...mine, serial: 'X' }))
        .statusCode,
    ).toBe(403);
    // The provider's Viewer reads every organization's; an Editor writes any.
    const providerViewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
    expect((await providerViewer('GET', `/api/admin/assemblies/${bravoAssembly}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await providerViewer(
          'POST',
          '/api/admin/locations',
          newLocation({ organizationId: bravo.id }),
        )
      ).statusCode,
    ).toBe(403);
    const editor = staffClient(t.app, (await signIn(t, 'editor')).token);
    const byEditor = await editor(
      'POST',
      '/api/admin/locations',
      newLocation({ organizationId: bravo.id }),
    );
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    expect(await em().count(Location, { organization: bravo.id })).toBe(2);
  });
});
