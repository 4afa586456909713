import { useEffect, useRef, useState } from 'react';
import { CODES } from '../../../../shared/codes.js';
import { TEST_FORM_PATH, testReportPath } from '../../../../shared/site-routes.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { RETURN_LINK_HASH, type TReturnedReport } from '../../../../shared/test-report-review.js';
import { apiGet } from '../api.js';
import { navigate } from '../history.js';
import { newReport, type TKeptReport } from './draft.js';
import { keepReport } from './field-store.js';
import { SiteLink, TestPage } from './TestPage.js';
import type { TFieldWords } from './words.js';

// A returned report's personal link (/account/test#return={token}, emailed when the
// organization returns a report to correct): the report read again with the token, kept on the
// phone as a new report (its own key) holding the organization's reason and the token it is
// filed again with, and opened. The token leaves the address at once.

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

let tokenRead: string | undefined;

/** The link's token, read once and taken out of the address (no reload or bookmark keeps it). */
function linkToken(): string {
  if (tokenRead === undefined) {
    const { hash, pathname, search } = window.location;
    tokenRead = hash.startsWith(RETURN_LINK_HASH) ? hash.slice(RETURN_LINK_HASH.length) : '';
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  }
  return tokenRead;
}

/** Opened: the report kept under its key; or why not (the server's words; none: no signal). */
type TOpened = { key: string } | { refused: string | null };

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
    const message: unknown = answer.message;
    const refused = answer.code !== CODES.fetchFailure && typeof message === 'string';
    return { refused: refused ? message : null };
  });
  return opening;
}

export function ReturnedLink({
  words,
  record,
  online,
}: {
  words: TFieldWords;
  record: TFieldRecord;
  online: boolean;
}) {
  const { tf, localize } = words;
  const [problem, setProblem] = useState<{ refused: string | null } | null>(null);
  const kept = useRef(record);
  kept.current = record;

  useEffect(() => {
    const token = linkToken();
    if (!token) {
      navigate(TEST_FORM_PATH, { replace: true });
      return;
    }
    if (!online) {
      setProblem({ refused: null });
      return;
    }
    let current = true;
    openLink(kept.current, token).then(
      (opened) => {
        if ('key' in opened) navigate(testReportPath(opened.key), { replace: true });
        else if (current) setProblem(opened);
      },
      () => current && setProblem({ refused: null }),
    );
    return () => {
      current = false;
    };
  }, [online]);

  if (!problem) return null;
  return (
    <TestPage words={words} title={tf('testReports.home.title')}>
      <p role="alert">
        {problem.refused ? localize(problem.refused) : tf('testReports.home.linkNeedsSignal')}
      </p>
      <SiteLink to={TEST_FORM_PATH}>{tf('testReports.outcome.allReports')}</SiteLink>
    </TestPage>
  );
}
