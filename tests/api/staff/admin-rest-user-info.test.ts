import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Certification,
  Company,
  Document,
  Organization,
  Registration,
  User,
  UserCompany,
} from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { signIn, staffClient, unique } from './helpers.js';

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
    const tag = unique();
    const em = t.app.orm.em.fork();
    const organization = em.create(Organization, {
      name: `Rest Info ${tag}`,
      formHash: `rest-info-${tag}`,
      primaryEmail: '',
      extraEmails: [],
      reportFrequency: 'weekly',
      allowedUntil: '2034-12-31',
      requiredCertifications: 1,
      formBanner: '',
      homeBanner: '',
      internalNotes: '',
      lastReportSentAt: null,
    });
    const user = em.create(User, {
      type: 'tester',
      firstName: 'Rest',
      lastName: `Info${tag}`,
      email: `rest-info-${tag}@example.org`,
      phone: '555-0100',
    });
    em.create(Registration, { user, organization, enrolled: true });
    const company = em.create(Company, {
      name: 'Acme Testing',
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      nameKey: 'acme testing',
      addressKey: '1 main st',
      cityKey: 'springfield',
      zip5: '62701',
    });
    em.create(UserCompany, { user, company });
    const document = em.create(Document, {
      organization,
      storageKey: crypto.randomUUID(),
      originalName: 'cert.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: 'a'.repeat(64),
      attachedAt: new Date(),
    });
    em.create(Certification, {
      user,
      number: 'C-1',
      expiresOn: '2027-06-30',
      agencyName: 'AWWA',
      typeName: 'Backflow Prevention Assembly Tester',
      document,
    });
    em.create(Certification, {
      user,
      number: 'C-2',
      expiresOn: '2026-01-31',
      agencyName: 'ABPA',
      typeName: 'Backflow Prevention Assembly Tester',
      document: null,
    });
    await em.flush();

    const response = await call('GET', `/api/admin/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record).toMatchObject({
      id: user.id,
      type: 'tester',
      firstName: 'Rest',
      lastName: `Info${tag}`,
      email: user.email,
      phone: '555-0100',
      organizations: [{ id: organization.id, name: organization.name, enrolled: true }],
      companies: [{ id: company.id, name: 'Acme Testing' }],
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
