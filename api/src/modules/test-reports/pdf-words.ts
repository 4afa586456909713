import type { TAssemblyType } from '../../../../shared/assemblies.js';
import { type TFieldKey, translateField } from '../../../../shared/i18n/field.js';
import { formatDay, type TLanguage } from '../../../../shared/i18n/languages.js';
import { formatInches } from '../../../../shared/test-readings-units.js';
import type {
  TRepairAction,
  TTestReportKind,
  TTestReportState,
} from '../../../../shared/test-reports.js';

// A test report's PDF's own words (shared/i18n/en-test-report-pdf.ts and its Spanish), by the
// field catalogue's keys; the readings' and rules' words are the test form's (test-readings.ts).

// The catalogue's keys, written out so its test sees each one used.
export const WORDS = {
  title: 'testReportPdf.title',
  reportNumber: 'testReportPdf.reportNumber',
  page: 'testReportPdf.page',
  noRepairs: 'testReportPdf.noRepairs',
  noRemarks: 'testReportPdf.noRemarks',
  attestation: 'testReportPdf.attestation',
  attestedBy: 'testReportPdf.attestedBy',
  notTaken: 'testReportPdf.values.notTaken',
  notChecked: 'testReportPdf.values.notChecked',
  none: 'testReportPdf.values.none',
  noDueDate: 'testReportPdf.values.noDueDate',
  inches: 'testReportPdf.values.inches',
} as const satisfies Record<string, TFieldKey>;

export const SECTIONS = {
  location: 'testReportPdf.sections.location',
  assembly: 'testReportPdf.sections.assembly',
  replacement: 'testReportPdf.sections.replacement',
  test: 'testReportPdf.sections.test',
  readings: 'testReportPdf.sections.readings',
  rules: 'testReportPdf.sections.rules',
  repairs: 'testReportPdf.sections.repairs',
  remarks: 'testReportPdf.sections.remarks',
  tester: 'testReportPdf.sections.tester',
  kit: 'testReportPdf.sections.kit',
  filing: 'testReportPdf.sections.filing',
  attestation: 'testReportPdf.sections.attestation',
} as const satisfies Record<string, TFieldKey>;

export const LABELS = {
  accountNumber: 'testReportPdf.labels.accountNumber',
  locationName: 'testReportPdf.labels.locationName',
  address: 'testReportPdf.labels.address',
  assemblyId: 'testReportPdf.labels.assemblyId',
  type: 'testReportPdf.labels.type',
  make: 'testReportPdf.labels.make',
  model: 'testReportPdf.labels.model',
  size: 'testReportPdf.labels.size',
  serial: 'testReportPdf.labels.serial',
  hazard: 'testReportPdf.labels.hazard',
  placement: 'testReportPdf.labels.placement',
  kind: 'testReportPdf.labels.kind',
  testDate: 'testReportPdf.labels.testDate',
  linePressure: 'testReportPdf.labels.linePressure',
  result: 'testReportPdf.labels.result',
  tester: 'testReportPdf.labels.tester',
  company: 'testReportPdf.labels.company',
  certificationNumber: 'testReportPdf.labels.certificationNumber',
  agency: 'testReportPdf.labels.agency',
  certificationExpires: 'testReportPdf.labels.certificationExpires',
  kitSerial: 'testReportPdf.labels.kitSerial',
  kitMake: 'testReportPdf.labels.kitMake',
  kitModel: 'testReportPdf.labels.kitModel',
  calibratedOn: 'testReportPdf.labels.calibratedOn',
  calibrationDue: 'testReportPdf.labels.calibrationDue',
  filedOn: 'testReportPdf.labels.filedOn',
  filedBy: 'testReportPdf.labels.filedBy',
  state: 'testReportPdf.labels.state',
  decidedOn: 'testReportPdf.labels.decidedOn',
  reason: 'testReportPdf.labels.reason',
  valve: 'testReportPdf.labels.valve',
  part: 'testReportPdf.labels.part',
  action: 'testReportPdf.labels.action',
} as const satisfies Record<string, TFieldKey>;

export const KINDS = {
  initial: 'testReportPdf.kinds.initial',
  repair: 'testReportPdf.kinds.repair',
  replacement: 'testReportPdf.kinds.replacement',
} as const satisfies Record<TTestReportKind, TFieldKey>;

export const STATES = {
  accepted: 'testReportPdf.states.accepted',
  pending: 'testReportPdf.states.pending',
  rejected: 'testReportPdf.states.rejected',
  returned: 'testReportPdf.states.returned',
} as const satisfies Record<TTestReportState, TFieldKey>;
export const ACCEPTED_AT_ONCE: TFieldKey = 'testReportPdf.states.acceptedAtOnce';

export const HAZARDS: Record<string, TFieldKey> = {
  high: 'testReportPdf.hazards.high',
  low: 'testReportPdf.hazards.low',
};

export const TYPES = {
  RP: 'testReportPdf.types.RP',
  RPDA: 'testReportPdf.types.RPDA',
  DC: 'testReportPdf.types.DC',
  DCDA: 'testReportPdf.types.DCDA',
  PVB: 'testReportPdf.types.PVB',
  SVB: 'testReportPdf.types.SVB',
  AG: 'testReportPdf.types.AG',
} as const satisfies Record<TAssemblyType, TFieldKey>;

export const ACTIONS = {
  cleaned: 'testReportPdf.actions.cleaned',
  replaced: 'testReportPdf.actions.replaced',
} as const satisfies Record<TRepairAction, TFieldKey>;

/** The words of one language: the catalogue's, its days, and inches. */
export function words(language: TLanguage) {
  const t = (key: TFieldKey, params: Record<string, string | number> = {}) =>
    translateField(language, key, params);
  const day = (value: string | null | undefined) => (value ? formatDay(language, value) : '');
  const inches = (hundredths: number) => t(WORDS.inches, { value: formatInches(hundredths) });
  return { t, day, inches };
}

export type TWords = ReturnType<typeof words>;
