import { formatSizeInches, type TNameplate } from '../../../shared/assemblies';
import type {
  TCorrectionKind,
  TCorrectionRecord,
  TCorrectionState,
} from '../../../shared/assembly-corrections';

export const KIND_LABELS: Record<TCorrectionKind, string> = {
  nameplate: 'Another nameplate',
  replacement: 'Replaced by another assembly',
};
export const STATE_LABELS: Record<TCorrectionState, string> = {
  pending: 'Waiting',
  accepted: 'Accepted',
  refused: 'Refused',
};
export const STATE_CHOICES = (Object.keys(STATE_LABELS) as TCorrectionState[]).map((id) => ({
  id,
  name: STATE_LABELS[id],
}));

/** The nameplate's fields as rows of the comparison, each with its words. */
export const NAMEPLATE_ROWS: { field: keyof TNameplate; label: string }[] = [
  { field: 'serial', label: 'Serial number' },
  { field: 'make', label: 'Make' },
  { field: 'model', label: 'Model' },
  { field: 'sizeInches', label: 'Size' },
];

export function nameplateValue(nameplate: TNameplate, field: keyof TNameplate): string {
  const value = nameplate[field];
  if (value === null || value === '') return '—';
  return field === 'sizeInches' ? `${formatSizeInches(Number(value))}″` : String(value);
}

/** What changed, in one line for the list: "Serial A1 → B2; Model 009 → 009M2". */
export function changeSummary(correction: TCorrectionRecord): string {
  const changed = NAMEPLATE_ROWS.filter(
    ({ field }) => correction.onFile[field] !== correction.proposed[field],
  ).map(
    ({ field, label }) =>
      `${label} ${nameplateValue(correction.onFile, field)} → ${nameplateValue(correction.proposed, field)}`,
  );
  return changed.join('; ') || '—';
}
