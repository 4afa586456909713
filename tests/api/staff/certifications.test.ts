import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgencyType, AuditEntry } from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from './helpers.js';

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

type AgencyMap = Record<string, { agency: string; associatedTypes: Record<string, string> }>;
const agencies = async () =>
  (await call('GET', '/api/sc/get/certification_agencies')).json().message as AgencyMap;
const types = async () =>
  (await call('GET', '/api/sc/get/certification_types')).json().message as Record<string, string>;
describe('certification agencies and types', () => {
  it('lists the seeded agencies with their types, and the types by id', async () => {
    const map = await agencies();
    const asse = Object.values(map).find((entry) => entry.agency === 'ASSE');
    expect(Object.values(asse?.associatedTypes ?? {}).sort()).toEqual([
      'Backflow Prevention Assembly Repairer',
      'Backflow Prevention Assembly Tester',
      'Cross-Connection Control Surveyor',
    ]);
    expect(Object.values(await types())).toContain('Cross-Connection Control Specialist');
  });

  it('adds and deletes an agency by name, refusing duplicates in any case', async () => {
    const name = `Agency ${unique()}`;
    const added = await call(
      'POST',
      `/api/sc/submit/certification_agency/${encodeURIComponent(name)}`,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ code: 'SUCCESS', message: { agency: name } });
    expect(Object.values(await agencies()).some((entry) => entry.agency === name)).toBe(true);

    const duplicate = await call(
      'POST',
      `/api/sc/submit/certification_agency/${encodeURIComponent(name.toLowerCase())}`,
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('This certification agency already exists.');

    const blank = await call('POST', '/api/sc/submit/certification_agency/%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Agency name is required.');

    const deleted = await call(
      'DELETE',
      `/api/sc/submit/delete_certification_agency/${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(Object.values(await agencies()).some((entry) => entry.agency === name)).toBe(false);
    const again = await call(
      'DELETE',
      `/api/sc/submit/delete_certification_agency/${encodeURIComponent(name)}`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Certification agency not found.');
  });

  it('adds and deletes a type, refusing duplicates', async () => {
    const name = `Type ${unique()}`;
    const url = `/api/sc/submit/certification_type/${encodeURIComponent(name)}`;
    expect((await call('POST', url)).statusCode).toBe(201);
    expect(Object.values(await types())).toContain(name);
    const duplicate = await call('POST', url);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('This certification type already exists.');
    const deleted = await call(
      'DELETE',
      `/api/sc/submit/delete_certification_type/${encodeURIComponent(name)}`,
    );
    expect(deleted.statusCode).toBe(200);
    expect(Object.values(await types())).not.toContain(name);
    expect(
      (await call('DELETE', `/api/sc/submit/delete_certification_type/${encodeURIComponent(name)}`))
        .statusCode,
    ).toBe(404);
  });

  it('flips an association from the state the console showed', async () => {
    const agencyName = `Linker ${unique()}`;
    const typeName = `Linked ${unique()}`;
    const agencyId = (
      await call('POST', `/api/sc/submit/certification_agency/${encodeURIComponent(agencyName)}`)
    ).json().message.id;
    const typeId = (
      await call('POST', `/api/sc/submit/certification_type/${encodeURIComponent(typeName)}`)
    ).json().message.id;
    const link = (enabled: unknown) =>
      call('POST', `/api/sc/submit/certification_type_link/${agencyId}/${typeId}`, { enabled });
    const linked = async () =>
      t.app.orm.em.fork().count(AgencyType, { agency: agencyId, type: typeId });

    const on = await link('false');
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toEqual({ agencyID: agencyId, typeID: typeId, enabled: true });
    expect(await linked()).toBe(1);
    expect((await agencies())[String(agencyId)]?.associatedTypes).toEqual({
      [String(typeId)]: typeName,
    });

    const off = await link(true);
    expect(off.json().message.enabled).toBe(false);
    expect(await linked()).toBe(0);

    // A stale "true" (already off) leaves it off rather than turning it on.
    expect((await link('true')).json().message.enabled).toBe(false);
    expect(await linked()).toBe(0);

    const missing = await link('maybe');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("enabled must be 'true' or 'false'.");
    const unknownType = await call(
      'POST',
      `/api/sc/submit/certification_type_link/${agencyId}/999999`,
      { enabled: 'false' },
    );
    expect(unknownType.statusCode).toBe(404);

    const entries = await t.app.orm.em.fork().find(
      AuditEntry,
      { entityType: 'agency_type', entityId: `${agencyId}:${typeId}` },
      {
        orderBy: { id: 'asc' },
      },
    );
    expect(entries.map((entry) => entry.action)).toEqual(['link', 'unlink']);
  });

  it('removes a deleted agency from every organization form', async () => {
    const agencyName = `Gone ${unique()}`;
    const agencyId = (
      await call('POST', `/api/sc/submit/certification_agency/${encodeURIComponent(agencyName)}`)
    ).json().message.id;
    const orgName = `Uses Gone ${unique()}`;
    await call(
      'POST',
      `/api/sc/submit/organization/${encodeURIComponent(orgName)}`,
      orgCreatePayload(orgName, { associatedAgencies: [agencyId] }),
    );
    await call(
      'DELETE',
      `/api/sc/submit/delete_certification_agency/${encodeURIComponent(agencyName)}`,
    );
    const info = (await call('GET', `/api/sc/get/orginfo/${encodeURIComponent(orgName)}`)).json()
      .message.orgInfo;
    expect(info.org_associated_certs).toEqual({});
  });
});
