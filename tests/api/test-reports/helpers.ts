import { expect } from 'vitest';
import { Registration } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import type { TestApp } from '../../helpers/app.js';
import { cleanDcReport } from '../../helpers/field-fixtures.js';
import { accountCalls, registerTester } from '../account/helpers.js';
import type { OrganizationFixture } from '../registration/fixtures.js';
import type { reviewCalls } from '../review/helpers.js';
import { type staffClient, unique } from '../staff/helpers.js';

// Test reports' setup: registrations approved with a record that has stood for two months (so
// a test dated today is checked against accepted periods), and assemblies made through the
// console's calls.

/** Accepts every item of a registration, then approves it (it is then enrolled and active). */
export async function approve(review: ReturnType<typeof reviewCalls>, registrationId: number) {
  await review.acceptAll(registrationId);
  const approved = await review.current(registrationId, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
}

/** Moves a registration's record (periods, activity, kit calibration) two months back. */
export async function backdateRecord(t: TestApp, registrationId: number) {
  const { sql } = accountCalls(() => t);
  const since = [registrationId];
  await sql(
    `update test_kits set calibrated_on = ?::date - 90
      where submission_id = (select submission_id from registrations where id = ?)`,
    [todayInProgramZone(), registrationId],
  );
  await sql(
    `update certification_periods set accepted_at = now() - interval '60 days'
      where certification_id in (select id from certifications where registration_id = ?)`,
    since,
  );
  await sql(
    `update calibration_periods set accepted_at = now() - interval '60 days'
      where withdrawn_at is null and test_kit_id in (select k.id from test_kits k join registrations r
                              on r.submission_id = k.submission_id where r.id = ?)`,
    since,
  );
  await sql(
    `update registration_activity set at = now() - interval '60 days' where registration_id = ?`,
    since,
  );
}

/** A location and an assembly of the organization, made as the console makes them. */
export async function newAssembly(
  call: ReturnType<typeof staffClient>,
  organizationId: number,
  type: string,
  location?: { id: number },
) {
  let at = location;
  if (!at) {
    const created = await call('POST', '/api/admin/locations', {
      organizationId,
      accountNumber: `A-${unique()}`,
      address1: `${unique()} Elm Street`,
      city: 'Springfield',
    });
    expect(created.statusCode, created.body).toBe(201);
    at = created.json() as { id: number };
  }
  const assembly = await call('POST', '/api/admin/assemblies', {
    locationId: at.id,
    assemblyId: `BF-${unique()}`,
    serial: `S-${unique()}`,
    type,
    make: 'Watts',
    model: '007',
    sizeInches: '1',
    hazard: 'high',
    service: 'domestic',
    installedOn: '2019-05-01',
  });
  expect(assembly.statusCode, assembly.body).toBe(201);
  return {
    ...(assembly.json() as { id: number; assemblyId: string; serial: string }),
    location: at,
  };
}

/** A tester approved by the organization, their record standing for two months, signed in. */
export interface SignedInTester {
  email: string;
  userId: number;
  cookie: Record<string, string>;
  registrationId: number;
  certificationId: number;
  kitId: number;
}

export async function approvedTester(
  t: TestApp,
  review: ReturnType<typeof reviewCalls>,
  organization: OrganizationFixture,
): Promise<SignedInTester> {
  const { sql, signIn } = accountCalls(() => t);
  const registered = await registerTester(t, [organization]);
  const registration = await t.app.orm.em
    .fork()
    .findOneOrFail(Registration, { user: { email: registered.email } }, { populate: ['user'] });
  await approve(review, registration.id);
  await backdateRecord(t, registration.id);
  const [ids] = await sql<{ certification_id: number; kit_id: number }>(
    `select (select id from certifications where registration_id = r.id) as certification_id,
            (select k.id from test_kits k where k.submission_id = r.submission_id limit 1) as kit_id
       from registrations r where r.id = ?`,
    [registration.id],
  );
  return {
    email: registered.email,
    userId: registration.user.id,
    cookie: await signIn(registered.email),
    registrationId: registration.id,
    certificationId: ids?.certification_id ?? 0,
    kitId: ids?.kit_id ?? 0,
  };
}

export { DC_PASSING, RP_FAILING_CHECK_1 } from '../../helpers/field-fixtures.js';

/** A report of a test made today by the tester, each with its own key. */
export const reportFor = (
  tester: SignedInTester,
  assembly: { id: number },
  changes: object = {},
) => ({ ...cleanDcReport(tester, assembly.id, todayInProgramZone()), ...changes });
