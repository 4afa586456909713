import { describe, expect, it } from 'vitest';
import type { TAssemblyType } from './assemblies.js';
import { addFieldCatalogue, translateField } from './i18n/field.js';
import { FIELD_ES } from './i18n/field-es.js';
import { NOT_OPENED, type TReadingsOf } from './test-readings.js';
import { evaluateReadings, READING_RULE_KEYS } from './test-readings-result.js';
import { DEFAULT_TEST_THRESHOLDS, ZTestThresholds } from './test-readings-thresholds.js';
import { parseTenths } from './test-readings-units.js';

addFieldCatalogue('es', FIELD_ES);

const tenths = (text: string) => {
  const parsed = parseTenths(text);
  if (!parsed.ok) throw new Error(`${text} is no psid reading`);
  return parsed.value;
};

/** A complete passing set for each type, as the schema gives it back. */
const PASSING = {
  RP: {
    check1HeldPsid: 55,
    check1ClosedTight: true,
    reliefOpenedPsid: 25,
    check2HeldPsid: 15,
    check2ClosedTight: true,
    check2BackpressureTight: true,
    shutoff1Tight: true,
    shutoff2Tight: true,
  },
  DC: {
    check1HeldPsid: 15,
    check1ClosedTight: true,
    check2HeldPsid: 12,
    check2ClosedTight: true,
    shutoff2Tight: true,
  },
  PVB: { airInletOpenedPsid: 15, airInletFullyOpen: true, checkHeldPsid: 12 },
  AG: { supplyDiameterInches: 75, airGapInches: 200 },
} satisfies { [T in 'RP' | 'DC' | 'PVB' | 'AG']: TReadingsOf<T> };

const ruleOf = (type: TAssemblyType, readings: object, rule: string) =>
  evaluateReadings(type, readings).checks.find((check) => check.rule === rule);

describe('each threshold of the field test procedures', () => {
  it.each([
    ['RP', 'reliefOpenedPsid', 'reliefMin', '2.0', '1.9'],
    ['RP', 'check1HeldPsid', 'check1Min', '5.0', '4.9'],
    ['RP', 'check2HeldPsid', 'check2Min', '1.0', '0.9'],
    ['RPDA', 'check1HeldPsid', 'check1Min', '5.0', '4.9'],
    ['DC', 'check1HeldPsid', 'check1Min', '1.0', '0.9'],
    ['DC', 'check2HeldPsid', 'check2Min', '1.0', '0.9'],
    ['DCDA', 'check2HeldPsid', 'check2Min', '1.0', '0.9'],
    ['PVB', 'airInletOpenedPsid', 'airInletMin', '1.0', '0.9'],
    ['PVB', 'checkHeldPsid', 'checkMin', '1.0', '0.9'],
    ['SVB', 'airInletOpenedPsid', 'airInletMin', '1.0', '0.9'],
    ['SVB', 'checkHeldPsid', 'checkMin', '1.0', '0.9'],
  ] as const)(
    '%s: %s passes %s at %s psid and fails it at %s',
    (type, field, rule, limit, under) => {
      expect(ruleOf(type, { [field]: tenths(limit) }, rule)).toEqual({
        rule,
        outcome: 'pass',
        params: { reading: limit, minimum: limit },
      });
      expect(ruleOf(type, { [field]: tenths(under) }, rule)).toEqual({
        rule,
        outcome: 'fail',
        params: { reading: under, minimum: limit },
      });
      expect(evaluateReadings(type, { [field]: tenths(under) }).result).toBe('fail');
    },
  );

  it('passes check valve 1 exactly 3.0 psid above the relief valve opening and fails it at 2.9', () => {
    expect(ruleOf('RP', { check1HeldPsid: 55, reliefOpenedPsid: 25 }, 'check1AboveRelief')).toEqual(
      {
        rule: 'check1AboveRelief',
        outcome: 'pass',
        params: { reading: '5.5', relief: '2.5', difference: '3.0', minimum: '3.0' },
      },
    );
    const under = evaluateReadings('RP', { ...PASSING.RP, check1HeldPsid: 54 });
    expect(under.result).toBe('fail');
    expect(under.checks.filter((check) => check.outcome === 'fail')).toEqual([
      {
        rule: 'check1AboveRelief',
        outcome: 'fail',
        params: { reading: '5.4', relief: '2.5', difference: '2.9', minimum: '3.0' },
      },
    ]);
  });

  it('fails a relief valve that did not open, and leaves check valve 1 unmeasured against it', () => {
    const evaluation = evaluateReadings('RP', { ...PASSING.RP, reliefOpenedPsid: NOT_OPENED });
    expect(evaluation.result).toBe('fail');
    expect(evaluation.checks.filter((check) => check.outcome === 'fail')).toEqual([
      { rule: 'reliefOpens', outcome: 'fail', params: { minimum: '2.0' } },
    ]);
    expect(evaluation.checks.map((check) => check.rule)).not.toContain('check1AboveRelief');
  });

  it('fails an air inlet that did not open, or did not open fully', () => {
    const notOpened = evaluateReadings('PVB', { ...PASSING.PVB, airInletOpenedPsid: NOT_OPENED });
    expect(notOpened.result).toBe('fail');
    expect(notOpened.checks.map(({ rule, outcome }) => [rule, outcome])).toEqual([
      ['airInletOpens', 'fail'],
      ['checkMin', 'pass'],
    ]);
    expect(
      ruleOf('SVB', { ...PASSING.PVB, airInletFullyOpen: false }, 'airInletFullyOpen'),
    ).toEqual({ rule: 'airInletFullyOpen', outcome: 'fail', params: {} });
  });

  it.each([
    ['RP', 'check1ClosedTight', 'check1Tight'],
    ['RP', 'check2ClosedTight', 'check2Tight'],
    ['RP', 'check2BackpressureTight', 'check2Backpressure'],
    ['RP', 'shutoff1Tight', 'shutoff1Tight'],
    ['RP', 'shutoff2Tight', 'shutoff2Tight'],
    ['DC', 'check1ClosedTight', 'check1Tight'],
    ['DC', 'check2ClosedTight', 'check2Tight'],
    ['DC', 'shutoff2Tight', 'shutoff2Tight'],
  ] as const)('%s: %s answered "no" fails %s alone', (type, field, rule) => {
    const evaluation = evaluateReadings(type, { ...PASSING[type], [field]: false });
    expect(evaluation.result).toBe('fail');
    expect(evaluation.checks.filter((check) => check.outcome === 'fail')).toEqual([
      { rule, outcome: 'fail', params: {} },
    ]);
  });

  it("passes an air gap of exactly twice the supply pipe's diameter and fails it 0.01 in. under", () => {
    expect(
      ruleOf('AG', { supplyDiameterInches: 150, airGapInches: 300 }, 'airGapDiameter'),
    ).toEqual({
      rule: 'airGapDiameter',
      outcome: 'pass',
      params: { reading: '3', multiple: '2', diameter: '1.5', minimum: '3' },
    });
    const under = evaluateReadings('AG', { supplyDiameterInches: 150, airGapInches: 299 });
    expect(under.result).toBe('fail');
    expect(under.checks.filter((check) => check.outcome === 'fail').map((c) => c.rule)).toEqual([
      'airGapDiameter',
    ]);
  });

  it('passes an air gap of exactly 1 inch over a tiny pipe and fails it at 0.99 in.', () => {
    const tiny = { supplyDiameterInches: 25 };
    expect(evaluateReadings('AG', { ...tiny, airGapInches: 100 }).result).toBe('pass');
    const under = evaluateReadings('AG', { ...tiny, airGapInches: 99 });
    expect(under.result).toBe('fail');
    expect(under.checks.map(({ rule, outcome }) => [rule, outcome])).toEqual([
      ['airGapMin', 'fail'],
      ['airGapDiameter', 'pass'],
    ]);
  });
});

describe("a test's result", () => {
  it('passes check valve 1 at 4.9 + 0.1 psid, added in tenths', () => {
    expect(ruleOf('RP', { check1HeldPsid: tenths('4.9') + tenths('0.1') }, 'check1Min')).toEqual({
      rule: 'check1Min',
      outcome: 'pass',
      params: { reading: '5.0', minimum: '5.0' },
    });
  });

  it.each([
    ['RP', PASSING.RP],
    ['RPDA', PASSING.RP],
    ['DC', PASSING.DC],
    ['DCDA', PASSING.DC],
    ['PVB', PASSING.PVB],
    ['SVB', PASSING.PVB],
    ['AG', PASSING.AG],
  ] as const)('passes a complete %s test whose readings all meet their rules', (type, readings) => {
    const evaluation = evaluateReadings(type, readings);
    expect(evaluation.result).toBe('pass');
    expect(evaluation.checks.every((check) => check.outcome === 'pass')).toBe(true);
  });

  it('fails a partial RP test as soon as check valve 1 alone reads under its minimum', () => {
    expect(evaluateReadings('RP', { check1HeldPsid: 49 }).result).toBe('fail');
  });

  it('is incomplete while the readings taken pass and others are missing', () => {
    const evaluation = evaluateReadings('RP', { check1HeldPsid: 60, check1ClosedTight: true });
    expect(evaluation.result).toBe('incomplete');
    expect(evaluation.checks.find((check) => check.rule === 'reliefMin')).toEqual({
      rule: 'reliefMin',
      outcome: 'missing',
      params: { minimum: '2.0' },
    });
    expect(evaluateReadings('AG', {}).result).toBe('incomplete');
  });

  it("words every check's rule in English and Spanish with each of its values filled", () => {
    const decided = [
      evaluateReadings('RP', { ...PASSING.RP, check1HeldPsid: 40, reliefOpenedPsid: 19 }),
      evaluateReadings('RP', { reliefOpenedPsid: NOT_OPENED }),
      evaluateReadings('DC', { ...PASSING.DC, check1HeldPsid: 0 }),
      evaluateReadings('PVB', { ...PASSING.PVB, airInletFullyOpen: false }),
      evaluateReadings('PVB', { airInletOpenedPsid: NOT_OPENED }),
      evaluateReadings('AG', { supplyDiameterInches: 200, airGapInches: 50 }),
    ].flatMap((evaluation) => evaluation.checks.filter((check) => check.outcome !== 'missing'));
    expect(new Set(decided.map((check) => check.rule))).toEqual(
      new Set(Object.keys(READING_RULE_KEYS)),
    );
    for (const { rule, params } of decided) {
      for (const language of ['en', 'es'] as const) {
        expect(translateField(language, READING_RULE_KEYS[rule], params), rule).not.toMatch(/[{}]/);
      }
    }
    expect(
      translateField('en', READING_RULE_KEYS.airGapDiameter, {
        reading: '0.5',
        multiple: '2',
        diameter: '2',
        minimum: '4',
      }),
    ).toBe(
      "The air gap measures 0.5 in.; it must be at least 2 times the supply pipe's diameter of 2 in., that is 4 in.",
    );
  });
});

describe("an organization's thresholds", () => {
  it('override the defaults, and a reading that met a default can fail them', () => {
    const overrides = ZTestThresholds.parse({ rpCheck1Min: '6.0', agDiameterMultiple: 3 });
    expect(overrides).toEqual({ rpCheck1Min: 60, agDiameterMultiple: 3 });
    const thresholds = { ...DEFAULT_TEST_THRESHOLDS, ...overrides };
    const rp = evaluateReadings('RP', PASSING.RP, thresholds);
    expect(rp.result).toBe('fail');
    expect(rp.checks.find((check) => check.rule === 'check1Min')).toEqual({
      rule: 'check1Min',
      outcome: 'fail',
      params: { reading: '5.5', minimum: '6.0' },
    });
    expect(evaluateReadings('RP', { ...PASSING.RP, check1HeldPsid: 60 }, thresholds).result).toBe(
      'pass',
    );
    expect(
      evaluateReadings('AG', { supplyDiameterInches: 75, airGapInches: 225 }, thresholds),
    ).toMatchObject({ result: 'pass' });
    expect(evaluateReadings('AG', PASSING.AG, thresholds).result).toBe('fail');
  });
});
