import { addDays, programTimeZone } from '../../../../shared/program-zone.js';
import { REMINDER_THRESHOLDS } from '../../../../shared/reminders.js';
import type { TReportRequest } from '../../../../shared/reports.js';
import type { SqlFragment, SqlParams } from '../../db/sql.js';

// How the reports choose their rows (a scope) and write their cells: text a spreadsheet cannot
// run, dates in the program's time zone, an item's status, a document's address or bundle name.

export interface ReportScope {
  organizationId: number | null;
  range: TReportRequest['range'];
  /** Scheduled reports: registrations after one instant, up to and including another. */
  window?: { after: Date; until: Date };
}

/** How document cells are written: a console address, or a file name inside the bundle. */
export type DocumentReference = { kind: 'link'; baseUrl: string } | { kind: 'bundle' };

/** The characters a spreadsheet reads as the start of a formula. */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];
const FORMULA_START_CODES = FORMULA_STARTS.map((c) => c.charCodeAt(0)).join(', ');

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe: spreadsheets show the text as typed and hide the apostrophe, so a
 * phone number like +1 555 0100 still reads as itself. The first character's code is compared
 * (ascii() reads the first character of any text): a regular expression per cell costs a fifth
 * of the Users report's time.
 */
export function safeText(expression: string): string {
  return `(case when ascii(${expression}) in (${FORMULA_START_CODES}) then '''' || ${expression} else ${expression} end)`;
}

/** safeText for a cell written in JavaScript (CSV built from rows, not by COPY). */
export function spreadsheetSafeText(cell: string): string {
  return FORMULA_STARTS.includes(cell.charAt(0)) ? `'${cell}` : cell;
}

/**
 * An item's status by its due date on :today (program time zone): Expired after it, Expiring
 * within the reminders' 60 days, Valid before; empty without a date.
 */
export function expiryStatusCell(due: string): string {
  return `(case when ${due} is null then '' when ${due} < :today::date then 'Expired'
    when ${due} <= :today::date + ${REMINDER_THRESHOLDS[0]} then 'Expiring' else 'Valid' end)`;
}

export const localDate = (expression: string) =>
  `to_char(${expression} at time zone :zone, 'YYYY-MM-DD')`;

export const localDateTime = (expression: string) =>
  `to_char(${expression} at time zone :zone, 'YYYY-MM-DD HH24:MI')`;

/**
 * Rows whose timestamp falls in the scope: inclusive dates read in the program's time zone.
 * Every use of one scope carries the same values, so a statement may filter twice.
 */
export function scopeFilter(
  scope: ReportScope,
  organizationColumn: string,
  timeColumn: string,
): SqlFragment {
  const conditions: string[] = [];
  const params: SqlParams = { zone: programTimeZone() };
  if (scope.organizationId !== null) {
    conditions.push(`${organizationColumn} = :organizationId`);
    params.organizationId = scope.organizationId;
  }
  if (scope.range) {
    conditions.push(`${timeColumn} >= (:rangeStart::date::timestamp at time zone :zone)`);
    conditions.push(`${timeColumn} < (:dayAfterRange::date::timestamp at time zone :zone)`);
    params.rangeStart = scope.range.start;
    params.dayAfterRange = addDays(scope.range.end, 1);
  }
  if (scope.window) {
    conditions.push(`${timeColumn} > :windowAfter::timestamptz`);
    conditions.push(`${timeColumn} <= :windowUntil::timestamptz`);
    params.windowAfter = scope.window.after;
    params.windowUntil = scope.window.until;
  }
  return { text: conditions.length ? conditions.join(' and ') : 'true', params };
}

/** What owns a document the reports name: its name in the bundle starts with it. */
export type DocumentOwner = 'certification' | 'test-kit' | 'credential';

/** A document's name inside the IE bundle, e.g. documents/certification-12.pdf. */
export function bundleDocumentName(
  kind: DocumentOwner,
  idColumn: string,
  contentTypeColumn: string,
) {
  return `('documents/${kind}-' || ${idColumn} || '.' || (case ${contentTypeColumn} when 'application/pdf' then 'pdf' when 'image/png' then 'png' else 'jpg' end))`;
}

/** A document cell: its console address, or its file name inside the bundle; empty without one. */
export function documentCell(
  reference: DocumentReference,
  kind: DocumentOwner,
  ownerId: string,
  documentAlias: string,
): SqlFragment {
  const cell =
    reference.kind === 'link'
      ? `:documentsUrl || ${documentAlias}.id::text`
      : bundleDocumentName(kind, ownerId, `${documentAlias}.content_type`);
  return {
    text: `(case when ${documentAlias}.id is null then '' else ${cell} end)`,
    // The console's address signs in first, then shows the document (never the bare API).
    params:
      reference.kind === 'link' ? { documentsUrl: `${reference.baseUrl}/scadmin/documents/` } : {},
  };
}
