import { z } from 'zod';
import { INVENTORY_MESSAGES, type TAssemblyType } from './assemblies.js';
import { fillMessage } from './fill-message.js';
import { TEST_READINGS_EN } from './i18n/en-test-readings.js';
import type { TFieldKey } from './i18n/field.js';

// A backflow test passes or fails on its readings alone: the test form computes the result as
// the tester types, and the server computes it again; no one chooses it. The default thresholds
// are the common minimums of the field test procedures: the USC Foundation for Cross-Connection
// Control and Hydraulic Research's Manual of Cross-Connection Control, the ABPA's field test
// procedures and ASSE Series 5000 (5013 RP, 5047 RPDA, 5015 DC, 5048 DCDA, 5020 PVB, 5056 SVB);
// the air gap's (twice the supply pipe's diameter, never under 1 inch) is ASME A112.1.2's. An
// organization may ask for more, never less. psid are held as tenths and inches as hundredths,
// integers compared exactly: never binary floats, where 4.9 + 0.1 is not 5.0.

export const MAX_PSID_TENTHS = 999;
export const MAX_INCHES_HUNDREDTHS = 99_999;

export type TValueProblem = 'empty' | 'notANumber' | 'tooManyDecimals' | 'negative' | 'tooLarge';
export type TParsedValue = { ok: true; value: number } | { ok: false; problem: TValueProblem };

const refuse = (problem: TValueProblem): TParsedValue => ({ ok: false, problem });

/** A decimal as typed, in units of 10^-places, read from its digits (never through a float). */
function parseDecimal(value: string | number, places: number, maximum: number): TParsedValue {
  const text = String(value).trim();
  if (text === '') return refuse('empty');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  const [, sign, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) return refuse('notANumber');
  const decimals = fraction.replace(/0+$/, '');
  if (sign && /[1-9]/.test(whole + decimals)) return refuse('negative');
  if (decimals.length > places) return refuse('tooManyDecimals');
  const units = Number(whole || 0) * 10 ** places + Number(decimals.padEnd(places, '0') || 0);
  return units > maximum ? refuse('tooLarge') : { ok: true, value: units };
}

/** psid as typed ("4.9", " 5 ", 5.0) in tenths: 49, 50; at most one decimal, 0.0 to 99.9. */
export const parseTenths = (value: string | number) => parseDecimal(value, 1, MAX_PSID_TENTHS);

/** Tenths as psid are written: 49 → "4.9", 50 → "5.0". */
export function formatTenths(tenths: number): string {
  const size = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(size / 10)}.${size % 10}`;
}

/**
 * Inches as typed ("0.75", "3/4", "1 1/2", '2"') in hundredths: 75, 75, 150, 200; at most two
 * decimals, and fractions only where they come to whole hundredths (3/8 is refused, not rounded).
 */
export function parseInches(value: string | number): TParsedValue {
  const text = String(value)
    .trim()
    .toLowerCase()
    .replace(/\s*(inches|inch|in\.?|")$/, '');
  const fraction = /^(?:(\d+)[\s-]+)?(\d+)\/(\d+)$/.exec(text);
  if (!fraction) return parseDecimal(text, 2, MAX_INCHES_HUNDREDTHS);
  const over = Number(fraction[3]);
  if (over === 0) return refuse('notANumber');
  const scaled = (Number(fraction[1] ?? 0) * over + Number(fraction[2])) * 100;
  if (scaled / over > MAX_INCHES_HUNDREDTHS) return refuse('tooLarge');
  return scaled % over === 0 ? { ok: true, value: scaled / over } : refuse('tooManyDecimals');
}

/** Hundredths as inches, without trailing zeros: 100 → "1", 150 → "1.5", 75 → "0.75". */
export function formatInches(hundredths: number): string {
  const decimals = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const whole = Math.floor(hundredths / 100);
  return decimals ? `${whole}.${decimals}` : String(whole);
}

// What the form asks for each type, valve by valve, in the order of the field test procedures.

/** What a relief valve or an air inlet that did not open reads, instead of a psid. */
export const NOT_OPENED = 'notOpened';

export const READING_FIELD_KINDS = {
  check1HeldPsid: 'psid',
  check1ClosedTight: 'tight',
  reliefOpenedPsid: 'opening',
  check2HeldPsid: 'psid',
  check2ClosedTight: 'tight',
  check2BackpressureTight: 'tight',
  shutoff1Tight: 'tight',
  shutoff2Tight: 'tight',
  airInletOpenedPsid: 'opening',
  airInletFullyOpen: 'fullyOpen',
  checkHeldPsid: 'psid',
  supplyDiameterInches: 'diameter',
  airGapInches: 'inches',
} as const;
export type TReadingField = keyof typeof READING_FIELD_KINDS;
type TKindValue = {
  psid: number;
  opening: number | typeof NOT_OPENED;
  tight: boolean;
  fullyOpen: boolean;
  inches: number;
  diameter: number;
};
export type TReadingValue<F extends TReadingField> = TKindValue[(typeof READING_FIELD_KINDS)[F]];

export const READING_FAMILIES = {
  RP: 'reducedPressure',
  RPDA: 'reducedPressure',
  DC: 'doubleCheck',
  DCDA: 'doubleCheck',
  PVB: 'vacuumBreaker',
  SVB: 'vacuumBreaker',
  AG: 'airGap',
} as const satisfies Record<TAssemblyType, string>;
export type TReadingFamily = (typeof READING_FAMILIES)[TAssemblyType];

export const READING_FORMS = {
  reducedPressure: [
    { valve: 'check1', fields: ['check1HeldPsid', 'check1ClosedTight'] },
    { valve: 'reliefValve', fields: ['reliefOpenedPsid'] },
    { valve: 'check2', fields: ['check2HeldPsid', 'check2ClosedTight', 'check2BackpressureTight'] },
    { valve: 'shutoffs', fields: ['shutoff1Tight', 'shutoff2Tight'] },
  ],
  doubleCheck: [
    { valve: 'check1', fields: ['check1HeldPsid', 'check1ClosedTight'] },
    { valve: 'check2', fields: ['check2HeldPsid', 'check2ClosedTight'] },
    { valve: 'shutoffs', fields: ['shutoff2Tight'] },
  ],
  vacuumBreaker: [
    { valve: 'airInlet', fields: ['airInletOpenedPsid', 'airInletFullyOpen'] },
    { valve: 'check', fields: ['checkHeldPsid'] },
  ],
  airGap: [{ valve: 'airGap', fields: ['supplyDiameterInches', 'airGapInches'] }],
} as const satisfies Record<
  TReadingFamily,
  readonly { valve: string; fields: readonly TReadingField[] }[]
>;
type TFamilyField<F extends TReadingFamily> = (typeof READING_FORMS)[F][number]['fields'][number];
export type TReadingValve = (typeof READING_FORMS)[TReadingFamily][number]['valve'];

// The catalogue's keys, written out so the catalogue's test sees each one used.

export const READING_VALVE_KEYS = {
  check1: 'testReadings.valves.check1',
  reliefValve: 'testReadings.valves.reliefValve',
  check2: 'testReadings.valves.check2',
  shutoffs: 'testReadings.valves.shutoffs',
  airInlet: 'testReadings.valves.airInlet',
  check: 'testReadings.valves.check',
  airGap: 'testReadings.valves.airGap',
} as const satisfies Record<TReadingValve, TFieldKey>;

export const READING_LABEL_KEYS = {
  check1HeldPsid: 'testReadings.labels.check1HeldPsid',
  check1ClosedTight: 'testReadings.labels.check1ClosedTight',
  reliefOpenedPsid: 'testReadings.labels.reliefOpenedPsid',
  check2HeldPsid: 'testReadings.labels.check2HeldPsid',
  check2ClosedTight: 'testReadings.labels.check2ClosedTight',
  check2BackpressureTight: 'testReadings.labels.check2BackpressureTight',
  shutoff1Tight: 'testReadings.labels.shutoff1Tight',
  shutoff2Tight: 'testReadings.labels.shutoff2Tight',
  airInletOpenedPsid: 'testReadings.labels.airInletOpenedPsid',
  airInletFullyOpen: 'testReadings.labels.airInletFullyOpen',
  checkHeldPsid: 'testReadings.labels.checkHeldPsid',
  supplyDiameterInches: 'testReadings.labels.supplyDiameterInches',
  airGapInches: 'testReadings.labels.airGapInches',
} as const satisfies Record<TReadingField, TFieldKey>;

/** The words of each answer: a yes/no field's two, and an opening's "did not open". */
export const READING_ANSWER_KEYS = {
  tight: { yes: 'testReadings.answers.tight', no: 'testReadings.answers.leaked' },
  fullyOpen: { yes: 'testReadings.answers.openedFully', no: 'testReadings.answers.notOpenedFully' },
  opening: { notOpened: 'testReadings.answers.notOpened' },
} as const satisfies Record<string, Record<string, TFieldKey>>;

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

export const READING_PROBLEM_KEYS = {
  psid: {
    empty: 'testReadings.problems.psid.empty',
    notANumber: 'testReadings.problems.psid.notANumber',
    tooManyDecimals: 'testReadings.problems.psid.tooManyDecimals',
    negative: 'testReadings.problems.psid.negative',
    tooLarge: 'testReadings.problems.psid.tooLarge',
  },
  inches: {
    empty: 'testReadings.problems.inches.empty',
    notANumber: 'testReadings.problems.inches.notANumber',
    tooManyDecimals: 'testReadings.problems.inches.tooManyDecimals',
    negative: 'testReadings.problems.inches.negative',
    tooLarge: 'testReadings.problems.inches.tooLarge',
    zero: 'testReadings.problems.inches.zero',
  },
  answer: 'testReadings.problems.answer',
} as const satisfies Record<string, TFieldKey | Record<string, TFieldKey>>;

/** What is wrong with a value typed: its key and values for the page, in English for the server. */
export interface TReadingProblem {
  key: TFieldKey;
  params: Record<string, string>;
  message: string;
}
export type TReadReading<F extends TReadingField> =
  | { ok: true; value: TReadingValue<F> | undefined }
  | { ok: false; problem: TReadingProblem };
type TKindRead =
  | { ok: true; value: TKindValue[keyof TKindValue] }
  | { ok: false; problem: TReadingProblem };

const UNIT_LIMITS = {
  psid: { maximum: formatTenths(MAX_PSID_TENTHS) },
  inches: { maximum: formatInches(MAX_INCHES_HUNDREDTHS) },
};

function problem<U extends 'psid' | 'inches'>(
  unit: U,
  code: keyof (typeof READING_PROBLEM_KEYS)[U] & keyof (typeof TEST_READINGS_EN.problems)[U],
): TKindRead {
  const params = UNIT_LIMITS[unit];
  const english = TEST_READINGS_EN.problems[unit][code] as string;
  const key = READING_PROBLEM_KEYS[unit][code] as TFieldKey;
  return { ok: false, problem: { key, params, message: fillMessage(english, params) } };
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function readAnswer(value: unknown): TKindRead {
  const answer = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (answer === true || answer === 'yes') return { ok: true, value: true };
  if (answer === false || answer === 'no') return { ok: true, value: false };
  const key = READING_PROBLEM_KEYS.answer;
  return { ok: false, problem: { key, params: {}, message: TEST_READINGS_EN.problems.answer } };
}

function readPsid(value: unknown): TKindRead {
  if (typeof value !== 'string' && typeof value !== 'number') return problem('psid', 'notANumber');
  const parsed = parseTenths(value);
  return parsed.ok ? parsed : problem('psid', parsed.problem);
}

function readInches(value: unknown, isDiameter: boolean): TKindRead {
  if (typeof value !== 'string' && typeof value !== 'number')
    return problem('inches', 'notANumber');
  const parsed = parseInches(value);
  if (!parsed.ok) return problem('inches', parsed.problem);
  return isDiameter && parsed.value === 0 ? problem('inches', 'zero') : parsed;
}

const KIND_READERS: Record<keyof TKindValue, (value: unknown) => TKindRead> = {
  psid: readPsid,
  opening: (value) => (value === NOT_OPENED ? { ok: true, value: NOT_OPENED } : readPsid(value)),
  tight: readAnswer,
  fullyOpen: readAnswer,
  inches: (value) => readInches(value, false),
  diameter: (value) => readInches(value, true),
};

/**
 * A field's value as the form or a request gives it: psid and inches as text or numbers, answers
 * as true/false or "yes"/"no", NOT_OPENED for an opening. Blank (undefined, null, "") is a
 * reading not taken yet, which is no problem while typing.
 */
export function readReading<F extends TReadingField>(field: F, value: unknown): TReadReading<F> {
  if (isBlank(value)) return { ok: true, value: undefined };
  return KIND_READERS[READING_FIELD_KINDS[field]](value) as TReadReading<F>;
}

type TReadingSchema<F extends TReadingField> = z.ZodOptional<
  z.ZodType<TReadingValue<F> | undefined, unknown>
>;

function readingSchema<F extends TReadingField>(field: F): TReadingSchema<F> {
  return z
    .unknown()
    .transform((value, context) => {
      const read = readReading(field, value);
      if (read.ok) return read.value;
      context.addIssue({ code: 'custom', message: read.problem.message });
      return z.NEVER;
    })
    .optional() as TReadingSchema<F>;
}

/** A type's readings, every one optional (a failed test may stop at its failure); no result. */
function familySchema<F extends TReadingFamily>(family: F) {
  const sections: readonly { fields: readonly TReadingField[] }[] = READING_FORMS[family];
  const fields = sections.flatMap((section) => section.fields);
  return z.strictObject(
    Object.fromEntries(fields.map((field) => [field, readingSchema(field)])) as {
      [K in TFamilyField<F>]: TReadingSchema<K>;
    },
  );
}

const FAMILY_SCHEMAS = {
  reducedPressure: familySchema('reducedPressure'),
  doubleCheck: familySchema('doubleCheck'),
  vacuumBreaker: familySchema('vacuumBreaker'),
  airGap: familySchema('airGap'),
};

export type TReadingsOf<T extends TAssemblyType> = z.output<
  (typeof FAMILY_SCHEMAS)[(typeof READING_FAMILIES)[T]]
>;

/** The readings a test of this type records, as the form and the server accept them. */
export const readingsSchema = <T extends TAssemblyType>(type: T) =>
  FAMILY_SCHEMAS[READING_FAMILIES[type]];

/** A test's readings with the assembly's type beside them. */
export const ZReadings = z.discriminatedUnion(
  'type',
  [
    FAMILY_SCHEMAS.reducedPressure.extend({ type: z.enum(['RP', 'RPDA']) }),
    FAMILY_SCHEMAS.doubleCheck.extend({ type: z.enum(['DC', 'DCDA']) }),
    FAMILY_SCHEMAS.vacuumBreaker.extend({ type: z.enum(['PVB', 'SVB']) }),
    FAMILY_SCHEMAS.airGap.extend({ type: z.literal('AG') }),
  ],
  { error: INVENTORY_MESSAGES.typeInvalid },
);
export type TReadings = z.output<typeof ZReadings>;

// The thresholds, as an organization's Program managers may raise them in the console.

export const TEST_THRESHOLD_MESSAGES = {
  psidInvalid: 'Please enter psid with at most one decimal, such as 5.0.',
  multipleInvalid: 'Please enter a whole number of times, such as 2.',
  inchesInvalid: 'Please enter inches with at most two decimals, such as 1.5.',
  belowProcedures:
    'The field test procedures require at least {minimum}; a program may ask for more, never less.',
  tooHigh: 'Please enter {maximum} or less.',
} as const;

const THRESHOLD_UNITS = {
  psid: {
    parse: parseTenths,
    format: (tenths: number) => `${formatTenths(tenths)} psid`,
    maximum: 100,
    invalid: TEST_THRESHOLD_MESSAGES.psidInvalid,
  },
  times: {
    parse: (value: string | number) => parseDecimal(value, 0, 99),
    format: (times: number) => `${times} times`,
    maximum: 4,
    invalid: TEST_THRESHOLD_MESSAGES.multipleInvalid,
  },
  inches: {
    parse: parseInches,
    format: (hundredths: number) => `${formatInches(hundredths)} in.`,
    maximum: 600,
    invalid: TEST_THRESHOLD_MESSAGES.inchesInvalid,
  },
};

/** Each threshold's unit and default (psid in tenths, inches in hundredths), also its floor. */
export const TEST_THRESHOLDS = {
  rpReliefMin: { unit: 'psid', default: 20 },
  rpCheck1Min: { unit: 'psid', default: 50 },
  rpCheck1AboveRelief: { unit: 'psid', default: 30 },
  rpCheck2Min: { unit: 'psid', default: 10 },
  dcCheckMin: { unit: 'psid', default: 10 },
  vbAirInletMin: { unit: 'psid', default: 10 },
  vbCheckMin: { unit: 'psid', default: 10 },
  agDiameterMultiple: { unit: 'times', default: 2 },
  agGapMin: { unit: 'inches', default: 100 },
} as const satisfies Record<string, { unit: keyof typeof THRESHOLD_UNITS; default: number }>;
export type TTestThresholdName = keyof typeof TEST_THRESHOLDS;
export type TTestThresholds = Record<TTestThresholdName, number>;
const THRESHOLD_NAMES = Object.keys(TEST_THRESHOLDS) as TTestThresholdName[];

export const DEFAULT_TEST_THRESHOLDS = Object.fromEntries(
  THRESHOLD_NAMES.map((name) => [name, TEST_THRESHOLDS[name].default]),
) as TTestThresholds;

function thresholdSchema(name: TTestThresholdName) {
  const { unit, default: minimum } = TEST_THRESHOLDS[name];
  const { parse, format, maximum, invalid } = THRESHOLD_UNITS[unit];
  return z
    .unknown()
    .transform((value, context) => {
      if (isBlank(value)) return undefined;
      const parsed =
        typeof value === 'string' || typeof value === 'number'
          ? parse(value)
          : refuse('notANumber');
      if (parsed.ok && parsed.value >= minimum && parsed.value <= maximum) return parsed.value;
      const message = !parsed.ok
        ? invalid
        : parsed.value < minimum
          ? fillMessage(TEST_THRESHOLD_MESSAGES.belowProcedures, { minimum: format(minimum) })
          : fillMessage(TEST_THRESHOLD_MESSAGES.tooHigh, { maximum: format(maximum) });
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional();
}

/** An organization's thresholds where they differ from the defaults; blank keeps the default. */
export const ZTestThresholds = z
  .strictObject(
    Object.fromEntries(THRESHOLD_NAMES.map((name) => [name, thresholdSchema(name)])) as Record<
      TTestThresholdName,
      ReturnType<typeof thresholdSchema>
    >,
  )
  // Only the values given, so `{ ...DEFAULT_TEST_THRESHOLDS, ...overrides }` keeps the others.
  .transform(
    (overrides) =>
      Object.fromEntries(
        Object.entries(overrides).filter(([, value]) => value !== undefined),
      ) as Partial<TTestThresholds>,
  );
export type TTestThresholdOverrides = z.output<typeof ZTestThresholds>;

// The result: each rule a reading is held to, and the test's verdict over them.

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

type TOpening = TKindValue['opening'] | undefined;

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

type TFamilyReadings = { [F in TReadingFamily]: Partial<z.output<(typeof FAMILY_SCHEMAS)[F]>> };
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
