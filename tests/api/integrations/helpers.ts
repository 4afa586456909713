import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Assembly, Certification, Document, Location } from '../../../api/src/db/entities/index.js';
import type { TestApp } from '../../helpers/app.js';
import {
  makeCompany,
  makeOrganization,
  makeRegistration,
  makeTestKit,
  unique,
} from '../../helpers/fixtures.js';
import { bearer } from '../staff/helpers.js';

// The read API's tests: keys made through the console's route, calls with a key, and one
// organization's worth of data (a person, their registration, company, certification, kit and
// their documents).

export interface KeyOptions {
  organization_id?: number | null;
  can_fetch_documents?: boolean;
  name?: string;
}

/** A key made by an Administrator through POST /api/admin/api-keys: its id and secret. */
export async function makeKey(t: TestApp, adminToken: string, options: KeyOptions = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: bearer(adminToken),
    payload: {
      name: options.name ?? 'Billing system',
      organization_id: options.organization_id ?? null,
      can_fetch_documents: options.can_fetch_documents ?? false,
    },
  });
  if (response.statusCode !== 201) throw new Error(`key not made: ${response.body}`);
  const { id, secret } = response.json() as { id: number; secret: string };
  return { id, secret };
}

/** GET a read API path with a key (or with the headers given). */
export function apiGet(t: TestApp, secret: string | null, url: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });
}

/** Every row of a list, page by page from `cursor`, and the cursor to keep. */
export async function syncAll(
  t: TestApp,
  secret: string,
  path: string,
  options: { cursor?: string | null; limit?: number; updatedSince?: string } = {},
) {
  const rows: Record<string, unknown>[] = [];
  let cursor = options.cursor ?? null;
  for (let pages = 0; pages < 1000; pages++) {
    const query = new URLSearchParams({ limit: String(options.limit ?? 100) });
    if (cursor) query.set('cursor', cursor);
    if (options.updatedSince) query.set('updated_since', options.updatedSince);
    const response = await apiGet(t, secret, `${path}?${query}`);
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
    const page = response.json() as {
      data: Record<string, unknown>[];
      next_cursor: string | null;
      has_more: boolean;
    };
    rows.push(...page.data);
    cursor = page.next_cursor;
    if (!page.has_more) return { rows, cursor };
  }
  throw new Error('more than 1000 pages');
}

/** A stored PDF through the app's own storage, and its documents row. */
export async function storedDocument(t: TestApp, em: EntityManager) {
  const bytes = Buffer.from(`%PDF-1.4 calibration ${unique()}\n%%EOF\n`);
  const saved = await t.app.documentStorage.save(Readable.from([bytes]));
  const document = em.create(Document, {
    organization: null,
    storageKey: saved.key,
    originalName: 'certificate.pdf',
    contentType: 'application/pdf',
    size: saved.size,
    sha256: saved.sha256,
    attachedAt: new Date(),
  });
  await em.flush();
  return { document, bytes };
}

/** One organization's data: a registered tester with a certification, company and test kit. */
export async function organizationData(t: TestApp) {
  const em = t.app.orm.em.fork();
  const organization = await makeOrganization(em);
  const company = await makeCompany(em);
  const certificate = await storedDocument(t, em);
  const calibration = await storedDocument(t, em);
  const { user, registration } = await makeRegistration(em, {
    organization,
    company,
    certifications: [
      {
        number: `C-${unique()}`,
        agencyName: 'ABPA',
        typeName: 'Tester',
        expiresOn: '2030-01-01',
        document: certificate.document,
      },
    ],
  });
  const kit = await makeTestKit(em, {
    organization,
    company,
    serial: `SN-${unique()}`,
    document: calibration.document,
  });
  const certification = await em.findOneOrFail(Certification, { registration });
  const location = em.create(Location, {
    organization,
    accountNumber: `AC-${unique()}`,
    name: 'Corner Bakery',
    address1: '12 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    contacts: {
      owner: {
        name: 'Rosa Díaz',
        email: 'rosa@example.com',
        phone: '',
        address: '',
        language: 'es',
      },
    },
  });
  await em.flush();
  const assembly = em.create(Assembly, {
    organization,
    location,
    assemblyId: `BF-${unique()}`,
    serial: 'X1234',
    type: 'RP',
    make: 'Watts',
    model: '009',
    sizeInches: 0.75,
    hazard: 'high',
    service: 'domestic',
    installedOn: '2020-04-01',
    lastTestedOn: '2026-04-02',
    lastResult: 'pass',
    nextDueOn: '2027-04-02',
  });
  await em.flush();
  return {
    location,
    assembly,
    organization,
    company,
    user,
    registration,
    kit,
    certification,
    certificate,
    calibration,
  };
}
