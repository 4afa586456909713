import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { todayInProgramZone } from '../../../shared/program-zone.js';
import type { TestApp } from '../../helpers/app.js';
import {
  cleanDcReport,
  type FilingTester,
  makeFilingTester,
  RP_FAILING_CHECK_1,
} from '../../helpers/field-fixtures.js';
import { unique } from '../../helpers/fixtures.js';
import { accountCalls } from '../account/helpers.js';

// Reports filed through the tester's own call, for the tests that read them back (the PDF, the
// tester's list, the read API): a signed-in tester ready to file, an RP assembly at a location
// with its whole nameplate, and the bodies of a failed repair and of a clean test.

export interface SignedInTester extends FilingTester {
  name: string;
  cookie: Record<string, string>;
  kitSerial: string;
  certificationNumber: string;
}

/**
 * A tester of the organization signed in to My registrations, with the name given, registered
 * in `language`, their kit's calibration due in 275 days.
 */
export async function signedInTester(
  t: TestApp,
  organization: TOrganization,
  options: { firstName?: string; lastName?: string; language?: 'en' | 'es' } = {},
): Promise<SignedInTester> {
  const { sql, signIn } = accountCalls(() => t);
  const tester = await makeFilingTester(t.app.orm.em.fork(), organization);
  const firstName = options.firstName ?? 'Pat';
  const lastName = options.lastName ?? `Tester${unique()}`;
  await sql('update users set first_name = ?, last_name = ? where id = ?', [
    firstName,
    lastName,
    tester.userId,
  ]);
  await sql('update registrations set language = ? where id = ?', [
    options.language ?? 'en',
    tester.registrationId,
  ]);
  // A due date of the kit's calibration: its period is accepted again, today (the test's day).
  await sql('update test_kits set calibration_due_on = ?::date + 275 where id = ?', [
    todayInProgramZone(),
    tester.kitId,
  ]);
  const [facts] = await sql<{ serial: string; number: string }>(
    `select k.serial, c.number from test_kits k, certifications c where k.id = ? and c.id = ?`,
    [tester.kitId, tester.certificationId],
  );
  return {
    ...tester,
    name: `${firstName} ${lastName}`,
    cookie: await signIn(tester.email),
    kitSerial: facts?.serial ?? '',
    certificationNumber: facts?.number ?? '',
  };
}

export interface PlacedAssembly {
  id: number;
  assemblyId: string;
  accountNumber: string;
  address: string;
}

/** An active assembly of the type at a location of its own, its nameplate complete. */
export async function placedAssembly(
  t: TestApp,
  organizationId: number,
  type = 'RP',
  locationName = 'Corner Bakery',
): Promise<PlacedAssembly> {
  const { sql } = accountCalls(() => t);
  const accountNumber = `AC-${unique()}`;
  const street = `${100 + Math.floor(Math.random() * 800)} Alder Street`;
  const [location] = await sql<{ id: number }>(
    `insert into locations (organization_id, account_number, name, address1, city, state, zip)
     values (?, ?, ?, ?, 'Springfield', 'IL', '62701') returning id`,
    [organizationId, accountNumber, locationName, street],
  );
  const assemblyId = `BF-${unique()}`;
  const [assembly] = await sql<{ id: number }>(
    `insert into assemblies (organization_id, location_id, assembly_id, serial, type, make, model,
                             size_inches, hazard, service, placement, status, installed_on)
     values (?, ?, ?, 'X1234', ?, 'Watts', '009', 0.75, 'high', 'domestic', 'Basement, north wall',
             'active', '2019-05-01') returning id`,
    [organizationId, location?.id, assemblyId, type],
  );
  return {
    id: assembly?.id ?? 0,
    assemblyId,
    accountNumber,
    address: `${street}, Springfield, IL 62701`,
  };
}

/** An RP whose check valve 1 held at 4.9 psid: a failed test. */
/** A failed RP: check valve 1 under 5.0 psid, shut-off valve 2 leaking. */
export const RP_FAILING = { ...RP_FAILING_CHECK_1, shutoff2Tight: false };

/** A failed RP repaired and tested again, with remarks: it waits for review. */
export const failedRepair = (tester: FilingTester, assembly: { id: number }) => ({
  key: randomUUID(),
  assemblyId: assembly.id,
  testerId: tester.userId,
  certificationId: tester.certificationId,
  testKitId: tester.kitId,
  kind: 'repair',
  testDate: todayInProgramZone(),
  readings: RP_FAILING,
  repairs: [
    { valve: 'check1', part: 'Rubber disc', action: 'replaced' },
    { valve: 'reliefValve', part: 'Diaphragm', action: 'cleaned' },
    { valve: 'check2', part: 'Spring', action: 'replaced' },
  ],
  remarks: 'Check valve 1 still weak after the new disc; the owner was told to replace it.',
  linePressurePsi: 68,
  attestation: true,
});

/** A clean DC report: accepted at once. */
export const cleanTest = (tester: FilingTester, assembly: { id: number }) =>
  cleanDcReport(tester, assembly.id, todayInProgramZone());

/** Files a report as the tester; answers its id. */
export async function fileReport(t: TestApp, tester: SignedInTester, body: object) {
  const { post } = accountCalls(() => t);
  const filed = await post('/test-reports', body, tester.cookie);
  expect(filed.statusCode, filed.body).toBe(201);
  return filed.json().message as { id: number; state: string; result: string };
}

/** A PDF's text, its runs of white space as one space (lines wrap where the layout wraps them). */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const read = await parser.getText();
    return {
      text: read.text.replace(/-- \d+ of \d+ --/g, ' ').replace(/\s+/g, ' '),
      pages: read.total,
    };
  } finally {
    await parser.destroy();
  }
}
