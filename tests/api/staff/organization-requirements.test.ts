import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEntry,
  CredentialType,
  Organization,
  OrganizationCredentialRequirement,
} from '../../../api/src/db/entities/index.js';
import { credentialRequirementsOf } from '../../../api/src/modules/credentials/requirements.js';
import { ORGANIZATION_REQUIREMENT_MESSAGES as M } from '../../../shared/organization-requirements.js';
import { SEED_CREDENTIAL_TYPES } from '../../../shared/requirements.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { orgCreatePayload, signIn, staffClient, unique } from './helpers.js';

// Each organization's own requirements on its console form (issue 27): how long a registration
// stays valid, suspension on expiry, and the credential types it requires or accepts, read and
// written by staff on both faces, checked against the types, audited, nothing kept on bad input.

let t: TestApp;
let editor: ReturnType<typeof staffClient>;
let viewer: ReturnType<typeof staffClient>;
/** The seeded types' ids by name. */
const typeId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  editor = staffClient(t.app, (await signIn(t, 'editor')).token);
  viewer = staffClient(t.app, (await signIn(t, 'viewer')).token);
  for (const type of await t.app.orm.em.fork().find(CredentialType, {})) {
    typeId[type.name] = type.id;
  }
});
afterAll(() => t.close());

const insurance = () => typeId['General liability insurance'] as number;
const businessLicense = () => typeId['Business license'] as number;
const driversLicense = () => typeId["Driver's license"] as number;

const createSc = (name: string, overrides: Record<string, unknown> = {}) =>
  editor(
    'POST',
    `/api/sc/submit/organization/${encodeURIComponent(name)}`,
    orgCreatePayload(name, overrides),
  );
const editSc = (
  client: ReturnType<typeof staffClient>,
  name: string,
  orgInfo: Record<string, unknown>,
) =>
  client('PUT', `/api/sc/submit/editorganization/${encodeURIComponent(name)}`, {
    orgName: name,
    orgInfo: { orgEndDate: '2034-12-31', numOfCerts: 1, ...orgInfo },
  });
const readSc = async (name: string) =>
  (await viewer('GET', `/api/sc/get/orginfo/${encodeURIComponent(name)}`)).json().message.orgInfo;

/** What the database holds of an organization's requirements and settings. */
async function stored(organizationId: number) {
  const em = t.app.orm.em.fork();
  const organization = await em.findOneOrFail(Organization, { id: organizationId });
  const requirements = await em.find(
    OrganizationCredentialRequirement,
    { organization: organizationId },
    { orderBy: { credentialType: 'asc' } },
  );
  return {
    registrationValidity: organization.registrationValidity,
    suspendOnExpiry: organization.suspendOnExpiry,
    requirements: requirements.map((requirement) => ({
      credentialTypeId: requirement.credentialType.id,
      required: requirement.required,
      minimumCoverage: requirement.minimumCoverage,
      additionalInsured: requirement.additionalInsured,
    })),
  };
}

const auditCount = (organizationId: number) =>
  t.app.orm.em.fork().count(AuditEntry, {
    entityType: 'organization',
    entityId: String(organizationId),
  });

describe("an organization's requirements through the console's calls (/api/sc)", () => {
  it('starts with no requirements: valid until withdrawn, never suspended automatically', async () => {
    const name = `Plain Water ${unique()}`;
    const created = await createSc(name);
    expect(created.statusCode).toBe(201);
    expect(created.json().orgInfo).toMatchObject({
      registrationValidity: 'untilWithdrawn',
      suspendOnExpiry: false,
      credentialRequirements: [],
    });
    expect(await stored(created.json().orgInfo.org_id)).toEqual({
      registrationValidity: 'untilWithdrawn',
      suspendOnExpiry: false,
      requirements: [],
    });
  });

  it("creates one with its requirements, the company's types first, coverage as people write it", async () => {
    const name = `Insured City ${unique()}`;
    const created = await createSc(name, {
      registrationValidity: 'twelveMonths',
      suspendOnExpiry: true,
      credentialRequirements: [
        { credentialTypeId: driversLicense(), required: false },
        {
          credentialTypeId: insurance(),
          required: true,
          minimumCoverage: '$1,000,000',
          additionalInsured: true,
        },
      ],
    });
    expect(created.statusCode).toBe(201);
    const expected = [
      {
        credentialTypeId: insurance(),
        required: true,
        minimumCoverage: 1_000_000,
        additionalInsured: true,
      },
      {
        credentialTypeId: driversLicense(),
        required: false,
        minimumCoverage: null,
        additionalInsured: false,
      },
    ];
    expect(created.json().orgInfo).toMatchObject({
      registrationValidity: 'twelveMonths',
      suspendOnExpiry: true,
      credentialRequirements: expected,
    });
    expect(await readSc(name)).toMatchObject({
      registrationValidity: 'twelveMonths',
      suspendOnExpiry: true,
      credentialRequirements: expected,
    });
  });

  it('replaces the list on an edit, keeps everything on an edit without them, audited', async () => {
    const name = `Changing Water ${unique()}`;
    const id = (
      await createSc(name, {
        credentialRequirements: [{ credentialTypeId: businessLicense() }],
      })
    ).json().orgInfo.org_id as number;

    const edited = await editSc(editor, name, {
      registrationValidity: 'calendarYear',
      suspendOnExpiry: true,
      credentialRequirements: [
        { credentialTypeId: insurance(), minimumCoverage: 5_000_000, additionalInsured: true },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const after = {
      registrationValidity: 'calendarYear',
      suspendOnExpiry: true,
      requirements: [
        {
          credentialTypeId: insurance(),
          required: true,
          minimumCoverage: 5_000_000,
          additionalInsured: true,
        },
      ],
    };
    expect(await stored(id)).toEqual(after);

    const [entry] = await t.app.orm.em
      .fork()
      .find(AuditEntry, { entityType: 'organization', entityId: String(id), action: 'update' });
    expect(entry?.before).toMatchObject({
      registrationValidity: 'untilWithdrawn',
      suspendOnExpiry: false,
      credentialRequirements: [
        {
          credentialTypeId: businessLicense(),
          required: true,
          minimumCoverage: null,
          additionalInsured: false,
        },
      ],
    });
    expect(entry?.after).toMatchObject({
      registrationValidity: 'calendarYear',
      suspendOnExpiry: true,
      credentialRequirements: after.requirements,
    });

    expect((await editSc(editor, name, { orgInternalNotes: 'Only a note' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual(after);

    expect((await editSc(editor, name, { credentialRequirements: [] })).statusCode).toBe(200);
    expect((await stored(id)).requirements).toEqual([]);
  });

  // Bodies are built when a case runs: the seeded types' ids are read in beforeAll.
  type Refusal = [string, () => Record<string, unknown>, string, string];
  const refusals: Refusal[] = [
    [
      'a type listed twice',
      () => ({
        credentialRequirements: [
          { credentialTypeId: driversLicense() },
          { credentialTypeId: driversLicense(), required: false },
        ],
      }),
      'credentialRequirements.1.credentialTypeId',
      M.typeTwice,
    ],
    [
      'a minimum coverage for a type without a coverage amount',
      () => ({
        credentialRequirements: [{ credentialTypeId: businessLicense(), minimumCoverage: 1000 }],
      }),
      'credentialRequirements.0.minimumCoverage',
      M.coverageNotCarried,
    ],
    [
      'additional insured for a type that does not carry it',
      () => ({
        credentialRequirements: [{ credentialTypeId: driversLicense(), additionalInsured: true }],
      }),
      'credentialRequirements.0.additionalInsured',
      M.additionalInsuredNotCarried,
    ],
    [
      'an unknown type',
      () => ({ credentialRequirements: [{ credentialTypeId: 999_999 }] }),
      'credentialRequirements.0.credentialTypeId',
      M.typeUnknown,
    ],
    [
      'no type chosen',
      () => ({ credentialRequirements: [{ required: true }] }),
      'credentialRequirements.0.credentialTypeId',
      M.typeRequired,
    ],
    ...[0, -5, 1.5, '1e6', 'a million', '1000000000000', 1_000_000_000_000].map(
      (minimumCoverage): Refusal => [
        `a minimum coverage of ${JSON.stringify(minimumCoverage)}`,
        () => ({ credentialRequirements: [{ credentialTypeId: insurance(), minimumCoverage }] }),
        'credentialRequirements.0.minimumCoverage',
        M.coverageInvalid,
      ],
    ),
    [
      'a validity the product does not know',
      () => ({ registrationValidity: 'forever' }),
      'registrationValidity',
      M.validityInvalid,
    ],
    [
      'a suspension setting that is not yes or no',
      () => ({ suspendOnExpiry: 'yes' }),
      'suspendOnExpiry',
      M.suspendInvalid,
    ],
    [
      'requirements that are not a list',
      () => ({ credentialRequirements: 'insurance' }),
      'credentialRequirements',
      M.requirementsInvalid,
    ],
  ];

  it.each(refusals)(
    'refuses %s on create and on edit, and keeps nothing',
    async (_label, bodyOf, field, message) => {
      const body = bodyOf();
      const name = `Refused Water ${unique()}`;
      const created = await createSc(name, body);
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(message);
      const [key, said] = Object.entries(created.json().errors)[0] as [string, string];
      expect(key.endsWith(field)).toBe(true);
      expect(said).toBe(message);
      expect(await t.app.orm.em.fork().count(Organization, { name })).toBe(0);

      const kept = `Kept Water ${unique()}`;
      const id = (
        await createSc(kept, {
          credentialRequirements: [{ credentialTypeId: insurance(), minimumCoverage: 2_000_000 }],
        })
      ).json().orgInfo.org_id as number;
      const before = await stored(id);
      const audited = await auditCount(id);
      const edited = await editSc(editor, kept, { ...body, orgInternalNotes: 'Not saved' });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(message);
      expect(await stored(id)).toEqual(before);
      expect(await auditCount(id)).toBe(audited);
      expect((await readSc(kept)).internalNotes).toBe('Notes');
    },
  );

  it('lets a Viewer read the requirements and refuses a Viewer changing them', async () => {
    const name = `Viewed Water ${unique()}`;
    const id = (
      await createSc(name, { credentialRequirements: [{ credentialTypeId: insurance() }] })
    ).json().orgInfo.org_id as number;
    expect((await readSc(name)).credentialRequirements).toHaveLength(1);
    const before = await stored(id);

    const refused = await editSc(viewer, name, {
      suspendOnExpiry: true,
      credentialRequirements: [],
    });
    expect(refused.statusCode).toBe(403);
    const rest = await viewer('PUT', `/api/admin/organizations/${id}`, {
      credentialRequirements: [],
    });
    expect(rest.statusCode).toBe(403);
    expect(await stored(id)).toEqual(before);
  });
});

describe("an organization's requirements through the REST resource (/api/admin)", () => {
  it('creates, reads and updates them; list rows carry the settings but not the list', async () => {
    const name = `Rest Insured ${unique()}`;
    const created = await editor('POST', '/api/admin/organizations', {
      name,
      allowedUntil: '2034-12-31',
      registrationValidity: 'calendarYear',
      credentialRequirements: [
        { credentialTypeId: String(insurance()), minimumCoverage: '500000' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toMatchObject({
      registrationValidity: 'calendarYear',
      suspendOnExpiry: false,
      credentialRequirements: [
        {
          credentialTypeId: insurance(),
          required: true,
          minimumCoverage: 500_000,
          additionalInsured: false,
        },
      ],
    });

    const one = await viewer('GET', `/api/admin/organizations/${record.id}`);
    expect(one.json()).toEqual(record);

    const updated = await editor('PUT', `/api/admin/organizations/${record.id}`, {
      ...record,
      suspendOnExpiry: true,
      credentialRequirements: [
        ...record.credentialRequirements,
        { credentialTypeId: businessLicense(), required: false },
      ],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      suspendOnExpiry: true,
      credentialRequirements: [
        expect.objectContaining({ credentialTypeId: businessLicense(), required: false }),
        expect.objectContaining({ credentialTypeId: insurance(), minimumCoverage: 500_000 }),
      ],
    });

    const refused = await editor('PUT', `/api/admin/organizations/${record.id}`, {
      credentialRequirements: [{ credentialTypeId: businessLicense(), additionalInsured: true }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      'credentialRequirements.0.additionalInsured': M.additionalInsuredNotCarried,
    });
    expect((await stored(record.id)).requirements).toHaveLength(2);

    const list = await viewer(
      'GET',
      `/api/admin/organizations?filter=${encodeURIComponent(JSON.stringify({ id: [record.id] }))}`,
    );
    const [row] = list.json();
    expect(row).toMatchObject({ registrationValidity: 'calendarYear', suspendOnExpiry: true });
    expect(row).not.toHaveProperty('credentialRequirements');
  });
});

describe('credentialRequirementsOf', () => {
  /** A seeded type as the shared list describes it, with its id. */
  const seeded = (name: string) => {
    const type = SEED_CREDENTIAL_TYPES.find((candidate) => candidate.name === name);
    if (!type) throw new Error(`no seeded type ${name}`);
    return { id: typeId[name], ...type, facts: [...type.facts] };
  };

  it("answers each requirement with its type, the company's before each tester's, by name", async () => {
    const name = `Joined Water ${unique()}`;
    const id = (
      await createSc(name, {
        credentialRequirements: [
          { credentialTypeId: driversLicense(), required: false },
          { credentialTypeId: insurance(), minimumCoverage: 1_000_000, additionalInsured: true },
          { credentialTypeId: businessLicense() },
        ],
      })
    ).json().orgInfo.org_id as number;
    expect(await credentialRequirementsOf(t.app.orm.em.fork(), id)).toEqual([
      {
        ...seeded('Business license'),
        required: true,
        minimumCoverage: null,
        additionalInsured: false,
      },
      {
        ...seeded('General liability insurance'),
        required: true,
        minimumCoverage: 1_000_000,
        additionalInsured: true,
      },
      {
        ...seeded("Driver's license"),
        required: false,
        minimumCoverage: null,
        additionalInsured: false,
      },
    ]);
    expect(await credentialRequirementsOf(t.app.orm.em.fork(), id + 100_000)).toEqual([]);
  });
});
