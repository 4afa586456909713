import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  makeCompany,
  makeDocument,
  makeOrganization,
  makeRegistration,
} from '../../helpers/fixtures.js';
import { signIn, staffClient } from './helpers.js';

// The console's User Info reads one person from the REST users resource: the record carries
// what the screen shows beside the person's fields.

let t: TestApp;
let call: ReturnType<typeof staffClient>;
beforeAll(async () => {
  t = await createTestApp();
  call = staffClient(t.app, (await signIn(t)).token);
});
afterAll(() => t.close());

describe('GET /api/admin/users/{id}', () => {
  it('carries the organizations, service providers and certifications, documents as links', async () => {
    const em = t.app.orm.em.fork();
    const organization = await makeOrganization(em);
    const company = await makeCompany(em);
    const { document } = await makeDocument(em, t.config.uploadsDir, organization);
    const { user } = await makeRegistration(em, {
      organization,
      company,
      enrolled: true,
      phone: '555-0100',
      certifications: [
        {
          number: 'C-1',
          expiresOn: '2027-06-30',
          agencyName: 'AWWA',
          typeName: 'Backflow Prevention Assembly Tester',
          document,
        },
        {
          number: 'C-2',
          expiresOn: '2026-01-31',
          agencyName: 'ABPA',
          typeName: 'Backflow Prevention Assembly Tester',
        },
      ],
    });

    const response = await call('GET', `/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record).toMatchObject({
      id: user.id,
      type: 'tester',
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: '555-0100',
      organizations: [{ id: organization.id, name: organization.name, enrolled: true }],
      companies: [{ id: company.id, name: company.name }],
    });
    expect(record.certifications).toEqual([
      expect.objectContaining({ number: 'C-1', expiresOn: '2027-06-30', agencyName: 'AWWA' }),
      expect.objectContaining({ number: 'C-2', expiresOn: '2026-01-31', documentUrl: null }),
    ]);
    expect(record.certifications[0].documentUrl).toBe(`/api/documents/${document.id}`);
    expect(record.certifications[0]).not.toHaveProperty('documentId');

    // A list row stays the person alone: the related lists are read for one record only.
    const listed = await call(
      'GET',
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [user.id] }))}`,
    );
    expect(listed.json()).toEqual([
      expect.not.objectContaining({ organizations: expect.anything() }),
    ]);
    expect((await call('GET', '/api/admin/users/999999')).statusCode).toBe(404);
  });
});
