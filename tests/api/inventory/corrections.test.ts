import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Assembly,
  AuditEntry,
  Registration,
  type TOrganization,
  WebhookEvent,
} from '../../../api/src/db/entities/index.js';
import { INVENTORY_MESSAGES } from '../../../shared/assemblies.js';
import { CORRECTION_MESSAGES } from '../../../shared/assembly-corrections.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeCompany, makeOrganization, makeRegistration } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';
import { signIn, signInOrganizationPerson, staffClient, unique } from '../staff/helpers.js';

// Testers' corrections: a tester registered with the organization proposes another nameplate
// or a replaced assembly; nothing on file changes until the organization's Reviewer accepts
// (through the inventory's own writes, audited and announced) or refuses, once.

let t: TestApp;
let alpha: TOrganization;
let bravo: TOrganization;
let asAdmin: ReturnType<typeof staffClient>;
let asReviewer: ReturnType<typeof staffClient>;
let asViewer: ReturnType<typeof staffClient>;
let asBravoReviewer: ReturnType<typeof staffClient>;
let testerCookie: Record<string, string>;
let testerId: number;
const account = accountCalls(() => t);
const em = () => t.app.orm.em.fork();

async function newAssembly(organizationId: number, fields: Record<string, unknown> = {}) {
  const location = await asAdmin('POST', '/api/admin/locations', {
    organizationId,
    accountNumber: `A-${unique()}`,
    address1: `${unique()} Pine Street`,
    city: 'Springfield',
  });
  expect(location.statusCode, location.body).toBe(201);
  const assembly = await asAdmin('POST', '/api/admin/assemblies', {
    locationId: location.json().id,
    assemblyId: `BF-${unique()}`,
    serial: 'S-OLD',
    type: 'RP',
    make: 'Watts',
    model: '009',
    sizeInches: '3/4',
    hazard: 'high',
    service: 'domestic',
    placement: 'Basement',
    installedOn: '2019-05-01',
    lastTestedOn: '2026-03-02',
    lastResult: 'pass',
    ...fields,
  });
  expect(assembly.statusCode, assembly.body).toBe(201);
  return assembly.json() as { id: number; assemblyId: string; nextDueOn: string };
}

const propose = (assemblyRef: number, body: object, cookie = testerCookie) =>
  account.post(`/assemblies/${assemblyRef}/corrections`, body, cookie);

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = staffClient(t.app, (await signIn(t)).token);
  alpha = await makeOrganization(em(), { name: `Alpha Water ${unique()}` });
  bravo = await makeOrganization(em(), { name: `Bravo Utility ${unique()}` });
  asReviewer = staffClient(
    t.app,
    (await signInOrganizationPerson(t, [{ organizationId: alpha.id, role: 'reviewer' }])).token,
  );
  asViewer = staffClient(
    t.app,
    (await signInOrganizationPerson(t, [{ organizationId: alpha.id, role: 'viewer' }])).token,
  );
  asBravoReviewer = staffClient(
    t.app,
    (await signInOrganizationPerson(t, [{ organizationId: bravo.id, role: 'reviewer' }])).token,
  );
  const fork = em();
  const { user } = await makeRegistration(fork, {
    organization: alpha,
    company: await makeCompany(fork),
    enrolled: true,
    review: { state: 'approved', reviewedAt: new Date() },
  });
  testerId = user.id;
  testerCookie = await account.signIn(user.email);
});
afterAll(() => t.close());

describe("testers' corrections", () => {
  it('keeps the assembly as it is until the Reviewer accepts another nameplate, then changes it once, audited and announced', async () => {
    const assembly = await newAssembly(alpha.id);
    const proposed = await propose(assembly.id, {
      kind: 'nameplate',
      serial: 'S-NEW',
      make: 'Watts',
      model: '009M2',
      sizeInches: '1',
      note: 'Nameplate reads 009M2',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const correction = proposed.json().message;
    expect(correction).toMatchObject({
      assemblyRef: assembly.id,
      kind: 'nameplate',
      state: 'pending',
      onFile: { serial: 'S-OLD', make: 'Watts', model: '009', sizeInches: 0.75 },
      proposed: { serial: 'S-NEW', make: 'Watts', model: '009M2', sizeInches: 1 },
    });
    // Sent again (a resend, or a second look): still one pending proposal, the latest.
    const again = await propose(assembly.id, {
      kind: 'nameplate',
      serial: 'S-NEWER',
      make: 'Watts',
      model: '009M2',
      sizeInches: '1',
    });
    expect(again.json().message.id).toBe(correction.id);
    expect(again.json().message.proposed.serial).toBe('S-NEWER');

    const onFile = await em().findOneOrFail(Assembly, { id: assembly.id });
    expect(onFile.serial).toBe('S-OLD');
    const listed = await asReviewer(
      'GET',
      `/api/admin/assembly-corrections?filter=${encodeURIComponent(JSON.stringify({ state: 'pending' }))}`,
    );
    expect(listed.json().map((row: { id: number }) => row.id)).toContain(correction.id);

    // A Viewer reads but does not decide.
    expect(
      (await asViewer('GET', `/api/admin/assembly-corrections/${correction.id}`)).statusCode,
    ).toBe(200);
    const refusedToViewer = await asViewer(
      'PUT',
      `/api/admin/assembly-corrections/${correction.id}`,
      {
        decision: 'accept',
      },
    );
    expect(refusedToViewer.statusCode).toBe(403);

    const accepted = await asReviewer('PUT', `/api/admin/assembly-corrections/${correction.id}`, {
      decision: 'accept',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'accepted', decidedBy: expect.any(String) });
    const changed = await em().findOneOrFail(Assembly, { id: assembly.id });
    expect([changed.serial, changed.model, Number(changed.sizeInches)]).toEqual([
      'S-NEWER',
      '009M2',
      1,
    ]);
    // The last test on file and its due date are kept.
    const record = await asReviewer('GET', `/api/admin/assemblies/${assembly.id}`);
    expect(record.json().nextDueOn).toBe(assembly.nextDueOn);

    const twice = await asReviewer('PUT', `/api/admin/assembly-corrections/${correction.id}`, {
      decision: 'refuse',
      reason: 'Second thoughts',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CORRECTION_MESSAGES.decided);

    const audits = await em().find(AuditEntry, {
      $or: [
        { entityType: 'assembly_correction', entityId: String(correction.id) },
        { entityType: 'assembly', entityId: String(assembly.id), action: 'update' },
      ],
    });
    expect(audits.map((entry) => entry.action).sort()).toEqual([
      'accept',
      'propose',
      'propose',
      'update',
    ]);
    expect(audits.every((entry) => entry.organizationId === alpha.id)).toBe(true);
    const events = await em().find(WebhookEvent, { type: 'assembly.updated' });
    expect(
      events.filter((event) => (event.data as { assembly_id: number }).assembly_id === assembly.id),
    ).toHaveLength(1);
  });

  it('replaces an assembly when accepted with the new one numbered by the organization, and keeps it when refused', async () => {
    const assembly = await newAssembly(alpha.id);
    const proposed = await propose(assembly.id, {
      kind: 'replacement',
      serial: 'R-1',
      make: 'Febco',
      model: '860',
      sizeInches: '3/4',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json().message.id;
    const unnumbered = await asReviewer('PUT', `/api/admin/assembly-corrections/${id}`, {
      decision: 'accept',
    });
    expect(unnumbered.statusCode).toBe(400);
    expect(unnumbered.json().errors.newAssemblyId).toBe(INVENTORY_MESSAGES.assemblyIdRequired);
    const newNumber = `BF-${unique()}`;
    const accepted = await asReviewer('PUT', `/api/admin/assembly-corrections/${id}`, {
      decision: 'accept',
      newAssemblyId: newNumber,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const replacementRef = accepted.json().replacementRef;
    const old = (await asReviewer('GET', `/api/admin/assemblies/${assembly.id}`)).json();
    expect(old).toMatchObject({ status: 'replaced', replacedBy: newNumber });
    const replacement = (await asReviewer('GET', `/api/admin/assemblies/${replacementRef}`)).json();
    expect(replacement).toMatchObject({
      assemblyId: newNumber,
      serial: 'R-1',
      make: 'Febco',
      model: '860',
      type: 'RP',
      status: 'active',
      locationId: old.locationId,
      lastTestedOn: null,
    });
    const removed = await em().find(WebhookEvent, { type: 'assembly.removed' });
    expect(
      removed.filter(
        (event) => (event.data as { assembly_id: number }).assembly_id === assembly.id,
      ),
    ).toHaveLength(1);

    // A replaced assembly takes no more corrections; a refused one changes nothing.
    expect((await propose(assembly.id, { kind: 'nameplate', serial: 'X' })).statusCode).toBe(409);
    const other = await newAssembly(alpha.id);
    const second = await propose(other.id, {
      kind: 'nameplate',
      serial: 'S-2',
      make: 'Watts',
      model: '009',
      sizeInches: '3/4',
    });
    const withoutReason = await asReviewer(
      'PUT',
      `/api/admin/assembly-corrections/${second.json().message.id}`,
      {
        decision: 'refuse',
      },
    );
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().errors.reason).toBe(CORRECTION_MESSAGES.reasonRequired);
    const refused = await asReviewer(
      'PUT',
      `/api/admin/assembly-corrections/${second.json().message.id}`,
      {
        decision: 'refuse',
        reason: 'The serial on file was checked on site last month.',
      },
    );
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      state: 'refused',
      reason: expect.stringContaining('checked'),
    });
    expect((await em().findOneOrFail(Assembly, { id: other.id })).serial).toBe('S-OLD');
  });

  it('refuses a proposal that changes nothing, one for another organization, and one from a suspended tester', async () => {
    const assembly = await newAssembly(alpha.id);
    const same = await propose(assembly.id, {
      kind: 'nameplate',
      serial: 'S-OLD',
      make: 'Watts',
      model: '009',
      sizeInches: '0.75',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message.fieldErrors.serial).toBe(CORRECTION_MESSAGES.nothingChanged);
    const bravoAssembly = await newAssembly(bravo.id);
    const elsewhere = await propose(bravoAssembly.id, { kind: 'nameplate', serial: 'Z' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(INVENTORY_MESSAGES.assemblyNotFound);
    const signedOut = await account.post(`/assemblies/${assembly.id}/corrections`, {
      kind: 'nameplate',
      serial: 'Z',
    });
    expect(signedOut.statusCode).toBe(401);

    await em().nativeUpdate(
      Registration,
      { user: testerId, organization: alpha.id },
      { standing: 'suspended' },
    );
    try {
      const suspended = await propose(assembly.id, { kind: 'nameplate', serial: 'Z' });
      expect(suspended.statusCode).toBe(403);
      expect(suspended.json().message).toBe(CORRECTION_MESSAGES.notRegistered);
    } finally {
      await em().nativeUpdate(
        Registration,
        { user: testerId, organization: alpha.id },
        { standing: 'active' },
      );
    }
  });

  it("answers another organization's correction as not found to its people", async () => {
    const assembly = await newAssembly(alpha.id);
    const proposed = await propose(assembly.id, {
      kind: 'nameplate',
      serial: 'S-9',
      make: 'Watts',
      model: '009',
      sizeInches: '3/4',
    });
    const id = proposed.json().message.id;
    const read = await asBravoReviewer('GET', `/api/admin/assembly-corrections/${id}`);
    expect(read.statusCode).toBe(404);
    const decided = await asBravoReviewer('PUT', `/api/admin/assembly-corrections/${id}`, {
      decision: 'accept',
    });
    expect(decided.statusCode).toBe(404);
    const listed = await asBravoReviewer('GET', '/api/admin/assembly-corrections');
    expect(listed.json().map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await asAdmin('GET', `/api/admin/assembly-corrections/${id}`)).statusCode).toBe(200);
  });
});
