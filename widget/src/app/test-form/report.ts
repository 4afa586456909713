import type { TAssemblyType } from '../../../../shared/assemblies.js';
import type { TFieldKey } from '../../../../shared/i18n/field.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  READING_FAMILIES,
  READING_FIELD_KINDS,
  READING_FORMS,
  readReading,
  repairValveProblems,
  type TReadingField,
  type TReadingProblem,
} from '../../../../shared/test-readings.js';
import {
  evaluateReadings,
  type TReadingsEvaluation,
} from '../../../../shared/test-readings-result.js';
import {
  checkAsOf,
  checkTestDate,
  coverageOn,
  type TCheckFailure,
  type TPeriod,
  type TRecordAsOf,
} from '../../../../shared/test-report-checks.js';
import type {
  TFieldCertification,
  TFieldKit,
  TFieldOrganization,
  TFieldRecord,
  TFieldTester,
} from '../../../../shared/test-report-field.js';
import { testReportSettingsOf } from '../../../../shared/test-report-settings.js';
import {
  TEST_REPORT_LIMITS,
  TEST_REPORT_MESSAGES,
  ZTestReportFiling,
} from '../../../../shared/test-reports.js';
import type { TDraft, TFilingBody, TTypedReading } from './draft.js';
import type { TFoundAssembly } from './field-store.js';

// What the shared rules say of a report as the tester types it (draft.ts): the choices that
// fit, the result of the readings, the checks against the record as of the test date, the body
// filed and what stops it.

// ---- What fits ----

const covers = (periods: readonly TPeriod[], day: string) => coverageOn(periods, day).covered;

/** The one that fits, where only one does (else none is chosen for the tester). */
function onlyFit<T>(items: readonly T[], fits: (item: T) => boolean): T | undefined {
  if (items.length === 1) return items[0];
  const fitting = items.filter(fits);
  return fitting.length === 1 ? fitting[0] : undefined;
}

export interface TChoices {
  organization: TFieldOrganization | undefined;
  tester: TFieldTester | undefined;
  certification: TFieldCertification | undefined;
  kit: TFieldKit | undefined;
  /** The kit's accepted calibration covering the test date. */
  calibration: TPeriod | undefined;
}

/**
 * What the report names: each as chosen, or chosen for the tester where only one fits (the
 * organization, the tester, a certification accepted and unexpired on the test date, a kit whose
 * calibration covers it).
 */
export function choicesOf(record: TFieldRecord, draft: TDraft): TChoices {
  const day = draft.testDate;
  const organizations = record.organizations;
  const organization =
    organizations.find((o) => o.id === draft.organizationId) ?? onlyFit(organizations, () => true);
  const testers = organization?.testers ?? [];
  const tester =
    testers.find((someone) => someone.id === draft.testerId) ?? onlyFit(testers, () => true);
  const certifications = tester?.certifications ?? [];
  const certification =
    certifications.find((c) => c.id === draft.certificationId) ??
    onlyFit(certifications, (c) => c.agencyAccepted && covers(c.periods, day));
  const kits = organization?.kits ?? [];
  const kit =
    kits.find((k) => k.id === draft.testKitId) ?? onlyFit(kits, (k) => covers(k.periods, day));
  const calibration = kit ? calibrationOn(kit, day) : undefined;
  return { organization, tester, certification, kit, calibration };
}

export const certificationFits = (certification: TFieldCertification, day: string) =>
  certification.agencyAccepted && covers(certification.periods, day);
export const kitFits = (kit: TFieldKit, day: string) => covers(kit.periods, day);

/** The kit's calibration that covers the day, if one does. */
export const calibrationOn = (kit: TFieldKit, day: string) =>
  kit.periods.find((period) => covers([period], day));

// ---- The readings ----

/** The fields a type's form asks, valve by valve. */
export const formOf = (type: TAssemblyType) => READING_FORMS[READING_FAMILIES[type]];

export const fieldsOf = (type: TAssemblyType): TReadingField[] =>
  formOf(type).flatMap((section) => [...section.fields]);

export interface TReadingsState {
  evaluation: TReadingsEvaluation;
  /** What is wrong with the values typed, by field. */
  problems: Partial<Record<TReadingField, TReadingProblem>>;
  /** The readings as the server takes them (only the type's, blanks left out). */
  values: Record<string, TTypedReading>;
}

/** The readings as typed, read by the shared rules and held to the organization's thresholds. */
export function readingsState(
  type: TAssemblyType,
  typed: TDraft['readings'],
  organization: TFieldOrganization | undefined,
): TReadingsState {
  const read: Record<string, unknown> = {};
  const values: Record<string, TTypedReading> = {};
  const problems: TReadingsState['problems'] = {};
  for (const field of fieldsOf(type)) {
    const value = typed[field];
    const reading = readReading(field, value);
    if (!reading.ok) problems[field] = reading.problem;
    else if (reading.value !== undefined) {
      read[field] = reading.value;
      if (value !== undefined) values[field] = value;
    }
  }
  const thresholds = testReportSettingsOf(organization?.settings ?? null).thresholds;
  return { evaluation: evaluateReadings(type, read as never, thresholds), problems, values };
}

// ---- The checks as of the test date ----

/** The record the checks read, from what the phone keeps (as the server reads its own). */
export function recordAsOfFor(choices: TChoices, assembly: TFoundAssembly): TRecordAsOf | null {
  const { organization, tester, certification, kit } = choices;
  if (!organization || !tester || !certification || !kit) return null;
  return {
    organization: organization.name,
    tester: tester.name,
    assembly: {
      number: assembly.assemblyId,
      status: assembly.status,
      installedOn: assembly.installedOn,
    },
    registration: tester.activity,
    certification,
    kit,
    credentials: tester.credentials,
    filingWindowDays: organization.settings.filingWindowDays,
  };
}

/** Every check the report fails as it stands (the test date's alone until the rest is chosen). */
export function checksOf(
  choices: TChoices,
  assembly: TFoundAssembly | null,
  testDate: string,
): TCheckFailure[] {
  const today = todayInProgramZone();
  const record = assembly ? recordAsOfFor(choices, assembly) : null;
  if (record) return checkAsOf(record, testDate, today);
  const dateFailure = checkTestDate(
    testDate,
    today,
    choices.organization?.settings.filingWindowDays ?? 30,
  );
  return dateFailure ? [dateFailure] : [];
}

/** The field a failed check is corrected at. */
export function checkField(failure: TCheckFailure): string {
  const { check } = failure;
  if (check.startsWith('testDate')) return 'testDate';
  if (check.startsWith('assembly')) return 'assembly';
  if (check.startsWith('certification')) return 'certification';
  if (check.startsWith('calibration')) return 'kit';
  return 'tester';
}

// ---- The body filed, and what stops it ----

export function filingBody(
  key: string,
  draft: TDraft,
  choices: TChoices,
  readings: TReadingsState,
): TFilingBody {
  return {
    key,
    assemblyId: draft.assemblyId,
    testerId: choices.tester?.id ?? null,
    certificationId: choices.certification?.id ?? null,
    testKitId: choices.kit?.id ?? null,
    kind: draft.kind,
    testDate: draft.testDate,
    readings: readings.values,
    repairs:
      draft.kind === 'repair'
        ? draft.repairs.map((repair) => ({ ...repair, action: repair.action ?? '' }))
        : [],
    replacement: draft.kind === 'replacement' ? draft.replacement : null,
    remarks: draft.remarks,
    linePressurePsi: draft.linePressure.trim() === '' ? null : draft.linePressure.trim(),
    attestation: draft.attestation,
    ...(draft.returnToken ? { returnToken: draft.returnToken } : {}),
  };
}

/** A problem to show: a catalogue key with its values, a failed check, or the server's words. */
export type TFormError =
  | { key: TFieldKey; params?: Record<string, string | number> }
  | { check: TCheckFailure }
  | string;
export type TFormErrors = Record<string, TFormError>;

/** The shared rules' messages, in the field catalogue's words (so they show in Spanish too). */
const MESSAGE_KEYS: Partial<Record<keyof typeof TEST_REPORT_MESSAGES, TFieldKey>> = {
  kindInvalid: 'testReports.errors.kindInvalid',
  attestationRequired: 'testReports.errors.attestationRequired',
  repairsRequired: 'testReports.errors.repairsRequired',
  repairInvalid: 'testReports.errors.repairInvalid',
  replacementRequired: 'testReports.errors.replacementRequired',
  remarksTooLong: 'testReports.errors.remarksTooLong',
  linePressureInvalid: 'testReports.errors.linePressureInvalid',
};

/** The values the shared rules' messages name. */
const RULE_PARAMS = {
  limit: TEST_REPORT_LIMITS.remarks,
  maximum: TEST_REPORT_LIMITS.linePressure,
};

function sharedRuleError(path: string, message: string): TFormError {
  const name = (Object.keys(TEST_REPORT_MESSAGES) as (keyof typeof TEST_REPORT_MESSAGES)[]).find(
    (candidate) => TEST_REPORT_MESSAGES[candidate] === message,
  );
  const key = name ? MESSAGE_KEYS[name] : undefined;
  if (key) return { key, params: RULE_PARAMS };
  return path.startsWith('replacement')
    ? { key: 'testReports.errors.replacementInvalid' }
    : message;
}

/** The path of a shared rule's issue, as the form names its fields. */
const FIELD_OF_PATH: Record<string, string> = {
  linePressurePsi: 'linePressure',
  replacement: 'replacement.serial',
};

/** The answer a blank reading needs, by its kind. */
const BLANK_READING: Record<(typeof READING_FIELD_KINDS)[TReadingField], TFieldKey> = {
  psid: 'testReadings.problems.psid.empty',
  opening: 'testReadings.problems.psid.empty',
  tight: 'testReadings.problems.answer',
  fullyOpen: 'testReadings.problems.answer',
  inches: 'testReadings.problems.inches.empty',
  diameter: 'testReadings.problems.inches.empty',
};

/**
 * What stops the report from being filed, by field, in the form's order: the choices, the
 * checks as of the test date, the readings (each value typed, and every one while the result is
 * incomplete), then the shared filing rules (kind, repairs, replacement, remarks, line pressure,
 * attestation) and each repair's valve, one of the type's.
 */
export function formErrors(
  draft: TDraft,
  choices: TChoices,
  assembly: TFoundAssembly | null,
  type: TAssemblyType | null,
  readings: TReadingsState | null,
  body: TFilingBody,
): TFormErrors {
  const errors: TFormErrors = {};
  if (!choices.organization)
    errors.organization = { key: 'testReports.errors.organizationRequired' };
  if (!assembly) errors.assembly = { key: 'testReports.errors.assemblyRequired' };
  if (!choices.tester) errors.tester = { key: 'testReports.errors.testerRequired' };
  if (!choices.certification) {
    errors.certification = { key: 'testReports.errors.certificationRequired' };
  }
  if (!choices.kit) errors.kit = { key: 'testReports.errors.kitRequired' };
  for (const failure of checksOf(choices, assembly, draft.testDate)) {
    errors[checkField(failure)] ??= { check: failure };
  }
  if (type && readings) {
    for (const field of fieldsOf(type)) {
      const problem = readings.problems[field];
      if (problem) errors[`readings.${field}`] = { key: problem.key, params: problem.params };
      else if (readings.evaluation.result === 'incomplete' && draft.readings[field] === undefined) {
        errors[`readings.${field}`] = { key: BLANK_READING[READING_FIELD_KINDS[field]] };
      }
    }
  }
  const parsed = ZTestReportFiling.safeParse({
    ...body,
    assemblyId: body.assemblyId ?? 1,
    testerId: body.testerId ?? 1,
    certificationId: body.certificationId ?? 1,
    testKitId: body.testKitId ?? 1,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = FIELD_OF_PATH[path] ?? path;
      if (field === 'testDate' || field === 'key') continue;
      errors[field] ??= sharedRuleError(field, issue.message);
    }
  }
  if (type && draft.kind === 'repair') {
    for (const [path, problem] of Object.entries(repairValveProblems(type, draft.repairs))) {
      errors[path] ??= problem;
    }
  }
  return errors;
}

/** The order of the form's fields, for the error summary. */
export function fieldOrder(type: TAssemblyType | null): string[] {
  return [
    'organization',
    'assembly',
    'tester',
    'certification',
    'kit',
    'testDate',
    'kind',
    'repairs',
    'replacement',
    'replacement.serial',
    ...(type ? fieldsOf(type).map((field) => `readings.${field}`) : []),
    'linePressure',
    'remarks',
    'attestation',
  ];
}

/** The element id of a field (its input, or its group's first control). */
export const fieldElementId = (path: string) => `test-${path.replaceAll('.', '-')}`;
