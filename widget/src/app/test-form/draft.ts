import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TReadingField } from '../../../../shared/test-readings.js';
import type { TFieldOrganization } from '../../../../shared/test-report-field.js';
import type {
  TRepairAction,
  TTestReportKind,
  TTestReportState,
} from '../../../../shared/test-reports.js';
import type { TFoundAssembly } from './field-store.js';

// A test report as the test form keeps it on the phone while the tester types (saved at every
// change, its key made when it was started), and once finished with the body it is filed with
// (frozen, so every attempt sends the same). No rules here: the list of reports reads this
// without the shared rules' code (report.ts).

/** A reading as typed: psid and inches as text, answers as true/false, "notOpened". */
export type TTypedReading = string | boolean;

export interface TDraft {
  organizationId: number | null;
  /** The assembly's record id. */
  assemblyId: number | null;
  testerId: number | null;
  certificationId: number | null;
  testKitId: number | null;
  testDate: string;
  kind: TTestReportKind | null;
  readings: Partial<Record<TReadingField, TTypedReading>>;
  repairs: { valve: string; part: string; action: TRepairAction | null }[];
  replacement: { serial: string; make: string; model: string; sizeInches: string };
  linePressure: string;
  remarks: string;
  attestation: boolean;
  /** A report the organization returned, filed again through its personal link's token. */
  returnToken?: string;
}

/**
 * In progress on the phone; finished and waiting to be sent; filed (the server's answer kept);
 * or sent and refused, back with the reasons to correct.
 */
export type TKeptState = 'draft' | 'waiting' | 'filed' | 'returned';

export interface TFiledAnswer {
  id: number;
  state: TTestReportState;
  result: 'pass' | 'fail';
  filedAt: string;
}

export interface TKeptReport {
  key: string;
  personId: number;
  state: TKeptState;
  draft: TDraft;
  /** What the lists show of it: the organization, the assembly and its address. */
  summary: { organization: string; assembly: string; address: string } | null;
  startedAt: string;
  updatedAt: string;
  /** The body filed, frozen when the report was finished. */
  body?: TFilingBody;
  filed?: TFiledAnswer;
  /** Why it came back: the server's reasons for refusing it, or the organization's. */
  returned?: { messages: string[] };
  /** The assembly as a returned report's link named it, until the phone keeps it. */
  assembly?: TFoundAssembly;
}

export const newDraft = (): TDraft => ({
  organizationId: null,
  assemblyId: null,
  testerId: null,
  certificationId: null,
  testKitId: null,
  testDate: todayInProgramZone(),
  kind: 'initial',
  readings: {},
  repairs: [],
  replacement: { serial: '', make: '', model: '', sizeInches: '' },
  linePressure: '',
  remarks: '',
  attestation: false,
});

/** A new report, its key made here and now: every attempt to file it carries this key. */
export function newReport(personId: number, organizations: TFieldOrganization[]): TKeptReport {
  const now = new Date().toISOString();
  const draft = newDraft();
  if (organizations.length === 1) draft.organizationId = organizations[0]?.id ?? null;
  return {
    key: crypto.randomUUID(),
    personId,
    state: 'draft',
    draft,
    summary: null,
    startedAt: now,
    updatedAt: now,
  };
}

/** The body filed, as POST /api/account/test-reports takes it. */
export type TFilingBody = Record<string, unknown> & { key: string };
