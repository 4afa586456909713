import { randomUUID } from 'node:crypto';
import { type TTestReportSheet, testReportPdf } from '../../api/src/modules/test-reports/pdf.js';
import type { TAssemblyType } from '../../shared/assemblies.js';
import { todayInProgramZone } from '../../shared/program-zone.js';
import { readingsSchema } from '../../shared/test-readings.js';
import { evaluateReadings } from '../../shared/test-readings-result.js';
import { type BenchContext, staffHeaders } from '../context.js';
import { round, timeCalls } from '../harness.js';
import { programManagerToken } from './organization-people.js';

// Issue 39: a test report's PDF as the console opens it (GET /api/admin/test-reports/{id}/pdf),
// written by PDFKit on each request: a failed RP repaired and retested (three repairs and
// remarks, the longest one-page report), a clean DC, a PVB and a failed air gap, by turns, among
// as many reports of one organization seeded in SQL (10,000; quick: 400). Timed as the
// provider's staff and as the organization's Program manager (whose call also checks the report
// is the organization's), whole answers read; and the writing alone in the bench process.

export const CASE = 'test report pdf';

const KINDS: { type: TAssemblyType; kind: string; readings: Record<string, unknown> }[] = [
  {
    type: 'RP',
    kind: 'repair',
    readings: {
      check1HeldPsid: '4.9',
      check1ClosedTight: true,
      reliefOpenedPsid: '2.5',
      check2HeldPsid: '1.6',
      check2ClosedTight: true,
      check2BackpressureTight: true,
      shutoff1Tight: true,
      shutoff2Tight: false,
    },
  },
  {
    type: 'DC',
    kind: 'initial',
    readings: {
      check1HeldPsid: '2.4',
      check1ClosedTight: true,
      check2HeldPsid: '1.8',
      check2ClosedTight: true,
      shutoff2Tight: true,
    },
  },
  {
    type: 'PVB',
    kind: 'initial',
    readings: { airInletOpenedPsid: '1.4', airInletFullyOpen: true, checkHeldPsid: '1.2' },
  },
  { type: 'AG', kind: 'initial', readings: { supplyDiameterInches: '1', airGapInches: '1.5' } },
];

const REPAIRS = [
  { valve: 'check1', part: 'Rubber disc', action: 'replaced' },
  { valve: 'reliefValve', part: 'Diaphragm', action: 'cleaned' },
  { valve: 'check2', part: 'Spring', action: 'replaced' },
];

function reportOf(kind: (typeof KINDS)[number], assemblyNumber: string) {
  const readings = readingsSchema(kind.type).parse(kind.readings);
  const evaluation = evaluateReadings(kind.type, readings);
  return {
    kind: kind.kind,
    readings,
    repairs: kind.kind === 'repair' ? REPAIRS : [],
    remarks:
      kind.kind === 'repair'
        ? 'Check valve 1 still weak after the new disc; the owner was told to replace it.'
        : '',
    result: evaluation.result as 'pass' | 'fail',
    ruleResults: evaluation.checks,
    record: {
      tester: { name: 'Pat Benchmark', email: 'pat@example.org' },
      certification: {
        number: 'C-10422',
        agency: 'ABPA',
        type: 'Backflow Tester',
        expiresOn: '2030-06-30',
      },
      kit: {
        serial: 'TK-40211',
        manufacturer: 'Watts',
        model: 'TK-99',
        calibratedOn: '2026-09-05',
        dueOn: '2027-09-05',
      },
      assembly: {
        assemblyId: assemblyNumber,
        type: kind.type,
        serial: 'X1234',
        make: 'Watts',
        model: '009',
        sizeInches: 0.75,
        hazard: 'high',
        placement: 'Basement, north wall',
      },
      location: {
        accountNumber: '100-2231',
        name: 'Corner Bakery',
        address: '412 Alder Street, Springfield, IL 62701',
      },
      company: { name: 'Ace Backflow LLC' },
    },
  };
}

/** `count` reports of an organization by turns of the four kinds; answers it and their ids by kind. */
async function seedReports(context: BenchContext, count: number) {
  const { rows: organizations } = await context.db.query<{ id: number }>(
    'select id from organizations order by id limit 1',
  );
  const organizationId = organizations[0]?.id;
  if (!organizationId) throw new Error('no organization seeded');
  const tag = randomUUID().slice(0, 8);
  const { rows: locations } = await context.db.query<{ id: number }>(
    `insert into locations (organization_id, account_number, name, address1, city, state, zip)
     values ($1, $2, 'Corner Bakery', '412 Alder Street', 'Springfield', 'IL', '62701')
     returning id`,
    [organizationId, `PDF-${tag}`],
  );
  const testDate = todayInProgramZone();
  const ids: number[][] = [];
  for (const [index, kind] of KINDS.entries()) {
    const assemblyNumber = `PDF-${tag}-${kind.type}`;
    const { rows: assemblies } = await context.db.query<{ id: number }>(
      `insert into assemblies (organization_id, location_id, assembly_id, serial, type, make,
                               model, size_inches, hazard, service, placement, status)
       values ($1, $2, $3, 'X1234', $4, 'Watts', '009', 0.75, 'high', 'domestic',
               'Basement, north wall', 'active') returning id`,
      [organizationId, locations[0]?.id, assemblyNumber, kind.type],
    );
    const report = reportOf(kind, assemblyNumber);
    const { rows } = await context.db.query<{ id: number }>(
      `insert into test_reports (key, body_hash, organization_id, assembly_id, kind, test_date,
                                 readings, repairs, remarks, line_pressure_psi, result,
                                 rule_results, record, state)
       select gen_random_uuid(), repeat('0', 64), $1, $2, $3, $4, $5, $6, $7, 68, $8, $9, $10,
              'pending'
         from generate_series(1, $11::int)
       returning id`,
      [
        organizationId,
        assemblies[0]?.id,
        report.kind,
        testDate,
        JSON.stringify(report.readings),
        JSON.stringify(report.repairs),
        report.remarks,
        report.result,
        JSON.stringify(report.ruleResults),
        JSON.stringify(report.record),
        Math.ceil((count - index) / KINDS.length),
      ],
    );
    ids.push(rows.map((row) => row.id));
  }
  await context.db.query('vacuum analyze test_reports');
  return { organizationId, ids };
}

/** The writing alone, in this process: from the first call to the document's last byte. */
async function timeWriting(context: BenchContext, scale: string) {
  const sheets: TTestReportSheet[] = KINDS.map((kind, index) => {
    const report = reportOf(kind, `PDF-${kind.type}`);
    return {
      ...report,
      id: index + 1,
      organizationName: 'Springfield Water Department',
      kind: report.kind as TTestReportSheet['kind'],
      testDate: todayInProgramZone(),
      repairs: report.repairs as TTestReportSheet['repairs'],
      replacement: null,
      linePressurePsi: 68,
      checks: report.ruleResults,
      state: 'pending',
      autoAccepted: false,
      reason: '',
      filedOn: todayInProgramZone(),
      decidedOn: null,
      filerName: null,
    };
  });
  const write = async (i: number) => {
    const document = testReportPdf(sheets[i % sheets.length] as TTestReportSheet, 'en');
    document.resume();
    await new Promise((resolve) => document.on('end', resolve));
  };
  await timeCalls(20, write);
  const timing = await timeCalls(context.quick ? 100 : 2000, write, context.quick ? 1 : 10);
  context.recorder.record({
    case: CASE,
    measure: 'writing alone p50',
    value: timing.p50,
    unit: 'ms',
    scale,
  });
  context.recorder.record({
    case: CASE,
    measure: 'writing alone p99',
    value: timing.p99,
    unit: 'ms',
    scale,
  });
}

export async function testReportPdfCase(context: BenchContext) {
  const count = context.quick ? 400 : 10_000;
  const { organizationId, ids } = await seedReports(context, count);
  const scale = `${count} reports`;
  const manager = { ...context, token: await programManagerToken(context, { id: organizationId }) };
  /** The i-th call's report: the kinds by turns, each time another of its reports. */
  const pathOf = (i: number) => {
    const ofKind = ids[i % ids.length] ?? [];
    return `/api/admin/test-reports/${ofKind[Math.floor(i / ids.length) % ofKind.length]}/pdf`;
  };
  let bytes = 0;
  let checked = false;
  const fetchPdf = (who: BenchContext) => async (i: number) => {
    const response = await fetch(`${context.server.baseUrl}${pathOf(i)}`, {
      headers: staffHeaders(who),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok || response.headers.get('content-type') !== 'application/pdf') {
      throw new Error(`${pathOf(i)}: HTTP ${response.status} ${body.subarray(0, 200)}`);
    }
    if (!checked && body.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
    checked = true;
    bytes = Math.max(bytes, body.length);
  };
  for (const [who, label] of [
    [context, "provider's staff"],
    [manager, 'Program manager'],
  ] as const) {
    const call = fetchPdf(who);
    await timeCalls(20, call);
    const timing = await timeCalls(context.quick ? 100 : 2000, call, context.quick ? 1 : 20);
    context.recorder.record({
      case: CASE,
      measure: `PDF (${label}) p50`,
      value: timing.p50,
      unit: 'ms',
      scale,
    });
    context.recorder.record({
      case: CASE,
      measure: `PDF (${label}) p99`,
      value: timing.p99,
      unit: 'ms',
      scale,
      target: { op: '<=', value: 100 },
    });
  }
  context.recorder.record({
    case: CASE,
    measure: 'largest PDF',
    value: round(bytes / 1024, 1),
    unit: 'KB',
    scale,
  });
  await timeWriting(context, scale);
}
