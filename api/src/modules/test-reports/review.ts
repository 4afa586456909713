import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import { DEFAULT_LANGUAGE, languageOf } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  readingsAsTyped,
  TEST_REPORT_RETURN_DAYS,
  type TReturnedReport,
  type TTestReportReviewRecord,
} from '../../../../shared/test-report-review.js';
import {
  TEST_REPORT_DECISION_MESSAGES,
  TEST_REPORT_MESSAGES,
  type TTestReportDecision,
  type TTestReportState,
} from '../../../../shared/test-reports.js';
import { AppError } from '../../errors.js';
import {
  hashSecretToken,
  isSecretTokenShaped,
  newSecretToken,
} from '../../security/secret-tokens.js';
import { fieldsOf } from '../assembly-corrections/service.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import { getAssembly, recordAcceptedTest, updateAssembly } from '../inventory/service.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { testReportChanged } from '../webhooks/payloads.js';
import { returnedReportEmail } from './review-email.js';
import {
  claimDecision,
  claimReturnLink,
  latestAcceptedTest,
  type ReviewConditions,
  type ReviewRow,
  reportHistory,
  returnAddressee,
  returnedByToken,
  reviewPage,
} from './review-queries.js';

// The organization's review of filed test reports: its queue, each decision once (accept puts
// the test on the assembly's record, reject and return carry a reason, a return sends the tester
// a personal link to correct and file again, a reset takes a decision back to pending), each in
// one transaction with its audit entry and its webhook event.

export { TEST_REPORT_SORT_FIELDS } from './review-queries.js';

const DAY_MS = 86_400_000;
const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function toRecord(row: ReviewRow): TTestReportReviewRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    assemblyRef: row.assembly_ref,
    assemblyId: row.assembly_id,
    assemblyType: row.assembly_type,
    address: [row.address1, row.city].filter(Boolean).join(', '),
    kind: row.kind,
    testDate: row.test_date,
    filedAt: new Date(row.filed_at).toISOString(),
    result: row.result,
    state: row.state,
    autoAccepted: row.auto_accepted,
    testerName: row.tester_name,
    filedBy: row.filed_by ?? '',
    reason: row.reason,
    decidedBy: row.decided_by,
    decidedAt: iso(row.decided_at),
    supersededBy: row.superseded_by_id,
    supersedes: row.supersedes_id,
    readings: readingsAsTyped(row.readings),
    ruleResults: row.rule_results,
    repairs: row.repairs,
    replacement: row.replacement,
    remarks: row.remarks,
    linePressurePsi: row.line_pressure_psi,
    record: row.record,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

type ListPage = { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number };

export async function listTestReports(
  em: EntityManager,
  filter: ReviewConditions,
  page: ListPage,
): Promise<{ rows: TTestReportReviewRecord[]; total: number }> {
  if (filter.ids?.length === 0) return { rows: [], total: 0 };
  const { rows, total } = await reviewPage(em, filter, {
    sort: page.sort,
    descending: page.order === 'DESC',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(toRecord), total };
}

async function reportOf(em: EntityManager, id: number): Promise<TTestReportReviewRecord> {
  const { rows } = await listTestReports(
    em,
    { ids: [id] },
    { sort: 'id', order: 'ASC', offset: 0, limit: 1 },
  );
  if (!rows[0]) throw AppError.notFound(TEST_REPORT_MESSAGES.notFound);
  return rows[0];
}

/** One report with everything a Reviewer reads, and what was done to it. */
export async function getTestReport(
  em: EntityManager,
  id: number,
): Promise<TTestReportReviewRecord> {
  const report = await reportOf(em, id);
  const history = (await reportHistory(em, id)).map((entry) => ({
    action: entry.action,
    state: entry.state,
    reason: entry.reason,
    by: entry.by,
    at: new Date(entry.at).toISOString(),
  }));
  return { ...report, history };
}

const STATE_OF = {
  accept: 'accepted',
  reject: 'rejected',
  return: 'returned',
  reset: 'pending',
} as const satisfies Record<TTestReportDecision['decision'], TTestReportState>;

const AUDIT_ACTION_OF = {
  accept: 'accept',
  reject: 'reject_report',
  return: 'return_to_tester',
  reset: 'reset',
} as const;

/** The state a decision starts from: pending, or (a reset) any decided one; else 409. */
function expectedState(report: TTestReportReviewRecord, decision: TTestReportDecision) {
  if (report.supersededBy !== null) {
    throw AppError.conflict(TEST_REPORT_DECISION_MESSAGES.superseded);
  }
  if (decision.decision === 'reset') {
    if (report.state === 'pending') {
      throw AppError.conflict(TEST_REPORT_DECISION_MESSAGES.notDecided);
    }
    return report.state;
  }
  if (report.state !== 'pending') throw AppError.conflict(TEST_REPORT_DECISION_MESSAGES.decided);
  return 'pending';
}

/** A new personal link for a returned report: the token to send, and what is kept of it. */
function newReturnLink(now = new Date()) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + TEST_REPORT_RETURN_DAYS * DAY_MS);
  return {
    token,
    tokenHash: hashSecretToken(token),
    expiresAt,
    expiresOn: todayInProgramZone(expiresAt),
  };
}

/**
 * A reset accepted report no longer holds the assembly's last test: where that test is this
 * report's, the assembly's latest other accepted report becomes its last test (through the
 * inventory's own update, audited and announced); with none, the assembly stays as it is (what
 * the utility had on file before the report is not known). Answers what it did, for the audit.
 */
async function restoreLastTest(
  tx: EntityManager,
  actor: Actor,
  report: TTestReportReviewRecord,
): Promise<'restored' | 'kept' | 'unchanged'> {
  const onFile = await getAssembly(tx, report.assemblyRef);
  if (onFile.lastTestedOn !== report.testDate || onFile.lastResult !== report.result) {
    return 'unchanged';
  }
  const latest = await latestAcceptedTest(tx, {
    assemblyRef: report.assemblyRef,
    exceptId: report.id,
  });
  if (!latest) return 'kept';
  if (latest.test_date === onFile.lastTestedOn && latest.result === onFile.lastResult) {
    return 'unchanged';
  }
  await updateAssembly(tx, actor, report.assemblyRef, {
    ...fieldsOf(onFile),
    lastTestedOn: latest.test_date,
    lastResult: latest.result,
  });
  return 'restored';
}

/** The tester's email with the link, in the language they registered in; none without a tester. */
async function stageReturnEmail(
  tx: EntityManager,
  report: TTestReportReviewRecord,
  link: ReturnType<typeof newReturnLink>,
  reason: string,
): Promise<boolean> {
  const addressee = await returnAddressee(tx, report.id);
  if (!addressee) return false;
  stageEmail(
    tx,
    returnedReportEmail({
      reportId: report.id,
      tokenHash: link.tokenHash,
      token: link.token,
      expiresOn: link.expiresOn,
      to: {
        firstName: addressee.first_name,
        email: addressee.email,
        language: languageOf(addressee.language) ?? DEFAULT_LANGUAGE,
      },
      organization: addressee.organization_name,
      assembly: report.assemblyId,
      address: report.record.location.address || report.address,
      testDate: report.testDate,
      reason,
    }),
  );
  return true;
}

/**
 * The organization's decision on a report, once per change: accept, reject or return a pending
 * report, or reset a decided one to pending. A report decided meanwhile answers 409.
 */
export async function decideTestReport(
  em: EntityManager,
  actor: Actor,
  id: number,
  decision: TTestReportDecision,
): Promise<TTestReportReviewRecord> {
  const report = await reportOf(em, id);
  const from = expectedState(report, decision);
  const state = STATE_OF[decision.decision];
  const link = decision.decision === 'return' ? newReturnLink() : null;
  await em.transactional(async (tx) => {
    const claimed = await claimDecision(tx, {
      id,
      expected: from,
      state,
      reason: state === 'pending' ? '' : decision.reason,
      decidedBy: state === 'pending' ? null : actor.id,
      tokenHash: link?.tokenHash ?? null,
      expiresAt: link?.expiresAt ?? null,
    });
    if (!claimed) throw AppError.conflict(TEST_REPORT_DECISION_MESSAGES.decided);
    const facts = {
      id,
      organization_id: report.organizationId,
      assembly_id: report.assemblyRef,
      assembly_number: report.assemblyId,
      test_date: report.testDate,
      result: report.result,
      state,
    };
    const after: Record<string, unknown> = { state, reason: decision.reason };
    switch (decision.decision) {
      case 'accept':
        await recordAcceptedTest(tx, actor, report.assemblyRef, {
          testedOn: report.testDate,
          result: report.result,
        });
        recordWebhookEvent(tx, testReportChanged('accepted', facts));
        break;
      case 'reject':
        recordWebhookEvent(tx, testReportChanged('rejected', facts));
        break;
      case 'return':
        if (link) {
          after.emailed = await stageReturnEmail(tx, report, link, decision.reason);
          after.linkExpiresAt = link.expiresAt.toISOString();
        }
        recordWebhookEvent(tx, testReportChanged('returned', facts));
        break;
      case 'reset':
        // No event: the four events are the report's decisions; the next one is told again.
        if (from === 'accepted') after.assembly = await restoreLastTest(tx, actor, report);
        break;
    }
    recordAudit(tx, actor, {
      action: AUDIT_ACTION_OF[decision.decision],
      entityType: 'test_report',
      entityId: id,
      organizationId: report.organizationId,
      before: { state: from, reason: report.reason },
      after,
    });
  });
  return getTestReport(em, id);
}

/** A returned report as its personal link opens it (no session: the token is the key). */
export async function returnedReport(em: EntityManager, token: string): Promise<TReturnedReport> {
  const row = isSecretTokenShaped(token)
    ? await returnedByToken(em, { tokenHash: hashSecretToken(token) })
    : null;
  if (!row) throw AppError.notFound(TEST_REPORT_DECISION_MESSAGES.returnLinkInvalid);
  return {
    id: row.id,
    organization: { id: row.organization_id, name: row.organization_name },
    assembly: {
      id: row.assembly_ref,
      assemblyId: row.assembly_id,
      type: row.assembly_type,
      address: row.address,
    },
    reason: row.reason,
    returnedAt: iso(row.decided_at),
    expiresOn: todayInProgramZone(new Date(row.return_expires_at)),
    report: {
      assemblyId: row.assembly_ref,
      testerId: row.tester_id,
      certificationId: row.certification_id,
      testKitId: row.test_kit_id,
      kind: row.kind,
      testDate: row.test_date,
      readings: readingsAsTyped(row.readings),
      repairs: row.repairs,
      replacement: row.replacement,
      remarks: row.remarks,
      linePressurePsi: row.line_pressure_psi,
    },
  };
}

/** A problem with the return link, on its field in My registrations' words. */
const returnLinkError = (message: string, status = 422) =>
  new AppError(status, ACCOUNT_CODES.accountErrors, { fieldErrors: { returnToken: message } });

/**
 * Filing again a returned report (called by fileTestReport inside its transaction, after the new
 * report is written): the link must open a report of the same assembly, filed or tested by the
 * filer; the returned report is then superseded by the new one and the link used up. Anything
 * else refuses the filing, so nothing of it is written.
 */
export async function supersedeReturned(
  tx: EntityManager,
  filing: {
    token: string;
    reportId: number;
    assemblyRef: number;
    filer: { id: number; email: string };
  },
): Promise<void> {
  const tokenHash = isSecretTokenShaped(filing.token) ? hashSecretToken(filing.token) : null;
  const returned = tokenHash ? await returnedByToken(tx, { tokenHash }) : null;
  if (!tokenHash || !returned) {
    throw returnLinkError(TEST_REPORT_DECISION_MESSAGES.returnLinkInvalid);
  }
  if (returned.assembly_ref !== filing.assemblyRef) {
    throw returnLinkError(TEST_REPORT_DECISION_MESSAGES.returnLinkOtherAssembly);
  }
  if (filing.filer.id !== returned.tester_id && filing.filer.id !== returned.filed_by_id) {
    throw returnLinkError(TEST_REPORT_DECISION_MESSAGES.returnLinkNotYours, 403);
  }
  if (!(await claimReturnLink(tx, { tokenHash, supersededBy: filing.reportId }))) {
    throw returnLinkError(TEST_REPORT_DECISION_MESSAGES.returnLinkInvalid);
  }
  recordAudit(
    tx,
    { id: null, email: filing.filer.email },
    {
      action: 'refiled',
      entityType: 'test_report',
      entityId: returned.id,
      organizationId: returned.organization_id,
      before: { state: 'returned', supersededBy: null },
      after: { state: 'returned', supersededBy: filing.reportId },
    },
  );
}
