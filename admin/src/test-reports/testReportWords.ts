import { formatSizeInches } from '../../../shared/assemblies';
import { translateField } from '../../../shared/i18n/field';
import {
  READING_ANSWER_KEYS,
  READING_FAMILIES,
  READING_FIELD_KINDS,
  READING_FORMS,
  READING_LABEL_KEYS,
  READING_VALVE_KEYS,
  type TReadingField,
} from '../../../shared/test-readings';
import {
  READING_OUTCOME_KEYS,
  READING_RULE_KEYS,
  type TReadingRule,
} from '../../../shared/test-readings-result';
import type { TRuleResult, TTestReportReviewRecord } from '../../../shared/test-report-review';
import {
  TEST_REPORT_KINDS,
  TEST_REPORT_STATES,
  type TRepairAction,
  type TTestReportKind,
  type TTestReportState,
} from '../../../shared/test-reports';

// The console's words for test reports; the readings' and rules' words are the field
// catalogue's English (shared/i18n/en-test-readings.ts), as the tester read them when filing.

export const KIND_LABELS: Record<TTestReportKind, string> = {
  initial: 'Initial test',
  repair: 'Repair and retest',
  replacement: 'Replacement',
};
export const STATE_LABELS: Record<TTestReportState, string> = {
  pending: 'Waiting',
  accepted: 'Accepted',
  rejected: 'Rejected',
  returned: 'Returned to the tester',
};
export const RESULT_LABELS = { pass: 'Pass', fail: 'Fail' } as const;
export const REPAIR_ACTION_LABELS: Record<TRepairAction, string> = {
  cleaned: 'Cleaned',
  replaced: 'Replaced',
};

const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((id) => ({ id, name: labels[id] }));
export const KIND_CHOICES = choicesOf(TEST_REPORT_KINDS, KIND_LABELS);
export const STATE_CHOICES = choicesOf(TEST_REPORT_STATES, STATE_LABELS);
export const RESULT_CHOICES = choicesOf(['pass', 'fail'] as const, RESULT_LABELS);

const field = (key: Parameters<typeof translateField>[1], params = {}) =>
  translateField('en', key, params);

/** A reading as the tester gave it, in words: "4.9 psid", "Tight", "Did not open". */
export function readingText(name: TReadingField, value: string | boolean | undefined): string {
  if (value === undefined || value === '') return '—';
  const kind = READING_FIELD_KINDS[name];
  if (kind === 'tight') return field(READING_ANSWER_KEYS.tight[value === true ? 'yes' : 'no']);
  if (kind === 'fullyOpen') {
    return field(READING_ANSWER_KEYS.fullyOpen[value === true ? 'yes' : 'no']);
  }
  if (kind === 'opening' && value === 'notOpened') {
    return field(READING_ANSWER_KEYS.opening.notOpened);
  }
  return kind === 'inches' || kind === 'diameter' ? `${value} in.` : `${value} psid`;
}

/** A valve's name, as the test form calls it (a repair names its valve by its code). */
export const valveName = (valve: string) =>
  valve in READING_VALVE_KEYS
    ? field(READING_VALVE_KEYS[valve as keyof typeof READING_VALVE_KEYS])
    : valve;

/** The readings of the report's type, valve by valve, in the order of the test procedures. */
export function readingRows(report: TTestReportReviewRecord) {
  return READING_FORMS[READING_FAMILIES[report.assemblyType]].map((section) => ({
    valve: valveName(section.valve),
    readings: section.fields.map((name: TReadingField) => ({
      name,
      label: field(READING_LABEL_KEYS[name]),
      value: readingText(name, report.readings[name]),
    })),
  }));
}

/** A rule's sentence with the report's values, and its outcome's words. */
export function ruleText(result: TRuleResult): { sentence: string; outcome: string } {
  const key = READING_RULE_KEYS[result.rule as TReadingRule];
  return {
    sentence: key ? field(key, result.params) : result.rule,
    outcome: field(READING_OUTCOME_KEYS[result.outcome]),
  };
}

/** Why a report waits rather than being accepted at once (its readings, remarks, a change). */
export function waitingReasons(report: TTestReportReviewRecord): string[] {
  return [
    report.result === 'fail' ? 'The test failed.' : '',
    report.remarks ? 'The tester wrote remarks.' : '',
    report.kind === 'replacement' ? 'The assembly was replaced (a correction waits too).' : '',
  ].filter(Boolean);
}

export const sizeOf = (size: number | null) => (size === null ? '—' : formatSizeInches(size));
