import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssemblyCorrection,
  AuditEntry,
  Certification,
  Registration,
  TestReport,
  type TOrganization,
  UserCompany,
} from '../../../api/src/db/entities/index.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  makeCompany,
  makeDocument,
  makeOrganization,
  makeRegistration,
  makeTestKit,
} from '../../helpers/fixtures.js';
import { makeKey } from '../integrations/helpers.js';
import { signIn, signInOrganizationPerson, staffClient, unique } from './helpers.js';

// Nobody reaches what is not theirs: a Program manager of Alpha (the widest role an
// organization's person holds) walks every staff route of the role table with Bravo's records,
// names and ids. Routes only the provider's staff use answer 403; Bravo's records answer 404
// as records that do not exist; lists, searches, counts and files are Alpha's alone; and no
// answer carries a byte of Bravo's (its name, emails, people, companies, certification
// numbers, kit serials, key and endpoint names). A route added without a place in these
// tables fails the walk until someone decides what it reveals.

let t: TestApp;
let asAdmin: ReturnType<typeof staffClient>;
let manager: Awaited<ReturnType<typeof signInOrganizationPerson>>;
let alpha: TOrganization;
let bravo: TOrganization;

/** Strings that appear only in Bravo's records: none may reach Alpha's Program manager. */
const marker = (what: string) => `${what}Zq${unique()}`;
const BRAVO = {
  organization: marker('BravoWater'),
  email: `${marker('bravoclerk').toLowerCase()}@bravo.example.gov`,
  company: marker('BravoBackflow'),
  person: marker('Bravonian'),
  personEmail: `${marker('bravoonly').toLowerCase()}@example.com`,
  certification: marker('BRCERT'),
  sharedCertification: marker('BRSHARED'),
  kit: marker('BRKIT'),
  key: marker('BravoBilling'),
  endpoint: marker('BravoHook'),
  memberEmail: `${marker('bravoreviewer').toLowerCase()}@bravo.example.gov`,
  reason: marker('BravoReason'),
  account: marker('BRACCT'),
  serviceAddress: marker('BravoStreet'),
  assembly: marker('BRASM'),
  serial: marker('BRSERIAL'),
};
const MARKERS = Object.values(BRAVO);

/** The value of each kind of path parameter that names one of Bravo's records. */
const bravoValues = {} as Record<string, string>;
/** The same kinds, naming Alpha's (for the shared user's reads). */
let sharedUserId = 0;
let alphaRegistrationOfShared = 0;

/** An assembly's fields, marked as Bravo's. */
const BRAVO_ASSEMBLY = () => ({
  assemblyId: BRAVO.assembly,
  serial: BRAVO.serial,
  type: 'RP',
  hazard: 'high',
  service: 'domestic',
});

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
  const admin = await signIn(t);
  asAdmin = staffClient(t.app, admin.token);
  const em = t.app.orm.em.fork();
  alpha = await makeOrganization(em, { name: `Alpha Water ${unique()}` });
  bravo = await makeOrganization(em, { name: BRAVO.organization, primaryEmail: BRAVO.email });
  const alphaCompany = await makeCompany(em);
  const bravoCompany = await makeCompany(em, { name: BRAVO.company });

  // Bravo's own tester: a certification due within 30 days with its document, and a test kit.
  const { document: bravoDocument } = await makeDocument(em, t.config.uploadsDir, bravo);
  const bravoOnly = await makeRegistration(em, {
    organization: bravo,
    company: bravoCompany,
    firstName: BRAVO.person,
    lastName: BRAVO.person,
    email: BRAVO.personEmail,
    review: { state: 'approved', reviewedAt: new Date() },
    certifications: [
      {
        number: BRAVO.certification,
        agencyName: 'ABPA',
        typeName: 'Tester',
        expiresOn: inDays(10),
        document: bravoDocument,
      },
    ],
  });
  const { document: kitDocument } = await makeDocument(em, t.config.uploadsDir, bravo);
  await makeTestKit(em, {
    organization: bravo,
    company: bravoCompany,
    serial: BRAVO.kit,
    document: kitDocument,
  });

  // A tester registered with both: Alpha reads the person, never their Bravo side.
  const shared = await makeRegistration(em, {
    organization: alpha,
    company: alphaCompany,
    firstName: 'Sam',
    lastName: `Shared${unique()}`,
    certifications: [
      {
        number: `ALCERT${unique()}`,
        agencyName: 'ABPA',
        typeName: 'Tester',
        expiresOn: inDays(20),
      },
    ],
  });
  sharedUserId = shared.user.id;
  alphaRegistrationOfShared = shared.registration.id;
  const { document: sharedBravoDocument } = await makeDocument(em, t.config.uploadsDir, bravo);
  // The same person's registration with Bravo, with its own company and certification.
  em.create(UserCompany, { user: shared.user, company: bravoCompany });
  const sharedWithBravo = em.create(Registration, {
    user: shared.user,
    organization: bravo,
    company: bravoCompany,
    submission: null,
    enrolled: true,
    registeredAt: new Date(),
  });
  em.create(Certification, {
    user: shared.user,
    registration: sharedWithBravo,
    number: BRAVO.sharedCertification,
    expiresOn: inDays(15),
    agency: null,
    agencyName: 'ABPA',
    type: null,
    typeName: 'Tester',
    document: sharedBravoDocument,
  });
  await em.flush();

  // Bravo's work by the provider: an audit entry, a key, an endpoint with a delivery, a person.
  const suspended = await asAdmin(
    'POST',
    `/api/admin/registrations/${bravoOnly.registration.id}/suspend`,
    { reason: BRAVO.reason },
  );
  expect(suspended.statusCode, suspended.body).toBe(200);
  const key = await makeKey(t, admin.token, { organization_id: bravo.id, name: BRAVO.key });
  const endpoint = await asAdmin('POST', '/api/admin/webhook-endpoints', {
    url: 'http://127.0.0.1:9/hook',
    description: BRAVO.endpoint,
    event_types: ['registration.approved'],
    organization_id: bravo.id,
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  const delivery = await asAdmin('POST', `/api/admin/webhook-endpoints/${endpoint.json().id}/test`);
  expect(delivery.statusCode, delivery.body).toBe(200);
  const member = await asAdmin('POST', '/api/admin/organization-people', {
    organizationId: bravo.id,
    email: BRAVO.memberEmail,
    role: 'reviewer',
  });
  expect(member.statusCode, member.body).toBe(201);

  const location = await asAdmin('POST', '/api/admin/locations', {
    organizationId: bravo.id,
    accountNumber: BRAVO.account,
    address1: BRAVO.serviceAddress,
    city: 'Bravoville',
  });
  expect(location.statusCode, location.body).toBe(201);
  const assembly = await asAdmin('POST', '/api/admin/assemblies', {
    ...BRAVO_ASSEMBLY(),
    locationId: location.json().id,
  });
  expect(assembly.statusCode, assembly.body).toBe(201);
  const correction = em.create(AssemblyCorrection, {
    organization: bravo.id,
    assembly: assembly.json().id,
    proposedBy: bravoOnly.user.id,
    kind: 'nameplate',
    onFile: { serial: '', make: '', model: '', sizeInches: null },
    proposed: { serial: BRAVO.assembly, make: '', model: '', sizeInches: null },
  });
  const testReport = em.create(TestReport, {
    key: randomUUID(),
    bodyHash: '0'.repeat(64),
    organization: bravo.id,
    assembly: assembly.json().id,
    tester: bravoOnly.user.id,
    filedBy: bravoOnly.user.id,
    kind: 'initial',
    testDate: inDays(-1),
    readings: {},
    repairs: [],
    remarks: BRAVO.reason,
    result: 'fail',
    ruleResults: [],
    record: {
      tester: { name: BRAVO.person, email: BRAVO.personEmail },
      certification: { number: BRAVO.certification, agency: 'ABPA', type: 'Tester', expiresOn: '' },
      kit: { serial: BRAVO.kit, manufacturer: '', model: '', calibratedOn: '', dueOn: null },
      assembly: {
        assemblyId: BRAVO.assembly,
        type: 'RP',
        serial: BRAVO.serial,
        make: '',
        model: '',
        sizeInches: null,
        hazard: 'high',
        placement: '',
      },
      location: { accountNumber: BRAVO.account, name: '', address: BRAVO.serviceAddress },
      company: { name: BRAVO.company },
    },
  });
  await em.flush();
  const inventoryImport = await asAdmin('POST', '/api/admin/inventory-imports', {
    organizationId: bravo.id,
  });
  expect(inventoryImport.statusCode, inventoryImport.body).toBe(201);

  const expiring = await asAdmin(
    'GET',
    `/api/admin/expiring?filter=${encodeURIComponent(JSON.stringify({ organization: bravo.id, within: '30' }))}`,
  );
  expect(expiring.statusCode, expiring.body).toBe(200);
  const bravoItem = (expiring.json() as { id: number; organizationId: number }[])[0];
  if (!bravoItem) throw new Error('no expiring item of Bravo');

  const audit = await em.findOneOrFail(AuditEntry, { organizationId: bravo.id });
  Object.assign(bravoValues, {
    organization: String(bravo.id),
    organizationName: bravo.name,
    organizationRef: String(bravo.id),
    user: String(bravoOnly.user.id),
    registration: String(bravoOnly.registration.id),
    document: bravoDocument.id,
    auditEntry: String(audit.id),
    expiringItem: String(bravoItem.id),
    apiKey: String(key.id),
    webhookEndpoint: String(endpoint.json().id),
    webhookDelivery: String(delivery.json().id),
    membership: String(member.json().id),
    location: String(location.json().id),
    assembly: String(assembly.json().id),
    assemblyCorrection: String(correction.id),
    // Adding the assembly recorded its first status change (no status to Unknown).
    assemblyComplianceChange: String(
      (
        await em
          .getConnection()
          .execute<{ id: number }[]>(
            'select id from assembly_compliance_changes where assembly_id = ? order by id limit 1',
            [assembly.json().id],
          )
      )[0]?.id,
    ),
    testReport: String(testReport.id),
    inventory_import: String(inventoryImport.json().id),
  });

  manager = await signInOrganizationPerson(t, [
    { organizationId: alpha.id, role: 'program_manager' },
  ]);
});
afterAll(() => t.close());

const asManager = () => staffClient(t.app, manager.token);
const filter = (value: Record<string, unknown>) =>
  `filter=${encodeURIComponent(JSON.stringify(value))}`;

/**
 * The routes without a record in their path, each with a call that names Bravo (a filter, a
 * body's organization): Bravo as a filter or a new record's organization answers 404.
 */
const NAMING_BRAVO: Record<string, () => { url: string; payload?: Record<string, unknown> }> = {
  'GET /api/admin/users': () => ({ url: `/api/admin/users?${filter({ organization: bravo.id })}` }),
  'GET /api/admin/registrations': () => ({
    url: `/api/admin/registrations?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/review': () => ({
    url: `/api/admin/review?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/expiring': () => ({
    url: `/api/admin/expiring?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/expiring.csv': () => ({
    url: `/api/admin/expiring.csv?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/api-keys': () => ({
    url: `/api/admin/api-keys?${filter({ organization_id: bravo.id })}`,
  }),
  'GET /api/admin/webhook-endpoints': () => ({
    url: `/api/admin/webhook-endpoints?${filter({ organization_id: bravo.id })}`,
  }),
  'GET /api/admin/webhook-deliveries': () => ({
    url: `/api/admin/webhook-deliveries?${filter({ endpoint_id: Number(bravoValues.webhookEndpoint) })}`,
  }),
  'GET /api/admin/organization-people': () => ({
    url: `/api/admin/organization-people?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/sc/get/compliance_summary': () => ({
    url: `/api/sc/get/compliance_summary?organization=${bravo.id}`,
  }),
  'POST /api/sc/get/users_list': () => ({
    url: '/api/sc/get/users_list',
    payload: { orgId: bravo.id, page: 1 },
  }),
  'POST /api/admin/api-keys': () => ({
    url: '/api/admin/api-keys',
    payload: { name: 'Mine', organization_id: bravo.id, can_fetch_documents: false },
  }),
  'POST /api/admin/webhook-endpoints': () => ({
    url: '/api/admin/webhook-endpoints',
    payload: {
      url: 'http://127.0.0.1:9/mine',
      event_types: ['registration.approved'],
      organization_id: bravo.id,
    },
  }),
  'POST /api/admin/organization-people': () => ({
    url: '/api/admin/organization-people',
    payload: { organizationId: bravo.id, email: `x-${unique()}@alpha.example.gov`, role: 'viewer' },
  }),
  'GET /api/admin/locations': () => ({
    url: `/api/admin/locations?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/assemblies': () => ({
    url: `/api/admin/assemblies?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/assembly-compliance-changes': () => ({
    url: `/api/admin/assembly-compliance-changes?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/assembly-corrections': () => ({
    url: `/api/admin/assembly-corrections?${filter({ organization: bravo.id })}`,
  }),
  'GET /api/admin/test-reports': () => ({
    url: `/api/admin/test-reports?${filter({ organization: bravo.id })}`,
  }),
  'POST /api/admin/locations': () => ({
    url: '/api/admin/locations',
    payload: {
      organizationId: bravo.id,
      accountNumber: `A-${unique()}`,
      address1: '1 Main St',
      city: 'Alphaville',
    },
  }),
  'POST /api/admin/assemblies': () => ({
    url: '/api/admin/assemblies',
    payload: { ...BRAVO_ASSEMBLY(), assemblyId: `A-${unique()}`, locationId: bravoValues.location },
  }),
  'POST /api/admin/inventory-imports': () => ({
    url: '/api/admin/inventory-imports',
    payload: { organizationId: bravo.id },
  }),
  'POST /api/sc/account/organization': () => ({
    url: '/api/sc/account/organization',
    payload: { organizationId: bravo.id },
  }),
};

/**
 * The routes without a record in their path that name no organization: their answers are the
 * person's own or Alpha's alone (the walk reads each whole for Bravo's bytes).
 */
const OWN_OR_ALPHAS = new Set([
  'GET /api/admin/agencies',
  'GET /api/admin/types',
  'GET /api/admin/credential-types',
  'GET /api/admin/audit',
  'GET /api/admin/organizations',
  'GET /api/sc/account',
  'GET /api/sc/get/certification_agencies',
  'GET /api/sc/get/certification_types',
  'GET /api/sc/get/report_orgs',
  'GET /api/sc/get/search-org',
  'GET /api/sc/get/org_status/:status',
  'GET /api/sc/get/verify_auth',
  'POST /api/sc/account/password',
  'POST /api/sc/account/two-factor/confirm',
  'POST /api/sc/account/two-factor/disable',
  'POST /api/sc/account/two-factor/setup',
]);

/** Not walked: ends the session the walk uses (tests/api/staff/auth.test.ts covers it). */
const NOT_WALKED = new Set(['POST /api/sc/session/user-logout']);

/** The path with each parameter filled with Bravo's value of its declared kind. */
function bravoPath(url: string, organizationOf: Readonly<Record<string, string>>) {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const kind = organizationOf[name];
    if (kind === 'value') return 'active';
    if (kind === 'shared' || kind === undefined) return '1';
    const value = bravoValues[kind];
    if (value === undefined) throw new Error(`no Bravo value for ${kind}`);
    return encodeURIComponent(value);
  });
}

const hasRecordParameter = (organizationOf: Readonly<Record<string, string>>) =>
  Object.values(organizationOf).some((kind) => kind !== 'shared' && kind !== 'value');

function expectNothingOfBravo(route: string, body: string) {
  for (const text of MARKERS) {
    expect(body.includes(text), `${route} answered with Bravo's ${text}: ${body}`).toBe(false);
  }
}

describe("an organization's Program manager", () => {
  it("walks every staff route with another organization's records and reaches none of them", async () => {
    const call = asManager();
    const walked: string[] = [];
    for (const [route, rule] of t.app.staffRouteRules) {
      const [method = '', url = ''] = route.split(' ');
      if (method === 'HEAD' || NOT_WALKED.has(route)) continue;
      walked.push(route);
      const verb = method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      if (rule.organizationRole === null) {
        const response = await call(verb, bravoPath(url, rule.organizationOf), {});
        expect(response.statusCode, `${route}: ${response.body}`).toBe(403);
        expectNothingOfBravo(route, response.body);
        continue;
      }
      if (hasRecordParameter(rule.organizationOf)) {
        const response = await call(verb, bravoPath(url, rule.organizationOf), {});
        expect(response.statusCode, `${route}: ${response.body}`).toBe(404);
        expectNothingOfBravo(route, response.body);
        continue;
      }
      const naming = NAMING_BRAVO[route];
      if (naming) {
        const { url: named, payload } = naming();
        const response = await call(verb, named, payload ?? (verb === 'GET' ? undefined : {}));
        expect(response.statusCode, `${route}: ${response.body}`).toBe(404);
        expectNothingOfBravo(route, response.body);
        // Without naming Bravo, the same route answers with Alpha's alone.
        const plain = await call(verb, url, verb === 'GET' ? undefined : {});
        expectNothingOfBravo(route, plain.body);
        continue;
      }
      // A shared catalogue's record (agencies, types, credential types) is everyone's.
      const sharedRecord = Object.values(rule.organizationOf).includes('shared');
      expect(
        sharedRecord || OWN_OR_ALPHAS.has(route),
        `${route} is not classified: add it to NAMING_BRAVO or OWN_OR_ALPHAS`,
      ).toBe(true);
      const response = await call(
        verb,
        bravoPath(url, rule.organizationOf),
        verb === 'GET' ? undefined : {},
      );
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(500);
      expectNothingOfBravo(route, response.body);
    }
    // The walk saw the table (a broken enumeration would pass vacuously).
    expect(walked.length).toBeGreaterThan(100);
    expect(walked).toContain('GET /api/admin/users/:id');
    expect(walked).toContain('POST /api/sc/submit/review/:registrationId/approve');
  });

  it('reads a person registered with both organizations as registered with its own alone', async () => {
    const call = asManager();
    for (const url of [
      `/api/admin/users/${sharedUserId}`,
      `/api/sc/get/user/${sharedUserId}`,
      `/api/admin/review/${alphaRegistrationOfShared}`,
      `/api/admin/registrations/${alphaRegistrationOfShared}`,
      `/api/admin/registrations?${filter({ user: sharedUserId })}`,
      `/api/admin/expiring?${filter({ within: '30' })}`,
      '/api/admin/expiring.csv',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expectNothingOfBravo(url, response.body);
    }
    // The shared tester's Alpha certification is there; the Bravo one is not.
    const expiring = await call('GET', `/api/admin/expiring?${filter({ within: '30' })}`);
    const items = expiring.json() as { organizationId: number; userId: number }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.organizationId === alpha.id)).toBe(true);
    const info = await call('GET', `/api/admin/users/${sharedUserId}`);
    expect(info.json().organizations.map((o: { id: number }) => o.id)).toEqual([alpha.id]);
  });

  it("keeps the audit log to its organization, recording the person's role and organization", async () => {
    const call = asManager();
    const edited = await call('PUT', `/api/admin/organizations/${alpha.id}`, {
      homeBanner: 'Tests due by March 1.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const log = await call(
      'GET',
      `/api/admin/audit?${filter({})}&range=${encodeURIComponent('[0,99]')}`,
    );
    expect(log.statusCode, log.body).toBe(200);
    const entries = log.json() as {
      staffEmail: string;
      staffRole: string | null;
      organizationId: number | null;
    }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.organizationId === alpha.id)).toBe(true);
    expect(entries.find((entry) => entry.staffEmail === manager.email)).toMatchObject({
      staffRole: 'program_manager',
      organizationId: alpha.id,
    });
    expectNothingOfBravo('GET /api/admin/audit', log.body);
    // The provider's staff read every organization's entries, Bravo's included.
    const all = await asAdmin('GET', `/api/admin/audit?range=${encodeURIComponent('[0,199]')}`);
    expect(all.body).toContain(BRAVO.reason);
  });
});
