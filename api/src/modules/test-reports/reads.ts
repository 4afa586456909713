import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LANGUAGE, languageOf, type TLanguage } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  accountTestReportPdfPath,
  type TTestReportListItem,
  type TTestReportListQuery,
} from '../../../../shared/test-report-list.js';
import { TEST_REPORT_MESSAGES } from '../../../../shared/test-reports.js';
import { AppError } from '../../errors.js';
import { type ReportSheetRow, reportSheet, reportsOfPerson } from './list-queries.js';
import type { TTestReportSheet } from './pdf.js';

// Filed reports read back: by the person who tested or filed them (My registrations), and by the
// organization's people and the provider's staff (the console; the route's organization rule
// keeps another organization's out). Each in its reader's language.

/**
 * The reports the person tested or filed, newest first, a page at a time; one returned and filed
 * again shows as the report filed again, which names it.
 */
export async function reportsOf(
  em: EntityManager,
  userId: number,
  page: TTestReportListQuery,
): Promise<{ reports: TTestReportListItem[]; nextBefore: number | null }> {
  const rows = await reportsOfPerson(em, {
    userId,
    before: page.before ?? null,
    limit: page.limit + 1,
  });
  const reports = rows.slice(0, page.limit).map(
    (row): TTestReportListItem => ({
      id: row.id,
      key: row.key,
      kind: row.kind,
      state: row.state,
      result: row.result,
      assemblyId: row.assembly_number,
      assemblyRef: row.assembly_ref,
      address: row.address,
      organization: { id: row.organization_id, name: row.organization_name },
      testerName: row.tester_name,
      testDate: row.test_date,
      filedAt: row.filed_at,
      reason: row.state === 'rejected' || row.state === 'returned' ? row.reason || null : null,
      pdfUrl: accountTestReportPdfPath(row.id),
      replaces: row.replaces && {
        ...row.replaces,
        pdfUrl: accountTestReportPdfPath(row.replaces.id),
      },
    }),
  );
  const last = reports.at(-1);
  return { reports, nextBefore: rows.length > page.limit && last ? last.id : null };
}

function sheetOf(row: ReportSheetRow): TTestReportSheet {
  const filerIsTester = row.filed_by_id === null || row.filed_by_id === row.tester_id;
  return {
    id: row.id,
    organizationName: row.organization_name,
    kind: row.kind,
    testDate: row.test_date,
    readings: row.readings,
    repairs: row.repairs,
    replacement: row.replacement,
    remarks: row.remarks,
    linePressurePsi: row.line_pressure_psi,
    result: row.result,
    checks: row.rule_results,
    record: row.record,
    state: row.state,
    autoAccepted: row.auto_accepted,
    reason: row.reason,
    filedOn: todayInProgramZone(new Date(row.filed_at)),
    decidedOn: row.decided_at ? todayInProgramZone(new Date(row.decided_at)) : null,
    filerName: filerIsTester ? null : row.filer_name,
  };
}

const notFound = () => AppError.notFound(TEST_REPORT_MESSAGES.notFound);

/**
 * A report for the person who tested or filed it (anyone else: 404, as if it did not exist), in
 * the language asked for (?lang=), else the one they registered with the organization in.
 */
export async function sheetForPerson(
  em: EntityManager,
  userId: number,
  id: number,
  asked: unknown,
): Promise<{ sheet: TTestReportSheet; language: TLanguage }> {
  const row = await reportSheet(em, { id, readerId: userId });
  if (!row || (row.tester_id !== userId && row.filed_by_id !== userId)) throw notFound();
  const language = languageOf(asked) ?? languageOf(row.reader_language) ?? DEFAULT_LANGUAGE;
  return { sheet: sheetOf(row), language };
}

/** A report for the console, in English unless another language is asked for (?lang=es). */
export async function sheetForStaff(
  em: EntityManager,
  id: number,
  asked: unknown,
): Promise<{ sheet: TTestReportSheet; language: TLanguage }> {
  const row = await reportSheet(em, { id, readerId: null });
  if (!row) throw notFound();
  return { sheet: sheetOf(row), language: languageOf(asked) ?? DEFAULT_LANGUAGE };
}
