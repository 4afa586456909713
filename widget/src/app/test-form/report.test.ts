import { describe, expect, it } from 'vitest';
import { addDays, todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { DEFAULT_TEST_REPORT_SETTINGS } from '../../../../shared/test-report-settings.js';
import { ZTestReportFiling } from '../../../../shared/test-reports.js';
import { newDraft, type TDraft } from './draft.js';
import type { TFoundAssembly } from './field-store.js';
import { choicesOf, filingBody, formErrors, readingsState } from './report.js';

// The test form's rules on what the phone keeps: what is chosen for the tester, what stops a
// report, and the body it files (the server's own schema takes it).

const today = todayInProgramZone();
const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString();
const period = (from: string | null, through: string | null) => ({
  from,
  through,
  acceptedAt: longAgo,
});

const certification = (id: number, through: string) => ({
  id,
  number: `C-${id}`,
  agency: 'ABPA',
  type: 'Tester',
  expiresOn: through,
  agencyAccepted: true,
  periods: [period(null, through)],
});

const kit = (id: number, from: string, through: string) => ({
  id,
  serial: `TK-${id}`,
  manufacturer: 'Watts',
  model: 'TK-99',
  calibratedOn: from,
  dueOn: through,
  periods: [period(from, through)],
});

function record(overrides: Partial<TFieldRecord['organizations'][number]> = {}): TFieldRecord {
  return {
    person: { id: 7, name: 'Pat Tester', userType: 'tester' },
    timeZone: 'America/New_York',
    keptAt: new Date().toISOString(),
    organizations: [
      {
        id: 1,
        name: 'Springfield Water',
        settings: DEFAULT_TEST_REPORT_SETTINGS,
        filer: 'tester',
        company: { id: 3, name: 'Acme Backflow' },
        testers: [
          {
            id: 7,
            name: 'Pat Tester',
            activity: [{ at: longAgo, active: true }],
            certifications: [certification(11, addDays(today, 400))],
            credentials: [],
          },
        ],
        kits: [kit(21, addDays(today, -90), addDays(today, 275))],
        ...overrides,
      },
    ],
  };
}

const rp: TFoundAssembly = {
  id: 500,
  organizationId: 1,
  locationId: 40,
  assemblyId: 'BF-100',
  serial: 'S-1',
  type: 'RP',
  status: 'active',
  installedOn: '2019-05-01',
  assemblyKey: 'bf-100',
  serialKey: 's-1',
  address: '1 Elm Street, Springfield',
};

const RP_FAILING_CHECK_1 = {
  check1HeldPsid: '4.9',
  check1ClosedTight: true,
  reliefOpenedPsid: '2.5',
  check2HeldPsid: '1.6',
  check2ClosedTight: true,
  check2BackpressureTight: true,
  shutoff1Tight: true,
  shutoff2Tight: true,
};

function stateOf(kept: TFieldRecord, changes: Partial<TDraft>) {
  const draft = { ...newDraft(), assemblyId: rp.id, attestation: true, ...changes };
  const choices = choicesOf(kept, draft);
  const readings = readingsState(rp.type, draft.readings, choices.organization);
  const body = filingBody('8f0b3c2e-6c1d-4a57-9b1e-2f6a0d5c7e41', draft, choices, readings);
  return {
    draft,
    choices,
    readings,
    body,
    errors: formErrors(draft, choices, rp, rp.type, readings, body),
  };
}

describe("the test form's rules", () => {
  it('chooses for the tester the organization, tester, certification and kit where only one fits', () => {
    const expired = certification(12, addDays(today, -1));
    const [pat] = record().organizations[0]?.testers ?? [];
    if (!pat) throw new Error('no tester');
    const { choices } = stateOf(
      record({
        testers: [{ ...pat, certifications: [expired, certification(11, addDays(today, 400))] }],
        kits: [
          kit(21, addDays(today, -90), addDays(today, 275)),
          kit(22, addDays(today, -500), addDays(today, -135)),
        ],
      }),
      {},
    );
    expect(choices.organization?.id).toBe(1);
    expect(choices.tester?.id).toBe(7);
    // Of two certifications, the one unexpired on the test date; of two kits, the calibrated one.
    expect(choices.certification?.id).toBe(11);
    expect(choices.kit?.id).toBe(21);
    expect(choices.calibration?.from).toBe(addDays(today, -90));
  });

  it('fails an RP whose check valve 1 held under 5.0 psid, and files it with the readings as typed', () => {
    const { readings, body, errors } = stateOf(record(), { readings: RP_FAILING_CHECK_1 });
    expect(readings.evaluation.result).toBe('fail');
    expect(errors).toEqual({});
    const parsed = ZTestReportFiling.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.readings).toEqual(RP_FAILING_CHECK_1);
    expect(parsed.data).toMatchObject({ testerId: 7, certificationId: 11, testKitId: 21 });
  });

  it('asks for every reading while none has failed, and names the shared rules in their words', () => {
    const { errors } = stateOf(record(), {
      readings: { check1HeldPsid: '5.5', check1ClosedTight: true },
      attestation: false,
      linePressure: '62.5',
    });
    expect(errors['readings.reliefOpenedPsid']).toEqual({
      key: 'testReadings.problems.psid.empty',
    });
    expect(errors['readings.shutoff2Tight']).toEqual({ key: 'testReadings.problems.answer' });
    expect(errors.attestation).toMatchObject({ key: 'testReports.errors.attestationRequired' });
    expect(errors.linePressure).toMatchObject({ key: 'testReports.errors.linePressureInvalid' });
  });

  it('refuses a reading with two decimals at its field', () => {
    const { errors } = stateOf(record(), {
      readings: { ...RP_FAILING_CHECK_1, check1HeldPsid: '4.95' },
    });
    expect(errors['readings.check1HeldPsid']).toEqual({
      key: 'testReadings.problems.psid.tooManyDecimals',
      params: { maximum: '99.9' },
    });
  });

  it('stops a report the record as of the test date does not allow, at the field to correct', () => {
    const { errors } = stateOf(
      record({ kits: [kit(21, addDays(today, -400), addDays(today, -35))] }),
      {
        readings: RP_FAILING_CHECK_1,
      },
    );
    expect(errors.kit).toMatchObject({ check: { check: 'calibrationExpired' } });
    const future = stateOf(record(), { readings: RP_FAILING_CHECK_1, testDate: addDays(today, 1) });
    expect(future.errors.testDate).toMatchObject({ check: { check: 'testDateFuture' } });
  });
});
