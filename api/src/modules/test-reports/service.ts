import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import {
  INVENTORY_MESSAGES,
  NAMEPLATE_FIELDS,
  type TNameplate,
} from '../../../../shared/assemblies.js';
import { checkMessage, translateField } from '../../../../shared/i18n/field.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { readingsSchema, repairValveProblems } from '../../../../shared/test-readings.js';
import { evaluateReadings } from '../../../../shared/test-readings-result.js';
import { checkAsOf, type TCheckFailure } from '../../../../shared/test-report-checks.js';
import { mayFileWith, testReportSettingsOf } from '../../../../shared/test-report-settings.js';
import {
  TEST_REPORT_MESSAGES,
  TEST_REPORT_REFUSED,
  type TTestReportFiling,
  type TTestReportState,
} from '../../../../shared/test-reports.js';
import { Assembly, type TTestReportRecord } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { faultPoint } from '../../testing/fault-points.js';
import { stageCorrection } from '../assembly-corrections/service.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { recordAcceptedTest } from '../inventory/service.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { testReportChanged } from '../webhooks/payloads.js';
import {
  type FilingSubjectRow,
  filedRow,
  filingSubject,
  insertReport,
  type RecordAsOfRow,
  recordAsOf,
  reportByKey,
} from './queries.js';
import { supersedeReturned } from './review.js';

// Filing a test report: who may file for whom, the readings by the assembly's type, the checks
// against the record as it stood on the test date (shared/test-report-checks.ts), and one
// report per key made on the device, so a resend, however often, files it once. A clean report
// is accepted at once and goes on the assembly's record; any other waits for the organization.

/** What the filer is answered: the report as filed (the first filing's, for a resend). */
export interface TFiledReport {
  id: number;
  key: string;
  state: TTestReportState;
  result: 'pass' | 'fail';
  assemblyId: string;
  testDate: string;
  filedAt: string;
}

/** A field's problem in My registrations' words: {code, message: {fieldErrors}}. */
const accountFieldError = (field: string, message: string, status = 422) =>
  new AppError(status, ACCOUNT_CODES.accountErrors, { fieldErrors: { [field]: message } });

const digest = (filerId: number, body: TTestReportFiling) =>
  createHash('sha256').update(JSON.stringify({ filerId, body })).digest('hex');

/** The first filing of a key, answered again to its own filer with the same body; else 409. */
async function earlierFiling(
  em: EntityManager,
  filerId: number,
  body: TTestReportFiling,
  bodyHash: string,
): Promise<TFiledReport | null> {
  const earlier = await reportByKey(em, body.key);
  if (!earlier) return null;
  if (earlier.filed_by_id !== filerId || earlier.body_hash !== bodyHash) {
    throw AppError.conflict(TEST_REPORT_MESSAGES.keyReused);
  }
  return filedReport(em, earlier.id);
}

async function filedReport(em: EntityManager, id: number): Promise<TFiledReport> {
  const row = await filedRow(em, id);
  if (!row) throw AppError.notFound(TEST_REPORT_MESSAGES.notFound);
  return {
    id: row.id,
    key: row.key,
    state: row.state,
    result: row.result,
    assemblyId: row.assembly_id,
    testDate: row.test_date,
    filedAt: new Date(row.filed_at).toISOString(),
  };
}

/**
 * Who may file: the tester who tested, or an admin of the tester's company where the
 * organization allows it; the filer active with the organization today. An assembly of an
 * organization the filer is not registered with answers as if it did not exist.
 */
function authorize(subject: FilingSubjectRow | null, filerId: number, testerId: number) {
  if (!subject || subject.filer_registration_id === null) {
    throw AppError.notFound(INVENTORY_MESSAGES.assemblyNotFound);
  }
  if (!subject.filer_active)
    throw new AppError(403, 'forbidden', TEST_REPORT_MESSAGES.notRegistered);
  const settings = testReportSettingsOf(subject.test_report_rules);
  if (filerId === testerId) {
    if (subject.filer_type !== 'tester') {
      throw new AppError(403, 'forbidden', TEST_REPORT_MESSAGES.notRegistered);
    }
  } else {
    const sameCompany =
      subject.filer_type === 'admin' &&
      subject.filer_company_id !== null &&
      subject.filer_company_id === subject.tester_company_id &&
      subject.tester_type === 'tester';
    if (!sameCompany || subject.tester_registration_id === null) {
      throw accountFieldError('testerId', TEST_REPORT_MESSAGES.testerNotYours, 403);
    }
    if (!mayFileWith('admin', settings)) {
      throw new AppError(
        403,
        'forbidden',
        TEST_REPORT_MESSAGES.adminsMayNotFile.replace('{organization}', subject.organization_name),
      );
    }
  }
  return { settings, registrationId: subject.tester_registration_id as number };
}

/**
 * The readings by the assembly's type, and each repair's valve one of the type's: every problem
 * on its own field (422), a valve's in the filer's language.
 */
function readingsOf(subject: FilingSubjectRow, body: TTestReportFiling, language: TLanguage) {
  const parsed = readingsSchema(subject.type).safeParse(body.readings);
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    fieldErrors[['readings', ...issue.path].join('.')] ??= issue.message;
  }
  for (const [path, problem] of Object.entries(repairValveProblems(subject.type, body.repairs))) {
    fieldErrors[path] = translateField(language, problem.key, problem.params);
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    throw new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors });
  }
  return parsed.data;
}

/** The refusals in the filer's language, each with its check's code (422, nothing written). */
function refused(failures: TCheckFailure[], language: TLanguage): AppError {
  return new AppError(422, TEST_REPORT_REFUSED, {
    refusals: failures.map((failure) => ({
      check: failure.check,
      message: checkMessage(failure, language),
    })),
  });
}

const sameNameplate = (a: TNameplate, b: TNameplate) =>
  NAMEPLATE_FIELDS.every((field) => a[field] === b[field]);

function snapshotOf(subject: FilingSubjectRow, record: RecordAsOfRow): TTestReportRecord {
  const { certification, kit } = record;
  return {
    tester: { name: subject.tester_name ?? '', email: subject.tester_email ?? '' },
    certification: {
      number: certification?.number ?? '',
      agency: certification?.agency ?? '',
      type: certification?.type ?? '',
      expiresOn: certification?.expiresOn ?? '',
    },
    kit: {
      serial: kit?.serial ?? '',
      manufacturer: kit?.manufacturer ?? '',
      model: kit?.model ?? '',
      calibratedOn: kit?.calibratedOn ?? '',
      dueOn: kit?.dueOn ?? null,
    },
    assembly: {
      assemblyId: subject.assembly_id,
      type: subject.type,
      serial: subject.serial,
      make: subject.make,
      model: subject.model,
      sizeInches: subject.size_inches === null ? null : Number(subject.size_inches),
      hazard: subject.hazard,
      placement: subject.placement,
    },
    location: {
      accountNumber: subject.location_account_number,
      name: subject.location_name,
      address: subject.location_address,
    },
    company: subject.company_name ? { name: subject.company_name } : null,
  };
}

/**
 * Files a report for the signed-in person. Answers `created: false` with the first filing for
 * a resend of the same report; refuses (422) what the record as of the test date does not allow,
 * writing nothing.
 */
export async function fileTestReport(
  em: EntityManager,
  filerId: number,
  body: TTestReportFiling,
  language: TLanguage,
): Promise<{ created: boolean; report: TFiledReport }> {
  const bodyHash = digest(filerId, body);
  const earlier = await earlierFiling(em, filerId, body, bodyHash);
  if (earlier) return { created: false, report: earlier };

  const subject = await filingSubject(em, {
    assemblyRef: body.assemblyId,
    filerId,
    testerId: body.testerId,
  });
  const { settings, registrationId } = authorize(subject, filerId, body.testerId);
  const assembly = subject as FilingSubjectRow;
  const filer = { id: filerId, email: assembly.filer_email ?? '' };
  const readings = readingsOf(assembly, body, language);
  const evaluation = evaluateReadings(assembly.type, readings, settings.thresholds);
  if (evaluation.result === 'incomplete') {
    throw new AppError(422, ACCOUNT_CODES.accountErrors, {
      fieldErrors: { readings: TEST_REPORT_MESSAGES.readingsIncomplete },
    });
  }
  const record = await recordAsOf(em, {
    registrationId,
    organizationId: assembly.organization_id,
    companyId: assembly.tester_company_id,
    certificationId: body.certificationId,
    kitId: body.testKitId,
  });
  if (!record.certification) {
    throw accountFieldError('certificationId', TEST_REPORT_MESSAGES.certificationNotYours, 422);
  }
  if (!record.kit) throw accountFieldError('testKitId', TEST_REPORT_MESSAGES.kitNotYours, 422);
  const failures = checkAsOf(
    {
      organization: assembly.organization_name,
      tester: assembly.tester_name ?? '',
      assembly: {
        number: assembly.assembly_id,
        status: assembly.status,
        installedOn: assembly.installed_on,
      },
      registration: record.activity ?? [],
      certification: record.certification,
      kit: record.kit,
      credentials: record.credentials ?? [],
      filingWindowDays: settings.filingWindowDays,
    },
    body.testDate,
    todayInProgramZone(),
  );
  if (failures.length > 0) throw refused(failures, language);

  const snapshot = snapshotOf(assembly, record);
  const found = body.foundNameplate;
  const proposesChange =
    body.kind === 'replacement' || (found !== null && !sameNameplate(found, snapshot.assembly));
  // Clean: passing, every check met, nothing for a person to look at.
  const clean = evaluation.result === 'pass' && body.remarks === '' && !proposesChange;
  const actor: Actor = { id: null, email: filer.email };
  const state: TTestReportState = clean ? 'accepted' : 'pending';
  const result = evaluation.result as 'pass' | 'fail';
  const filed = await em.transactional(async (tx) => {
    const inserted = await insertReport(tx, {
      key: body.key,
      bodyHash,
      organizationId: assembly.organization_id,
      assemblyId: assembly.id,
      registrationId,
      testerId: body.testerId,
      filedById: filerId,
      companyId: assembly.tester_company_id,
      certificationId: body.certificationId,
      testKitId: body.testKitId,
      kind: body.kind,
      testDate: body.testDate,
      readings: JSON.stringify(readings),
      repairs: JSON.stringify(body.repairs),
      replacement: body.replacement ? JSON.stringify(body.replacement) : null,
      remarks: body.remarks,
      linePressurePsi: body.linePressurePsi,
      result,
      ruleResults: JSON.stringify(evaluation.checks),
      record: JSON.stringify(snapshot),
      state,
      autoAccepted: clean,
    });
    // The same report sent at the same time: the other filing has it; nothing is written here.
    if (!inserted) return null;
    // Filed again through a returned report's link: that report is superseded, its link used up.
    if (body.returnToken) {
      await supersedeReturned(tx, {
        token: body.returnToken,
        reportId: inserted.id,
        assemblyRef: assembly.id,
        filer,
      });
    }
    if (proposesChange) {
      const onFile = await tx.findOneOrFail(Assembly, { id: assembly.id });
      await stageCorrection(tx, {
        assembly: onFile,
        user: { id: filerId, email: filer.email },
        proposal:
          body.kind === 'replacement' && body.replacement
            ? { ...body.replacement, kind: 'replacement', note: body.remarks }
            : { ...(found as TNameplate), kind: 'nameplate', note: body.remarks },
      });
    }
    const facts = {
      id: inserted.id,
      organization_id: assembly.organization_id,
      assembly_id: assembly.id,
      assembly_number: assembly.assembly_id,
      test_date: body.testDate,
      result,
      state,
    };
    recordAudit(tx, actor, {
      action: 'file',
      entityType: 'test_report',
      entityId: inserted.id,
      organizationId: assembly.organization_id,
      before: null,
      after: { ...facts, kind: body.kind, autoAccepted: clean },
    });
    recordWebhookEvent(tx, testReportChanged('filed', facts));
    if (clean) {
      await recordAcceptedTest(tx, actor, assembly.id, { testedOn: body.testDate, result });
      recordWebhookEvent(tx, testReportChanged('accepted', facts));
    }
    return inserted;
  });
  if (!filed) {
    const first = await earlierFiling(em, filerId, body, bodyHash);
    if (!first) throw AppError.conflict(TEST_REPORT_MESSAGES.keyReused);
    return { created: false, report: first };
  }
  faultPoint('test-report-after-commit');
  return {
    created: true,
    report: {
      id: filed.id,
      key: body.key,
      state,
      result,
      assemblyId: assembly.assembly_id,
      testDate: body.testDate,
      filedAt: new Date(filed.filed_at).toISOString(),
    },
  };
}
