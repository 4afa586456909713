import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrganization } from '../../../api/src/db/entities/index.js';
import { winAnsi } from '../../../api/src/modules/test-reports/pdf-layout.js';
import { addFieldCatalogue, translateField } from '../../../shared/i18n/field.js';
import { FIELD_ES } from '../../../shared/i18n/field-es.js';
import { formatDay, type TLanguage } from '../../../shared/i18n/languages.js';
import { addDays, todayInProgramZone } from '../../../shared/program-zone.js';
import { readingsSchema } from '../../../shared/test-readings.js';
import {
  evaluateReadings,
  READING_OUTCOME_KEYS,
  READING_RULE_KEYS,
} from '../../../shared/test-readings-result.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { makeOrganization } from '../../helpers/fixtures.js';
import { signIn, signInOrganizationPerson, staffClient } from '../staff/helpers.js';
import {
  cleanTest,
  failedRepair,
  fileReport,
  type PlacedAssembly,
  pdfText,
  placedAssembly,
  RP_FAILING,
  type SignedInTester,
  signedInTester,
} from './report-fixtures.js';

// A test report's PDF (issue 39), read back as text: the location, the assembly, the kind of
// test, each reading and each rule's result in words, the result, the repairs, the tester with
// the certification and the kit with its calibration, in the reader's language; only for the
// person who tested or filed it, and for the people of its own organization.

let t: TestApp;
let springfield: TOrganization;
let shelbyville: TOrganization;
let tester: SignedInTester;
let assembly: PlacedAssembly;
let reportId: number;
const today = todayInProgramZone();

const pdfOf = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

async function readPdf(url: string, headers: Record<string, string>) {
  const answer = await pdfOf(url, headers);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers['content-disposition']).toMatch(
    /^inline; filename="test-report-\d+\.pdf"$/,
  );
  expect(answer.headers['cache-control']).toBe('private, no-store');
  expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(answer.rawPayload);
}

/** Each rule of the failing RP's readings, in its sentence and with its outcome's word. */
function ruleSentences(language: TLanguage) {
  const readings = readingsSchema('RP').parse(RP_FAILING);
  return evaluateReadings('RP', readings).checks.map((check) => ({
    outcome: translateField(language, READING_OUTCOME_KEYS[check.outcome]),
    sentence: translateField(language, READING_RULE_KEYS[check.rule], check.params),
  }));
}

beforeAll(async () => {
  addFieldCatalogue('es', FIELD_ES);
  t = await createTestApp();
  const em = t.app.orm.em.fork();
  springfield = await makeOrganization(em, { name: `Springfield Water ${Date.now()}` });
  shelbyville = await makeOrganization(em);
  tester = await signedInTester(t, springfield);
  assembly = await placedAssembly(t, springfield.id);
  reportId = (await fileReport(t, tester, failedRepair(tester, assembly))).id;
});
afterAll(() => t.close());

describe("a test report's PDF", () => {
  it('prints a failed RP repair as utilities know it, on one page, for the tester who filed it', async () => {
    const { text, pages } = await readPdf(
      `/api/account/test-reports/${reportId}/pdf`,
      tester.cookie,
    );
    expect(pages).toBe(1);
    for (const expected of [
      springfield.name,
      'Backflow Prevention Assembly Test Report',
      `Report ${reportId}`,
      // The location and the assembly.
      assembly.accountNumber,
      'Corner Bakery',
      assembly.address,
      assembly.assemblyId,
      'Reduced pressure principle (RP)',
      'Watts',
      '009',
      '0.75 in.',
      'X1234',
      'High',
      'Basement, north wall',
      // The test.
      'Repair and retest',
      formatDay('en', today),
      '68 psi',
      'FAIL',
      // Each reading, by valve.
      'Check valve 1 held at (psid) 4.9 psid',
      'Did check valve 1 close tight? Tight',
      'Relief valve opened at (psid) 2.5 psid',
      'Check valve 2 held at (psid) 1.6 psid',
      'Was check valve 2 tight against backpressure? Tight',
      'Was shut-off valve 1 tight? Tight',
      'Was shut-off valve 2 tight? Leaked',
      // The rules broken, in words.
      'Breaks the rule Check valve 1 held at 4.9 psid; it must hold at least 5.0 psid.',
      'Breaks the rule Shut-off valve 2 must be tight.',
      'Meets the rule The relief valve opened at 2.5 psid; it must open at 2.0 psid or more.',
      // The repairs and remarks.
      'Check valve 1 Rubber disc Replaced',
      'Relief valve Diaphragm Cleaned',
      'Check valve 2 Spring Replaced',
      'the owner was told to replace it.',
      // The tester with the certification, the kit with its calibration.
      tester.name,
      tester.certificationNumber,
      'ABPA',
      formatDay('en', '2030-06-30'),
      tester.kitSerial,
      'TK-99',
      formatDay('en', addDays(today, -90)),
      formatDay('en', addDays(today, 275)),
      // The filing and the attestation.
      'Waiting for review',
      'I performed this test, and the readings on this report are true.',
      `Attested by ${tester.name} when the report was filed on ${formatDay('en', today)}.`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const { outcome, sentence } of ruleSentences('en')) {
      expect(text).toContain(`${outcome} ${sentence}`);
    }
  });

  it("prints a Spanish tester's report in Spanish, and in English when asked", async () => {
    const spanish = await signedInTester(t, springfield, {
      firstName: 'José',
      lastName: `Núñez${Date.now()}`,
      language: 'es',
    });
    const place = await placedAssembly(t, springfield.id, 'RP', 'Panadería Łódź');
    const filed = await fileReport(t, spanish, failedRepair(spanish, place));
    const url = `/api/account/test-reports/${filed.id}/pdf`;
    const { text } = await readPdf(url, spanish.cookie);
    for (const expected of [
      'Informe de prueba del dispositivo de prevención de reflujo',
      'Reparación y nueva prueba',
      'REPROBADA',
      formatDay('es', today),
      'Presión que mantuvo la válvula de retención 1 (psid) 4.9 psid',
      '¿La válvula de cierre 2 fue hermética? Tuvo fuga',
      'No cumple la regla La válvula de retención 1 mantuvo 4.9 psid; debe mantener al menos 5.0 psid.',
      'Válvula de retención 1 Rubber disc Reemplazada',
      'En espera de revisión',
      spanish.name,
      // A letter the standard fonts lack, as its base letter.
      'Panadería Lódz',
      'Realicé esta prueba, y las lecturas de este informe son verdaderas.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const { outcome, sentence } of ruleSentences('es')) {
      expect(text).toContain(`${outcome} ${sentence}`);
    }
    const english = await readPdf(`${url}?lang=en`, spanish.cookie);
    expect(english.text).toContain('Repair and retest');
    expect(english.text).toContain('Panadería Lódz');
  });

  it('prints a clean report as accepted when filed, with no repairs or remarks', async () => {
    const place = await placedAssembly(t, springfield.id, 'DC');
    const filed = await fileReport(t, tester, cleanTest(tester, place));
    expect(filed.state).toBe('accepted');
    const { text, pages } = await readPdf(
      `/api/account/test-reports/${filed.id}/pdf`,
      tester.cookie,
    );
    expect(pages).toBe(1);
    for (const expected of [
      'PASS',
      'Double check (DC)',
      'Initial test',
      'Check valve 2 held at (psid) 1.8 psid',
      'Meets the rule Check valve 1 held at 2.4 psid; it must hold at least 1.0 psid.',
      'No remarks.',
      'Accepted when filed (a clean report)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Breaks the rule');
    expect(text).not.toContain('REPAIRS');
  });

  it('runs to a second page when the repairs run long', async () => {
    const place = await placedAssembly(t, springfield.id);
    const body = failedRepair(tester, place);
    const repairs = Array.from({ length: 40 }, (_, index) => ({
      valve: index % 2 ? 'check1' : 'check2',
      part: `Part number ${index + 1}, cleaned of scale and grit before it was put back`,
      action: index % 3 ? 'cleaned' : 'replaced',
    }));
    const filed = await fileReport(t, tester, { ...body, repairs, remarks: 'x '.repeat(900) });
    const { text, pages } = await readPdf(
      `/api/account/test-reports/${filed.id}/pdf`,
      tester.cookie,
    );
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Part number 40, cleaned of scale and grit');
    expect(text).toContain(`Report ${filed.id}, page 2`);
    expect(text).toContain('I performed this test, and the readings on this report are true.');
  });

  it('answers 404 to anyone who neither tested nor filed it, and 401 without a session', async () => {
    const other = await signedInTester(t, springfield);
    const url = `/api/account/test-reports/${reportId}/pdf`;
    const refused = await pdfOf(url, other.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Test report not found.');
    expect((await pdfOf('/api/account/test-reports/987654/pdf', other.cookie)).statusCode).toBe(
      404,
    );
    expect((await pdfOf(url, {})).statusCode).toBe(401);
  });
});

describe("a test report's PDF in the console", () => {
  it("is the provider's staff's, in English unless Spanish is asked for", async () => {
    const staff = { authorization: `Bearer ${(await signIn(t, 'viewer')).token}` };
    const url = `/api/admin/test-reports/${reportId}/pdf`;
    const english = await readPdf(url, staff);
    expect(english.text).toContain('Breaks the rule Check valve 1 held at 4.9 psid');
    expect(english.text).toContain(assembly.address);
    const spanish = await readPdf(`${url}?lang=es`, staff);
    expect(spanish.text).toContain('REPROBADA');
  });

  it("is its organization's people's, and another organization's answer 404 as if it did not exist", async () => {
    const own = await signInOrganizationPerson(t, [
      { organizationId: springfield.id, role: 'viewer' },
    ]);
    const url = `/api/admin/test-reports/${reportId}/pdf`;
    const read = await readPdf(url, { authorization: `Bearer ${own.token}` });
    expect(read.text).toContain(assembly.assemblyId);
    const other = await signInOrganizationPerson(t, [
      { organizationId: shelbyville.id, role: 'program_manager' },
    ]);
    const refused = await staffClient(t.app, other.token)('GET', url);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(assembly.assemblyId);
    expect((await pdfOf(url, {})).statusCode).toBe(401);
  });
});

describe('the PDF’s characters', () => {
  it('keeps what the standard fonts write and writes the rest as base letters', () => {
    expect(winAnsi('Peña, Müller & Søn — “ok” ¿sí? €5')).toBe('Peña, Müller & Søn — “ok” ¿sí? €5');
    expect(winAnsi('Łódź Świętokrzyska Nguyễn')).toBe('Lódz Swietokrzyska Nguyen');
    expect(winAnsi('水 ✓\ttab\r\nline')).toBe('? ? tab\nline');
  });
});
