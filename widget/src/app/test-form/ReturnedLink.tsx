import { useEffect, useRef, useState } from 'react';
import { CODES } from '../../../../shared/codes.js';
import type { TFieldKey } from '../../../../shared/i18n/field.js';
import { ACCOUNT_PATH, TEST_FORM_PATH, testReportPath } from '../../../../shared/site-routes.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import type { TReturnedReport } from '../../../../shared/test-report-review.js';
import { apiGet } from '../api.js';
import { navigate } from '../history.js';
import { PageLoading } from '../screens.js';
import { newReport, type TKeptReport } from './draft.js';
import { keepReport } from './field-store.js';
import { awaitSignIn, endReturnLink, forgetAwaitingLink, returnLinkToken } from './return-link.js';
import { SiteLink, TestPage } from './TestPage.js';
import type { TFieldState } from './use-field-record.js';
import type { TFieldWords } from './words.js';

// A returned report's personal link (/account/test#return={token}, emailed when the
// organization returns a report to correct): the report read again with the token, kept on the
// phone as a new report (its own key) holding the organization's reason and the token it is
// filed again with, and opened. The token leaves the address at once (return-link.ts).

/** A report to correct, prefilled from the one returned. */
function correctionOf(record: TFieldRecord, returned: TReturnedReport, token: string): TKeptReport {
  const report = newReport(record.person.id, record.organizations);
  const filed = returned.report;
  const replacement = filed.replacement;
  return {
    ...report,
    state: 'returned',
    returned: { messages: [returned.reason] },
    summary: {
      organization: returned.organization.name,
      assembly: returned.assembly.assemblyId,
      address: returned.assembly.address,
    },
    assembly: {
      id: returned.assembly.id,
      organizationId: returned.organization.id,
      locationId: 0,
      assemblyId: returned.assembly.assemblyId,
      serial: '',
      type: returned.assembly.type,
      status: 'active',
      installedOn: null,
      assemblyKey: returned.assembly.assemblyId.toLowerCase(),
      serialKey: '',
      address: returned.assembly.address,
    },
    draft: {
      ...report.draft,
      organizationId: returned.organization.id,
      assemblyId: filed.assemblyId,
      testerId: filed.testerId,
      certificationId: filed.certificationId,
      testKitId: filed.testKitId,
      kind: filed.kind,
      testDate: filed.testDate,
      readings: filed.readings,
      repairs: filed.repairs,
      replacement: replacement
        ? {
            serial: replacement.serial,
            make: replacement.make,
            model: replacement.model,
            sizeInches: replacement.sizeInches === null ? '' : String(replacement.sizeInches),
          }
        : report.draft.replacement,
      remarks: filed.remarks,
      linePressure: filed.linePressurePsi === null ? '' : String(filed.linePressurePsi),
      returnToken: token,
    },
  };
}

/** Why the link did not open its report, each said in the field's words. */
type TProblem = 'invalid' | 'tooMany' | 'failed' | 'noSignal' | 'signIn';

/** Opened: the report kept under its key; or why not. */
type TOpened = { key: string } | { problem: TProblem };

const PROBLEM_OF: Record<string, TProblem> = {
  [CODES.notFound]: 'invalid',
  [CODES.rateLimited]: 'tooMany',
  [CODES.fetchFailure]: 'noSignal',
};

let opening: Promise<TOpened> | undefined;

/** Reads the returned report once per page load and keeps its correction on the phone. */
function openLink(record: TFieldRecord, token: string): Promise<TOpened> {
  opening ??= apiGet<TReturnedReport>(
    `/api/account/test-reports/returned/${encodeURIComponent(token)}`,
  ).then(async (answer): Promise<TOpened> => {
    if (answer.code === CODES.success && answer.message) {
      const report = correctionOf(record, answer.message, token);
      await keepReport(report);
      return { key: report.key };
    }
    return { problem: PROBLEM_OF[answer.code] ?? 'failed' };
  });
  return opening;
}

const TITLE_KEYS = {
  invalid: 'testFormDevice.returnLink.invalidTitle',
  tooMany: 'testFormDevice.returnLink.failedTitle',
  failed: 'testFormDevice.returnLink.failedTitle',
  noSignal: 'testFormDevice.returnLink.noSignalTitle',
  signIn: 'testFormDevice.returnLink.signInTitle',
} as const satisfies Record<TProblem, TFieldKey>;

const TEXT_KEYS = {
  invalid: 'testFormDevice.returnLink.invalid',
  tooMany: 'testFormDevice.returnLink.tooMany',
  failed: 'testFormDevice.returnLink.failed',
  noSignal: 'testReports.home.linkNeedsSignal',
  signIn: 'testFormDevice.returnLink.signIn',
} as const satisfies Record<TProblem, TFieldKey>;

/**
 * The link's page: the report opened to correct; or, on a device that keeps nothing and is signed
 * out, the way to sign in and back; or why the link cannot open it now, in the page's language.
 */
export function ReturnedLink({ words, field }: { words: TFieldWords; field: TFieldState }) {
  const { tf } = words;
  const [problem, setProblem] = useState<TProblem | null>(null);
  const { record, online, signedOut } = field;
  const kept = useRef(record);
  kept.current = record;

  useEffect(() => {
    const token = returnLinkToken();
    if (!token) return;
    if (!online) return setProblem('noSignal');
    const person = kept.current;
    if (!person) {
      // Nothing kept and the server could not give the record: signed out, or unreachable.
      if (!signedOut) return setProblem('failed');
      awaitSignIn(token);
      return setProblem('signIn');
    }
    let current = true;
    openLink(person, token).then(
      (opened) => {
        if ('key' in opened) {
          endReturnLink();
          navigate(testReportPath(opened.key), { replace: true });
          return;
        }
        // The link's answer is final (but for no signal): it is not tried again on this device.
        if (opened.problem !== 'noSignal') forgetAwaitingLink();
        if (current) setProblem(opened.problem);
      },
      () => current && setProblem('failed'),
    );
    return () => {
      current = false;
    };
  }, [online, signedOut]);

  if (!problem) return <PageLoading />;
  return (
    <TestPage words={words} title={tf(TITLE_KEYS[problem])}>
      <p role="alert">{tf(TEXT_KEYS[problem])}</p>
      <p>
        {problem === 'signIn' ? (
          <SiteLink to={ACCOUNT_PATH} className="button primary">
            {tf('testFormDevice.returnLink.signInLink')}
          </SiteLink>
        ) : (
          <SiteLink to={TEST_FORM_PATH} onFollow={endReturnLink}>
            {tf('testReports.outcome.allReports')}
          </SiteLink>
        )}
      </p>
    </TestPage>
  );
}
