import type { TAssemblyType } from './assemblies.js';
import type { TFieldKey } from './i18n/field.js';
import {
  NOT_OPENED,
  READING_FAMILIES,
  type TFamilyReadings,
  type TReadingFamily,
  type TReadingsOf,
  type TReadingValue,
} from './test-readings.js';
import { DEFAULT_TEST_THRESHOLDS, type TTestThresholds } from './test-readings-thresholds.js';
import { formatInches, formatTenths } from './test-readings-units.js';

// A backflow test passes or fails on its readings alone: the test form computes the result as
// the tester types, and the server computes it again; no one chooses it. Each rule a reading is
// held to, against the organization's thresholds (test-readings-thresholds.ts), and the test's
// verdict over them.

export const READING_RESULT_KEYS = {
  pass: 'testReadings.results.pass',
  fail: 'testReadings.results.fail',
  incomplete: 'testReadings.results.incomplete',
} as const satisfies Record<TReadingsResult, TFieldKey>;

export const READING_OUTCOME_KEYS = {
  pass: 'testReadings.outcomes.pass',
  fail: 'testReadings.outcomes.fail',
  missing: 'testReadings.outcomes.missing',
} as const satisfies Record<TReadingOutcome, TFieldKey>;

/** Each rule's sentence; `params` of a check fill it (a missing reading's only the threshold). */
export const READING_RULE_KEYS = {
  check1Min: 'testReadings.rules.check1Min',
  check1AboveRelief: 'testReadings.rules.check1AboveRelief',
  check1Tight: 'testReadings.rules.check1Tight',
  reliefOpens: 'testReadings.rules.reliefOpens',
  reliefMin: 'testReadings.rules.reliefMin',
  check2Min: 'testReadings.rules.check2Min',
  check2Tight: 'testReadings.rules.check2Tight',
  check2Backpressure: 'testReadings.rules.check2Backpressure',
  shutoff1Tight: 'testReadings.rules.shutoff1Tight',
  shutoff2Tight: 'testReadings.rules.shutoff2Tight',
  airInletOpens: 'testReadings.rules.airInletOpens',
  airInletMin: 'testReadings.rules.airInletMin',
  airInletFullyOpen: 'testReadings.rules.airInletFullyOpen',
  checkMin: 'testReadings.rules.checkMin',
  airGapMin: 'testReadings.rules.airGapMin',
  airGapDiameter: 'testReadings.rules.airGapDiameter',
} as const satisfies Record<string, TFieldKey>;
export type TReadingRule = keyof typeof READING_RULE_KEYS;

export type TReadingOutcome = 'pass' | 'fail' | 'missing';
export type TReadingsResult = 'pass' | 'fail' | 'incomplete';
export interface TReadingCheck {
  rule: TReadingRule;
  outcome: TReadingOutcome;
  /** Formatted values for the rule's sentence: the reading and its threshold, and so on. */
  params: Record<string, string>;
}
export interface TReadingsEvaluation {
  result: TReadingsResult;
  checks: TReadingCheck[];
}

type TOpening = TReadingValue<'reliefOpenedPsid'> | undefined;

function atLeast(
  rule: TReadingRule,
  reading: number | undefined,
  minimum: number,
  format: (value: number) => string = formatTenths,
): TReadingCheck {
  const params = { minimum: format(minimum) };
  if (reading === undefined) return { rule, outcome: 'missing', params };
  const outcome = reading >= minimum ? 'pass' : 'fail';
  return { rule, outcome, params: { ...params, reading: format(reading) } };
}

const answered = (rule: TReadingRule, answer: boolean | undefined): TReadingCheck => ({
  rule,
  outcome: answer === undefined ? 'missing' : answer ? 'pass' : 'fail',
  params: {},
});

/** An opening psid held to its minimum, or the rule it breaks by not opening at all. */
function opens(
  notOpenedRule: TReadingRule,
  minimumRule: TReadingRule,
  reading: TOpening,
  minimum: number,
): TReadingCheck {
  if (reading !== NOT_OPENED) return atLeast(minimumRule, reading, minimum);
  return { rule: notOpenedRule, outcome: 'fail', params: { minimum: formatTenths(minimum) } };
}

function check1AboveRelief(
  check1: number | undefined,
  relief: TOpening,
  minimum: number,
): TReadingCheck {
  const rule = 'check1AboveRelief';
  const params = { minimum: formatTenths(minimum) };
  if (check1 === undefined || relief === undefined || relief === NOT_OPENED) {
    return { rule, outcome: 'missing', params };
  }
  const difference = check1 - relief;
  return {
    rule,
    outcome: difference >= minimum ? 'pass' : 'fail',
    params: {
      ...params,
      reading: formatTenths(check1),
      relief: formatTenths(relief),
      difference: formatTenths(difference),
    },
  };
}

function airGapDiameter(
  gap: number | undefined,
  diameter: number | undefined,
  multiple: number,
): TReadingCheck {
  const rule = 'airGapDiameter';
  if (gap === undefined || diameter === undefined) {
    return {
      rule,
      outcome: 'missing',
      params: { multiple: String(multiple) },
    };
  }
  const minimum = multiple * diameter;
  return {
    rule,
    outcome: gap >= minimum ? 'pass' : 'fail',
    params: {
      reading: formatInches(gap),
      multiple: String(multiple),
      diameter: formatInches(diameter),
      minimum: formatInches(minimum),
    },
  };
}

type TFamilyChecks = {
  [F in TReadingFamily]: (
    readings: TFamilyReadings[F],
    thresholds: TTestThresholds,
  ) => TReadingCheck[];
};

const FAMILY_CHECKS: TFamilyChecks = {
  reducedPressure: (readings, thresholds) => [
    atLeast('check1Min', readings.check1HeldPsid, thresholds.rpCheck1Min),
    // Check valve 1 cannot be measured against a relief valve that did not open.
    ...(readings.reliefOpenedPsid === NOT_OPENED
      ? []
      : [
          check1AboveRelief(
            readings.check1HeldPsid,
            readings.reliefOpenedPsid,
            thresholds.rpCheck1AboveRelief,
          ),
        ]),
    answered('check1Tight', readings.check1ClosedTight),
    opens('reliefOpens', 'reliefMin', readings.reliefOpenedPsid, thresholds.rpReliefMin),
    atLeast('check2Min', readings.check2HeldPsid, thresholds.rpCheck2Min),
    answered('check2Tight', readings.check2ClosedTight),
    answered('check2Backpressure', readings.check2BackpressureTight),
    answered('shutoff1Tight', readings.shutoff1Tight),
    answered('shutoff2Tight', readings.shutoff2Tight),
  ],
  doubleCheck: (readings, thresholds) => [
    atLeast('check1Min', readings.check1HeldPsid, thresholds.dcCheckMin),
    answered('check1Tight', readings.check1ClosedTight),
    atLeast('check2Min', readings.check2HeldPsid, thresholds.dcCheckMin),
    answered('check2Tight', readings.check2ClosedTight),
    answered('shutoff2Tight', readings.shutoff2Tight),
  ],
  vacuumBreaker: (readings, thresholds) => [
    opens('airInletOpens', 'airInletMin', readings.airInletOpenedPsid, thresholds.vbAirInletMin),
    // Whether an inlet that did not open opened fully is no question.
    ...(readings.airInletOpenedPsid === NOT_OPENED
      ? []
      : [answered('airInletFullyOpen', readings.airInletFullyOpen)]),
    atLeast('checkMin', readings.checkHeldPsid, thresholds.vbCheckMin),
  ],
  airGap: (readings, thresholds) => [
    atLeast('airGapMin', readings.airGapInches, thresholds.agGapMin, formatInches),
    airGapDiameter(
      readings.airGapInches,
      readings.supplyDiameterInches,
      thresholds.agDiameterMultiple,
    ),
  ],
};

/**
 * A test's result from its readings, complete or partial while the tester types: "fail" as soon
 * as any reading taken breaks its rule, "incomplete" while a reading is missing and none failed,
 * "pass" when every rule is met. A rule that cannot apply (check valve 1 against a relief valve
 * that did not open) is left out of the checks.
 */
export function evaluateReadings<T extends TAssemblyType>(
  type: T,
  readings: Partial<TReadingsOf<T>>,
  thresholds: TTestThresholds = DEFAULT_TEST_THRESHOLDS,
): TReadingsEvaluation {
  const checks = FAMILY_CHECKS[READING_FAMILIES[type]](readings as never, thresholds);
  const result = checks.some((check) => check.outcome === 'fail')
    ? 'fail'
    : checks.some((check) => check.outcome === 'missing')
      ? 'incomplete'
      : 'pass';
  return { result, checks };
}
