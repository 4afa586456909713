import { z } from 'zod';
import { fillMessage } from './fill-message.js';
import {
  formatInches,
  formatTenths,
  isBlank,
  parseDecimal,
  parseInches,
  parseTenths,
  refuse,
} from './test-readings-units.js';

// The thresholds a test's readings are held to (test-readings-result.ts). The defaults are the
// common minimums of the field test procedures: the USC Foundation for Cross-Connection Control
// and Hydraulic Research's Manual of Cross-Connection Control, the ABPA's field test procedures
// and ASSE Series 5000 (5013 RP, 5047 RPDA, 5015 DC, 5048 DCDA, 5020 PVB, 5056 SVB); the air
// gap's (twice the supply pipe's diameter, never under 1 inch) is ASME A112.1.2's. An
// organization's Program managers may raise them in the console: more, never less.

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
