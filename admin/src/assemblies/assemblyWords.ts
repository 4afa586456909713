import {
  ASSEMBLY_SERVICES,
  ASSEMBLY_STATUSES,
  ASSEMBLY_TYPE_LABELS,
  ASSEMBLY_TYPES,
  formatSizeInches,
  type TAssemblyService,
  type TAssemblyStatus,
  TEST_RESULTS,
  type TTestResult,
} from '../../../shared/assemblies';
import {
  COMPLIANCE_STATUS_LABELS,
  COMPLIANCE_STATUSES,
  type TComplianceStatus,
} from '../../../shared/assembly-compliance';
import { ASSEMBLY_HAZARDS, type TAssemblyHazard } from '../../../shared/assembly-due';

export const HAZARD_LABELS: Record<TAssemblyHazard, string> = { high: 'High', low: 'Low' };
export const SERVICE_LABELS: Record<TAssemblyService, string> = {
  domestic: 'Domestic',
  fire: 'Fire',
  irrigation: 'Irrigation',
};
export const STATUS_LABELS: Record<TAssemblyStatus, string> = {
  active: 'Active',
  removed: 'Removed',
  replaced: 'Replaced',
};
export const RESULT_LABELS: Record<TTestResult, string> = { pass: 'Pass', fail: 'Fail' };

const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((id) => ({ id, name: labels[id] }));

export const TYPE_CHOICES = choicesOf(ASSEMBLY_TYPES, ASSEMBLY_TYPE_LABELS);
export const HAZARD_CHOICES = choicesOf(ASSEMBLY_HAZARDS, HAZARD_LABELS);
export const SERVICE_CHOICES = choicesOf(ASSEMBLY_SERVICES, SERVICE_LABELS);
export const STATUS_CHOICES = choicesOf(ASSEMBLY_STATUSES, STATUS_LABELS);
export const RESULT_CHOICES = choicesOf(TEST_RESULTS, RESULT_LABELS);
export const COMPLIANCE_CHOICES = choicesOf(COMPLIANCE_STATUSES, COMPLIANCE_STATUS_LABELS);

/** A compliance status in words; none (out of service, or not yet decided) reads "No status". */
export const complianceLabel = (status: TComplianceStatus | null) =>
  status === null ? 'No status' : COMPLIANCE_STATUS_LABELS[status];

/** The status as the assembly's page shows it: a failed one with the last day of its retest. */
export function complianceText(status: TComplianceStatus | null, retestBy: string | null): string {
  const label = complianceLabel(status);
  return status === 'failed' && retestBy ? `${label}, retest by ${retestBy}` : label;
}

/** A size as a plumber reads it, empty when unknown. */
export const sizeText = (size: number | null) => (size === null ? '' : formatSizeInches(size));

/** The last test as the list shows it: its day and result. */
export function lastTestText(testedOn: string | null, result: TTestResult | null): string {
  if (!testedOn) return 'No test on file';
  return result ? `${testedOn} (${RESULT_LABELS[result]})` : testedOn;
}

/** Said under the utility's own due date: the rules take over once a test is on file. */
export const NEXT_DUE_HELP =
  "The utility's own due date, kept only while no test is on file: once there is a last test, the organization's testing rules compute the next test due.";
