import PDFDocument from 'pdfkit';
import type { TAssemblyType } from '../../../../shared/assemblies.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import {
  NOT_OPENED,
  READING_ANSWER_KEYS,
  READING_FAMILIES,
  READING_FIELD_KINDS,
  READING_FORMS,
  READING_LABEL_KEYS,
  READING_VALVE_KEYS,
  type TReadingField,
  type TReadingValve,
} from '../../../../shared/test-readings.js';
import {
  READING_OUTCOME_KEYS,
  READING_RESULT_KEYS,
  READING_RULE_KEYS,
  type TReadingOutcome,
  type TReadingRule,
} from '../../../../shared/test-readings-result.js';
import { formatTenths } from '../../../../shared/test-readings-units.js';
import type {
  TRepairAction,
  TTestReportKind,
  TTestReportState,
} from '../../../../shared/test-reports.js';
import type { TTestReportRecord } from '../../db/entities/index.js';
import {
  BOLD,
  DASH,
  FAIL,
  FONT,
  MUTED,
  PAGE,
  PASS,
  Sheet,
  SIZE,
  type TDocument,
  type TRow,
  winAnsi,
} from './pdf-layout.js';
import {
  ACCEPTED_AT_ONCE,
  ACTIONS,
  HAZARDS,
  KINDS,
  LABELS,
  SECTIONS,
  STATES,
  type TWords,
  TYPES,
  WORDS,
  words,
} from './pdf-words.js';

// A test report as the PDF utilities know: one US Letter page for a report of any type with a
// few repairs (more pages when repairs or remarks run long), in the reader's language. Written
// with PDFKit's standard fonts, whose WinAnsi encoding covers English and Spanish; a character
// it lacks in a name or an address is written as its base letter (docs/decisions.md).

/** What the PDF prints: the report as filed (its record as it stood) and its filing. */
export interface TTestReportSheet {
  id: number;
  organizationName: string;
  kind: TTestReportKind;
  testDate: string;
  readings: Record<string, unknown>;
  repairs: { valve: string; part: string; action: TRepairAction }[];
  replacement: { serial: string; make: string; model: string; sizeInches: number | null } | null;
  remarks: string;
  linePressurePsi: number | null;
  result: 'pass' | 'fail';
  checks: { rule: string; outcome: string; params: Record<string, string> }[];
  record: TTestReportRecord;
  state: TTestReportState;
  autoAccepted: boolean;
  reason: string;
  /** Program days. */
  filedOn: string;
  decidedOn: string | null;
  /** Who filed, when not the tester (a company admin). */
  filerName: string | null;
}

// ---- The report ----

/** A reading as the form shows it: psid, inches, or the words of its answer. */
function readingText(field: TReadingField, value: unknown, { t, inches }: TWords): string {
  if (value === undefined || value === null) return t(WORDS.notTaken);
  switch (READING_FIELD_KINDS[field]) {
    case 'psid':
      return `${formatTenths(Number(value))} psid`;
    case 'opening':
      return value === NOT_OPENED
        ? t(READING_ANSWER_KEYS.opening.notOpened)
        : `${formatTenths(Number(value))} psid`;
    case 'tight':
      return t(value ? READING_ANSWER_KEYS.tight.yes : READING_ANSWER_KEYS.tight.no);
    case 'fullyOpen':
      return t(value ? READING_ANSWER_KEYS.fullyOpen.yes : READING_ANSWER_KEYS.fullyOpen.no);
    case 'inches':
    case 'diameter':
      return inches(Number(value));
  }
}

const sizeText = (size: number | null, { inches }: TWords) =>
  size === null ? '' : inches(Math.round(size * 100));

const isOutcome = (value: string): value is TReadingOutcome =>
  value === 'pass' || value === 'fail' || value === 'missing';

/** Each rule's result in words: its outcome, and its sentence with the values it was held to. */
function ruleRows(sheet: TTestReportSheet, { t }: TWords) {
  return sheet.checks.map((check) => {
    const outcome = isOutcome(check.outcome) ? check.outcome : 'missing';
    const key = READING_RULE_KEYS[check.rule as TReadingRule];
    // A failed test may stop at its failure: a rule whose reading was not taken is not checked.
    const sentence = key ? t(key, check.params).replace(/\{\w+\}/g, DASH) : check.rule;
    const word = outcome === 'missing' ? t(WORDS.notChecked) : t(READING_OUTCOME_KEYS[outcome]);
    const color = outcome === 'pass' ? PASS : outcome === 'fail' ? FAIL : MUTED;
    return { cells: [word, sentence], colors: [color], bold: [true] };
  });
}

function header(sheet: Sheet, report: TTestReportSheet, w: TWords) {
  const { doc } = sheet;
  const badge = { width: 108, height: 38 };
  const right = sheet.left + sheet.width;
  const top = PAGE.margin;
  const passed = report.result === 'pass';
  doc
    .rect(right - badge.width, top, badge.width, badge.height)
    .lineWidth(1.5)
    .strokeColor(passed ? PASS : FAIL)
    .stroke();
  const verdict = w.t(READING_RESULT_KEYS[report.result]).toLocaleUpperCase();
  sheet.style(BOLD, 20);
  // The verdict on one line, smaller where its word is longer (REPROBADA).
  const size = Math.min(20, (20 * (badge.width - 12)) / doc.widthOfString(verdict));
  sheet
    .style(BOLD, size, passed ? PASS : FAIL)
    .write(
      verdict,
      right - badge.width,
      top + (badge.height - size) / 2 + 1,
      badge.width,
      'center',
    );
  sheet
    .style(FONT, SIZE.label, MUTED)
    .write(
      w.t(WORDS.reportNumber, { number: report.id }),
      right - badge.width,
      top + badge.height + 3,
      badge.width,
      'center',
    );
  const textWidth = sheet.width - badge.width - 12;
  sheet.style(BOLD, 14).write(report.organizationName, sheet.left, top, textWidth);
  sheet.style(FONT, 10).write(w.t(WORDS.title), sheet.left, doc.y + 2, textWidth);
  doc.y = Math.max(doc.y, top + badge.height + 12) + 4;
}

function readingsSection(sheet: Sheet, report: TTestReportSheet, w: TWords) {
  const type = report.record.assembly.type as TAssemblyType;
  const family = READING_FAMILIES[type];
  if (!family) return;
  sheet.heading(w.t(SECTIONS.readings));
  const sections: readonly { valve: string; fields: readonly TReadingField[] }[] =
    READING_FORMS[family];
  const blocks = sections.map((section): TRow[] => [
    { cells: [w.t(READING_VALVE_KEYS[section.valve as TReadingValve])], bold: [true] },
    ...section.fields.map((field) => ({
      cells: [w.t(READING_LABEL_KEYS[field]), readingText(field, report.readings[field], w)],
    })),
  ]);
  // The valves in the procedure's order, down the left column and then the right.
  const rows = blocks.reduce((total, block) => total + block.length, 0);
  const left: TRow[] = [];
  const right: TRow[] = [];
  for (const block of blocks) {
    const fits =
      right.length === 0 && (left.length === 0 || left.length + block.length <= rows / 2 + 1);
    (fits ? left : right).push(...block);
  }
  sheet.sideBySide(left, right, (column) => [column * 0.75, column * 0.25]);
  sheet.heading(w.t(SECTIONS.rules));
  sheet.table(ruleRows(report, w), [sheet.width * 0.19, sheet.width * 0.81]);
}

function repairsSection(sheet: Sheet, report: TTestReportSheet, w: TWords) {
  if (report.kind !== 'repair' && report.repairs.length === 0) return;
  sheet.heading(w.t(SECTIONS.repairs));
  if (report.repairs.length === 0) {
    sheet.paragraph(w.t(WORDS.noRepairs));
    return;
  }
  const widths = [sheet.width * 0.3, sheet.width * 0.45, sheet.width * 0.25];
  const valveName = (valve: string) => {
    const key = READING_VALVE_KEYS[valve as TReadingValve];
    return key ? w.t(key) : valve;
  };
  sheet.table(
    [
      {
        cells: [w.t(LABELS.valve), w.t(LABELS.part), w.t(LABELS.action)],
        colors: [MUTED, MUTED, MUTED],
        bold: [true, true, true],
      },
      ...report.repairs.map((repair) => ({
        cells: [valveName(repair.valve), repair.part, w.t(ACTIONS[repair.action])],
      })),
    ],
    widths,
  );
}

function filingFields(report: TTestReportSheet, w: TWords): [string, string, number?][] {
  const state =
    report.state === 'accepted' && report.autoAccepted
      ? w.t(ACCEPTED_AT_ONCE)
      : w.t(STATES[report.state]);
  const decided = report.decidedOn && !report.autoAccepted ? w.day(report.decidedOn) : '';
  return [
    [w.t(LABELS.filedOn), w.day(report.filedOn)],
    [w.t(LABELS.filedBy), report.filerName ?? report.record.tester.name],
    [w.t(LABELS.state), state, decided ? 1 : 2],
    ...(decided ? [[w.t(LABELS.decidedOn), decided] as [string, string]] : []),
    ...(report.reason && (report.state === 'rejected' || report.state === 'returned')
      ? [[w.t(LABELS.reason), report.reason, 4] as [string, string, number]]
      : []),
  ];
}

function body(sheet: Sheet, report: TTestReportSheet, w: TWords) {
  const { t, day } = w;
  const { assembly, location, tester, certification, kit, company } = report.record;
  header(sheet, report, w);

  sheet.heading(t(SECTIONS.location));
  sheet.fields([
    [t(LABELS.accountNumber), location.accountNumber],
    [t(LABELS.locationName), location.name],
    [t(LABELS.address), location.address, 2],
  ]);

  sheet.heading(t(SECTIONS.assembly));
  const typeKey = TYPES[assembly.type as TAssemblyType];
  const hazardKey = HAZARDS[assembly.hazard];
  sheet.fields(
    [
      [t(LABELS.assemblyId), assembly.assemblyId],
      [t(LABELS.type), typeKey ? t(typeKey) : assembly.type, 2],
      [t(LABELS.make), assembly.make],
      [t(LABELS.model), assembly.model],
      [t(LABELS.size), sizeText(assembly.sizeInches, w)],
      [t(LABELS.serial), assembly.serial],
      [t(LABELS.hazard), hazardKey ? t(hazardKey) : assembly.hazard],
      [t(LABELS.placement), assembly.placement, 2],
    ],
    5,
  );

  if (report.kind === 'replacement' && report.replacement) {
    sheet.heading(t(SECTIONS.replacement));
    sheet.fields([
      [t(LABELS.serial), report.replacement.serial],
      [t(LABELS.make), report.replacement.make],
      [t(LABELS.model), report.replacement.model],
      [t(LABELS.size), sizeText(report.replacement.sizeInches, w)],
    ]);
  }

  sheet.heading(t(SECTIONS.test));
  sheet.fields([
    [t(LABELS.kind), t(KINDS[report.kind])],
    [t(LABELS.testDate), day(report.testDate)],
    [
      t(LABELS.linePressure),
      report.linePressurePsi === null ? '' : `${report.linePressurePsi} psi`,
    ],
    [t(LABELS.result), t(READING_RESULT_KEYS[report.result]).toLocaleUpperCase()],
  ]);

  readingsSection(sheet, report, w);
  repairsSection(sheet, report, w);

  sheet.heading(t(SECTIONS.remarks));
  sheet.paragraph(report.remarks || t(WORDS.noRemarks));

  sheet.heading(t(SECTIONS.tester));
  sheet.fields(
    [
      [t(LABELS.tester), tester.name],
      [t(LABELS.company), company?.name || t(WORDS.none)],
      [t(LABELS.certificationNumber), certification.number],
      [t(LABELS.agency), [certification.agency, certification.type].filter(Boolean).join(', ')],
      [t(LABELS.certificationExpires), day(certification.expiresOn)],
    ],
    5,
  );

  sheet.heading(t(SECTIONS.kit));
  sheet.fields(
    [
      [t(LABELS.kitSerial), kit.serial],
      [t(LABELS.kitMake), kit.manufacturer],
      [t(LABELS.kitModel), kit.model],
      [t(LABELS.calibratedOn), day(kit.calibratedOn)],
      [t(LABELS.calibrationDue), kit.dueOn ? day(kit.dueOn) : t(WORDS.noDueDate)],
    ],
    5,
  );

  sheet.heading(t(SECTIONS.filing));
  sheet.fields(filingFields(report, w));

  sheet.heading(t(SECTIONS.attestation));
  sheet.paragraph(t(WORDS.attestation));
  sheet.paragraph(
    t(WORDS.attestedBy, {
      name: report.filerName ?? tester.name,
      filedOn: day(report.filedOn),
    }),
    SIZE.body,
    MUTED,
  );
}

/** Each page's footer: the report's number and the page's. */
function footers(sheet: Sheet, report: TTestReportSheet, w: TWords) {
  const { doc } = sheet;
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    // Below the bottom margin, where writing would otherwise start a page of its own.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    sheet
      .style(FONT, SIZE.label, MUTED)
      .write(
        w.t(WORDS.page, { number: report.id, page: page + 1 }),
        sheet.left,
        doc.page.height - PAGE.margin + 14,
        sheet.width,
        'center',
      );
    doc.page.margins.bottom = margin;
  }
}

/**
 * The report's PDF as a stream, in the language given: pipe it to the answer. Written whole
 * before the first byte leaves (a report is a few kilobytes), so a failure answers an error,
 * never half a document.
 */
export function testReportPdf(report: TTestReportSheet, language: TLanguage): TDocument {
  const w = words(language);
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: winAnsi(`${w.t(WORDS.title)}: ${report.record.assembly.assemblyId}`),
      Author: winAnsi(report.organizationName),
      Subject: winAnsi(w.t(WORDS.reportNumber, { number: report.id })),
    },
    lang: language,
  });
  const sheet = new Sheet(doc);
  body(sheet, report, w);
  footers(sheet, report, w);
  doc.end();
  return doc;
}
