import { describe, expect, it } from 'vitest';
import type { TAssemblyType } from './assemblies.js';
import { addFieldCatalogue, translateField } from './i18n/field.js';
import { FIELD_ES } from './i18n/field-es.js';
import {
  DEFAULT_TEST_THRESHOLDS,
  evaluateReadings,
  formatInches,
  formatTenths,
  NOT_OPENED,
  parseInches,
  parseTenths,
  READING_RULE_KEYS,
  readingsSchema,
  readReading,
  TEST_THRESHOLD_MESSAGES,
  type TReadingsOf,
  ZReadings,
  ZTestThresholds,
} from './test-readings.js';

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

describe('psid and inches as testers type them', () => {
  it('reads psid with one decimal as whole tenths', () => {
    expect(parseTenths('4.9')).toEqual({ ok: true, value: 49 });
    for (const text of ['5', '5.0', ' 5.0 ', '5.', '05.00']) {
      expect(parseTenths(text), text).toEqual({ ok: true, value: 50 });
    }
    expect(parseTenths('.5')).toEqual({ ok: true, value: 5 });
    expect(parseTenths('0')).toEqual({ ok: true, value: 0 });
    expect(parseTenths('99.9')).toEqual({ ok: true, value: 999 });
    expect(parseTenths(4.9)).toEqual({ ok: true, value: 49 });
  });

  it('refuses psid with two decimals, below zero, past 99.9, or no number at all, saying which', () => {
    expect(parseTenths('5.05')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseTenths('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseTenths('100.0')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseTenths('9'.repeat(400))).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseTenths('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseTenths('   ')).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['abc', '.', '-', '4,9', '1e3', '5 psid', 'Infinity']) {
      expect(parseTenths(text), text).toEqual({ ok: false, problem: 'notANumber' });
    }
  });

  it('adds tenths exactly where binary floats do not: 4.8 + 0.1 is 4.9 and 4.9 + 0.1 is 5.0', () => {
    expect(4.8 + 0.1).not.toBe(4.9);
    expect(tenths('4.8') + tenths('0.1')).toBe(tenths('4.9'));
    expect(tenths('4.9') + tenths('0.1')).toBe(tenths('5.0'));
    expect(ruleOf('RP', { check1HeldPsid: tenths('4.9') + tenths('0.1') }, 'check1Min')).toEqual({
      rule: 'check1Min',
      outcome: 'pass',
      params: { reading: '5.0', minimum: '5.0' },
    });
    // A float sum sent as a number is refused, never rounded into a pass or a fail.
    expect(parseTenths(4.8 + 0.1)).toEqual({ ok: false, problem: 'tooManyDecimals' });
  });

  it('writes tenths as psid, one decimal always', () => {
    expect([49, 50, 0, 999, -5].map(formatTenths)).toEqual(['4.9', '5.0', '0.0', '99.9', '-0.5']);
  });

  it('reads inches with two decimals or fractions that come to whole hundredths', () => {
    expect(parseInches('0.75')).toEqual({ ok: true, value: 75 });
    expect(parseInches('3/4')).toEqual({ ok: true, value: 75 });
    expect(parseInches('1 1/2')).toEqual({ ok: true, value: 150 });
    expect(parseInches('1-1/2 in')).toEqual({ ok: true, value: 150 });
    expect(parseInches('2"')).toEqual({ ok: true, value: 200 });
    expect(parseInches(1.25)).toEqual({ ok: true, value: 125 });
    expect(parseInches('3/8')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseInches('0.755')).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseInches('1/0')).toEqual({ ok: false, problem: 'notANumber' });
    expect(parseInches('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseInches('1000')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseInches('')).toEqual({ ok: false, problem: 'empty' });
    expect([100, 150, 75, 5, 0].map(formatInches)).toEqual(['1', '1.5', '0.75', '0.05', '0']);
  });
});

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

  it('keep the default where the field is blank', () => {
    const overrides = ZTestThresholds.parse({ dcCheckMin: '', vbCheckMin: null, rpCheck2Min: 2 });
    expect(overrides).toEqual({ rpCheck2Min: 20 });
    expect({ ...DEFAULT_TEST_THRESHOLDS, ...overrides }).toEqual({
      ...DEFAULT_TEST_THRESHOLDS,
      rpCheck2Min: 20,
    });
    expect(ZTestThresholds.parse({})).toEqual({});
  });

  it('may ask for more than the field test procedures, never less, and within bounds', () => {
    const messages = (input: object) =>
      ZTestThresholds.safeParse(input).error?.issues.map(({ path, message }) => [path[0], message]);
    expect(messages({ rpCheck1Min: '4.9', agGapMin: '0.99' })).toEqual([
      [
        'rpCheck1Min',
        'The field test procedures require at least 5.0 psid; a program may ask for more, never less.',
      ],
      [
        'agGapMin',
        'The field test procedures require at least 1 in.; a program may ask for more, never less.',
      ],
    ]);
    expect(messages({ rpReliefMin: '10.1', agDiameterMultiple: '5' })).toEqual([
      ['rpReliefMin', 'Please enter 10.0 psid or less.'],
      ['agDiameterMultiple', 'Please enter 4 times or less.'],
    ]);
    expect(messages({ dcCheckMin: '1.05', agDiameterMultiple: '2.5', agGapMin: 'one' })).toEqual([
      ['dcCheckMin', TEST_THRESHOLD_MESSAGES.psidInvalid],
      ['agDiameterMultiple', TEST_THRESHOLD_MESSAGES.multipleInvalid],
      ['agGapMin', TEST_THRESHOLD_MESSAGES.inchesInvalid],
    ]);
    expect(messages({ rpReliefMin: '2.0', strictness: 'lax' })?.map(([path]) => path)).toEqual([
      undefined,
    ]);
  });
});
