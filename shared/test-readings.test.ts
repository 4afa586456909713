import { describe, expect, it } from 'vitest';
import { ASSEMBLY_TYPES, type TAssemblyType } from './assemblies.js';
import { addFieldCatalogue, translateField } from './i18n/field.js';
import { FIELD_ES } from './i18n/field-es.js';
import {
  isValveOf,
  NOT_OPENED,
  READING_FORMS,
  READING_VALVE_KEYS,
  readingsSchema,
  readReading,
  repairValveProblems,
  type TReadingValve,
  valvesOf,
  ZReadings,
} from './test-readings.js';

addFieldCatalogue('es', FIELD_ES);

describe('what the form and the server accept', () => {
  it('reads each field by its kind and takes a blank field for a reading not taken yet', () => {
    expect(readReading('check1HeldPsid', ' 4.9 ')).toEqual({ ok: true, value: 49 });
    expect(readReading('reliefOpenedPsid', NOT_OPENED)).toEqual({ ok: true, value: 'notOpened' });
    expect(readReading('check1ClosedTight', 'Yes')).toEqual({ ok: true, value: true });
    expect(readReading('shutoff2Tight', false)).toEqual({ ok: true, value: false });
    expect(readReading('airGapInches', '1 1/2')).toEqual({ ok: true, value: 150 });
    for (const blank of ['', '  ', null, undefined]) {
      expect(readReading('checkHeldPsid', blank)).toEqual({ ok: true, value: undefined });
    }
  });

  it("names a refused value's catalogue key with its values, and words it in English for the server", () => {
    expect(readReading('check2HeldPsid', '100')).toEqual({
      ok: false,
      problem: {
        key: 'testReadings.problems.psid.tooLarge',
        params: { maximum: '99.9' },
        message: 'Please enter a reading of at most 99.9 psid.',
      },
    });
    expect(readReading('airInletFullyOpen', 'maybe')).toMatchObject({
      ok: false,
      problem: { key: 'testReadings.problems.answer' },
    });
    expect(readReading('supplyDiameterInches', '0')).toMatchObject({
      ok: false,
      problem: { key: 'testReadings.problems.inches.zero' },
    });
    expect(readReading('airGapInches', '0')).toEqual({ ok: true, value: 0 });
    expect(readReading('reliefOpenedPsid', true)).toMatchObject({
      ok: false,
      problem: { key: 'testReadings.problems.psid.notANumber' },
    });
  });

  it("parses a type's readings from the form's text into integers, partial ones too", () => {
    expect(
      readingsSchema('RPDA').parse({
        check1HeldPsid: '5.0',
        check1ClosedTight: 'yes',
        reliefOpenedPsid: NOT_OPENED,
        check2HeldPsid: '',
      }),
    ).toEqual({ check1HeldPsid: 50, check1ClosedTight: true, reliefOpenedPsid: 'notOpened' });
    expect(readingsSchema('AG').parse({ supplyDiameterInches: '3/4', airGapInches: 1.5 })).toEqual({
      supplyDiameterInches: 75,
      airGapInches: 150,
    });
  });

  it('refuses a result sent with the readings: the result is only ever computed', () => {
    const parsed = readingsSchema('RP').safeParse({ check1HeldPsid: '4.9', result: 'pass' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
  });

  it("refuses another type's readings and a value it cannot read, with the field's message", () => {
    const parsed = ZReadings.safeParse({ type: 'DC', check1HeldPsid: '5.05', airGapInches: '1' });
    expect(parsed.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['check1HeldPsid'],
        message: 'Please enter the reading with at most one decimal, such as 4.9.',
      },
      { path: [], message: 'Unrecognized key: "airGapInches"' },
    ]);
    expect(ZReadings.safeParse({ type: 'SVB', checkHeldPsid: 10 }).data).toEqual({
      type: 'SVB',
      checkHeldPsid: 100,
    });
    expect(ZReadings.safeParse({ type: 'hose bibb' }).error?.issues[0]?.message).toBe(
      'Please choose a type: RP, RPDA, DC, DCDA, PVB, SVB or AG.',
    );
  });
});

describe('the valves a repair names', () => {
  const EACH_TYPE: [TAssemblyType, TReadingValve[]][] = [
    ['RP', ['check1', 'reliefValve', 'check2', 'shutoffs']],
    ['RPDA', ['check1', 'reliefValve', 'check2', 'shutoffs']],
    ['DC', ['check1', 'check2', 'shutoffs']],
    ['DCDA', ['check1', 'check2', 'shutoffs']],
    ['PVB', ['airInlet', 'check']],
    ['SVB', ['airInlet', 'check']],
    ['AG', ['airGap']],
  ];
  const EVERY_VALVE = Object.keys(READING_VALVE_KEYS) as TReadingValve[];

  it('covers every assembly type', () => {
    expect(EACH_TYPE.map(([type]) => type)).toEqual([...ASSEMBLY_TYPES]);
  });

  it.each(EACH_TYPE)('%s: takes its own valves, in the form’s order, and no other', (type, own) => {
    expect(valvesOf(type)).toEqual(own);
    for (const valve of own) {
      expect(isValveOf(type, valve), valve).toBe(true);
      expect(repairValveProblems(type, [{ valve }]), valve).toEqual({});
    }
    for (const valve of EVERY_VALVE.filter((other) => !own.includes(other))) {
      expect(isValveOf(type, valve), valve).toBe(false);
      expect(Object.keys(repairValveProblems(type, [{ valve }])), valve).toEqual([
        'repairs.0.valve',
      ]);
    }
  });

  it('offers on the form exactly the valves a repair may name', () => {
    for (const [type] of EACH_TYPE) {
      const sections = Object.values(READING_FORMS).find((form) =>
        form.every((section, index) => section.valve === valvesOf(type)[index]),
      );
      expect(
        sections?.map((section) => section.valve),
        type,
      ).toEqual(valvesOf(type));
    }
  });

  it('refuses a relief valve on a double check, by its place in the list, in English and Spanish', () => {
    const problems = repairValveProblems('DC', [
      { valve: 'check1' },
      { valve: 'reliefValve' },
      { valve: 'check2' },
      { valve: 'relief valve' },
    ]);
    expect(problems).toEqual({
      'repairs.1.valve': {
        key: 'testReports.errors.repairValveInvalid',
        params: { type: 'DC' },
        message: "Please choose one of this assembly's valves: a DC has no such valve.",
      },
      'repairs.3.valve': problems['repairs.1.valve'],
    });
    expect(translateField('es', 'testReports.errors.repairValveInvalid', { type: 'DC' })).toBe(
      'Elija una de las válvulas de este dispositivo: un DC no tiene esa válvula.',
    );
  });

  it('takes a valve only as the form names it, and leaves a blank one to the filing schema', () => {
    for (const valve of ['Check1', ' check1', 'check 1', 'airgap', 'toString', 'constructor']) {
      expect(isValveOf('RP', valve), valve).toBe(false);
    }
    expect(isValveOf('AG', 'airGap')).toBe(true);
    expect(repairValveProblems('RP', [{ valve: '' }, { valve: '  ' }])).toEqual({});
    expect(repairValveProblems('PVB', [])).toEqual({});
  });
});
