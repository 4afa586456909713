import { z } from 'zod';
import { INVENTORY_MESSAGES, type TAssemblyType } from './assemblies.js';
import { fillMessage } from './fill-message.js';
import { TEST_READINGS_EN } from './i18n/en-test-readings.js';
import { TEST_REPORTS_EN } from './i18n/en-test-reports.js';
import type { TFieldKey } from './i18n/field.js';
import {
  formatInches,
  formatTenths,
  isBlank,
  MAX_INCHES_HUNDREDTHS,
  MAX_PSID_TENTHS,
  parseInches,
  parseTenths,
} from './test-readings-units.js';

// The readings a backflow test of each assembly type records, valve by valve as the field test
// procedures take them (psid in tenths and inches in hundredths, test-readings-units.ts): what
// the form asks, how a value typed is read, the schemas the form and the server accept, and the
// valves a repair may name. Whether they pass is test-readings-result.ts's.

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

/** Each type's readings as the rules read them, partial while the tester types. */
export type TFamilyReadings = {
  [F in TReadingFamily]: Partial<z.output<(typeof FAMILY_SCHEMAS)[F]>>;
};

// The valves a repair names: the type's own, as the form lists them (a relief valve is no part
// of a double check).

/** The valves of a type's form, in its order: the ones its repairs may name. */
export const valvesOf = (type: TAssemblyType): TReadingValve[] =>
  READING_FORMS[READING_FAMILIES[type]].map((section) => section.valve);

/** Whether a repair's valve is one of the type's. */
export const isValveOf = (type: TAssemblyType, valve: string): valve is TReadingValve =>
  (valvesOf(type) as string[]).includes(valve);

export const REPAIR_VALVE_KEY = 'testReports.errors.repairValveInvalid' satisfies TFieldKey;

/**
 * Each repair whose valve is not one of the type's, by its path ("repairs.0.valve"): the key and
 * values for the page, the English for the server. A blank valve is the filing schema's to refuse.
 */
export function repairValveProblems(
  type: TAssemblyType,
  repairs: readonly { valve: string }[],
): Record<string, TReadingProblem> {
  const params = { type };
  const message = fillMessage(TEST_REPORTS_EN.errors.repairValveInvalid, params);
  return Object.fromEntries(
    repairs.flatMap((repair, index) =>
      isBlank(repair.valve) || isValveOf(type, repair.valve)
        ? []
        : [[`repairs.${index}.valve`, { key: REPAIR_VALVE_KEY, params, message }]],
    ),
  );
}
