import type { EntityManager } from '@mikro-orm/postgresql';
import type { TOrganization } from '../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../shared/program-zone.js';
import { makeCompany, makeRegistration, unique } from './fixtures.js';

// A tester ready to file test reports, written straight to the database (for the reliability
// suite and the bench, which run no review): enrolled and active with the organization for two
// months, a certification of an agency it accepts and a kit calibrated three months ago, both
// accepted two months ago (the triggers keep their periods; only their acceptance is moved back).

export interface FilingTester {
  userId: number;
  email: string;
  registrationId: number;
  certificationId: number;
  kitId: number;
}

export async function makeFilingTester(
  em: EntityManager,
  organization: TOrganization,
): Promise<FilingTester> {
  const company = await makeCompany(em);
  const email = `field-${unique()}@example.org`;
  const { user, registration } = await makeRegistration(em, {
    organization,
    company,
    email,
    enrolled: true,
    review: { state: 'approved', reviewedAt: new Date() },
    certifications: [
      { number: `C-${unique()}`, agencyName: 'ABPA', typeName: 'Tester', expiresOn: '2030-06-30' },
    ],
  });
  const execute = <T>(text: string, params: unknown[]) =>
    em.getConnection().execute<T[]>(text, params);
  const [agency] = await execute<{ id: number }>(
    `insert into certification_agencies (name) values (?) returning id`,
    [`Field Agency ${unique()}`],
  );
  await execute(
    'insert into organization_agencies (organization_id, agency_id) values (?, ?) on conflict do nothing',
    [organization.id, agency?.id],
  );
  const [certification] = await execute<{ id: number }>(
    `update certifications set agency_id = ?, review_decision = 'accepted'
      where registration_id = ? returning id`,
    [agency?.id, registration.id],
  );
  const [kit] = await execute<{ id: number }>(
    `insert into test_kits (company_id, organization_id, serial, manufacturer, model, calibrated_on,
                            review_decision)
     values (?, ?, ?, 'Watts', 'TK-99', ?::date - 90, 'accepted') returning id`,
    [company.id, organization.id, `TK-${unique()}`, todayInProgramZone()],
  );
  await execute(
    `update certification_periods set accepted_at = now() - interval '60 days'
      where certification_id = ?`,
    [certification?.id],
  );
  await execute(
    `update calibration_periods set accepted_at = now() - interval '60 days' where test_kit_id = ?`,
    [kit?.id],
  );
  await execute(
    `update registration_activity set at = now() - interval '60 days' where registration_id = ?`,
    [registration.id],
  );
  return {
    userId: user.id,
    email,
    registrationId: registration.id,
    certificationId: certification?.id ?? 0,
    kitId: kit?.id ?? 0,
  };
}

/** An active DC assembly at a location of its own; answers its id. */
export async function makeDcAssembly(em: EntityManager, organizationId: number): Promise<number> {
  const execute = <T>(text: string, params: unknown[]) =>
    em.getConnection().execute<T[]>(text, params);
  const [location] = await execute<{ id: number }>(
    `insert into locations (organization_id, account_number, address1, city)
     values (?, ?, '1 Elm Street', 'Springfield') returning id`,
    [organizationId, `A-${unique()}`],
  );
  const [assembly] = await execute<{ id: number }>(
    `insert into assemblies (organization_id, location_id, assembly_id, type, hazard, service,
                             status, installed_on)
     values (?, ?, ?, 'DC', 'high', 'domestic', 'active', '2019-05-01') returning id`,
    [organizationId, location?.id, `BF-${unique()}`],
  );
  return assembly?.id ?? 0;
}

/** A DC's readings that pass every rule. */
export const DC_PASSING = {
  check1HeldPsid: '2.4',
  check1ClosedTight: true,
  check2HeldPsid: '1.8',
  check2ClosedTight: true,
  shutoff2Tight: true,
};

/** An RP's readings whose check valve 1 holds 4.9 psid, under the procedures' 5.0. */
export const RP_FAILING_CHECK_1 = {
  check1HeldPsid: '4.9',
  check1ClosedTight: true,
  reliefOpenedPsid: '2.5',
  check2HeldPsid: '1.6',
  check2ClosedTight: true,
  check2BackpressureTight: true,
  shutoff1Tight: true,
  shutoff2Tight: true,
};

/** A clean DC report's body for the tester (a new key each call): accepted at once. */
export const cleanDcReport = (
  tester: Pick<FilingTester, 'userId' | 'certificationId' | 'kitId'>,
  assemblyId: number,
  testDate: string,
) => ({
  key: crypto.randomUUID(),
  assemblyId,
  testerId: tester.userId,
  certificationId: tester.certificationId,
  testKitId: tester.kitId,
  kind: 'initial',
  testDate,
  readings: DC_PASSING,
  linePressurePsi: 62,
  attestation: true,
});
