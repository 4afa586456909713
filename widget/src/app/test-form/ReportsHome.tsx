import { useEffect, useState } from 'react';
import { ACCOUNT_PATH, testReportPath } from '../../../../shared/site-routes.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { navigate } from '../history.js';
import { newReport, type TKeptReport } from './draft.js';
import { keepReport, keptReports } from './field-store.js';
import { onReportsChanged, sendWaiting } from './outbox.js';
import { SiteLink, TestPage } from './TestPage.js';
import { type TFieldState, useInventoryKeeping } from './use-field-record.js';
import type { TFieldWords } from './words.js';

// The test form's first page: the reports on this phone, those returned to correct first, then
// those waiting to be sent, those in progress and those filed; and a new report.

/** Starts a report (its key made now) and opens it. */
export async function startReport(record: TFieldRecord) {
  const report = newReport(record.person.id, record.organizations);
  await keepReport(report);
  navigate(testReportPath(report.key));
}

export const STATE_KEYS = {
  accepted: 'testReports.home.states.accepted',
  pending: 'testReports.home.states.pending',
  rejected: 'testReports.home.states.rejected',
  returned: 'testReports.home.states.returned',
} as const;

/** The person's reports kept on the phone, read again whenever one changes state. */
export function useKeptReports(personId: number): TKeptReport[] | null {
  const [reports, setReports] = useState<TKeptReport[] | null>(null);
  useEffect(() => {
    let current = true;
    const read = () =>
      keptReports(personId).then(
        (kept) => current && setReports(kept),
        () => current && setReports([]),
      );
    void read();
    const stop = onReportsChanged(read);
    return () => {
      current = false;
      stop();
    };
  }, [personId]);
  return reports;
}

function ReportLine({ words, report }: { words: TFieldWords; report: TKeptReport }) {
  const { tf } = words;
  const { summary, draft } = report;
  return (
    <>
      <strong>
        {summary
          ? tf('testReports.home.reportLine', {
              assembly: summary.assembly,
              address: summary.address,
            })
          : tf('testReports.home.noAssembly')}
      </strong>
      {summary ? ` (${summary.organization})` : ''}
      <br />
      {report.state === 'draft'
        ? tf('testReports.home.startedOn', {
            date: words.formatDate(report.startedAt.slice(0, 10)),
          })
        : tf('testReports.home.testedOn', { date: words.formatDate(draft.testDate) })}
    </>
  );
}

export function ReportsHome({ words, field }: { words: TFieldWords; field: TFieldState }) {
  const { tf } = words;
  const record = field.record as TFieldRecord;
  const reports = useKeptReports(record.person.id);
  const [sending, setSending] = useState(false);
  const keeping = useInventoryKeeping();
  const of = (state: TKeptReport['state']) => (reports ?? []).filter((r) => r.state === state);
  const returned = of('returned');
  const waiting = of('waiting');
  const drafts = of('draft');
  const filed = of('filed');
  const sendNow = async () => {
    setSending(true);
    await sendWaiting(record.person.id).catch(() => {});
    setSending(false);
  };

  return (
    <TestPage words={words} title={tf('testReports.home.title')}>
      <p>{tf('testReports.home.intro')}</p>
      <div role="status">
        {!field.online ? <p className="notice">{tf('testReports.home.offline')}</p> : null}
        {field.signedOut && waiting.length ? (
          <p className="notice">{tf('testReports.home.signInToSend')}</p>
        ) : null}
      </div>
      <p className="hint" role="status">
        {keeping
          ? tf('testReports.keep.keeping')
          : tf('testReports.home.keptOn', { date: words.formatDate(record.keptAt.slice(0, 10)) })}
      </p>
      {record.organizations.length === 0 ? (
        <p>{tf('testReports.home.noOrganization')}</p>
      ) : (
        <p>
          <button type="button" className="button primary" onClick={() => void startReport(record)}>
            {tf('testReports.home.start')}
          </button>
        </p>
      )}
      {returned.length ? (
        <section aria-labelledby="reports-returned">
          <h2 id="reports-returned">{tf('testReports.home.returned')}</h2>
          <ul className="reports">
            {returned.map((report) => (
              <li key={report.key}>
                <ReportLine words={words} report={report} />
                <ul className="error-list">
                  {(report.returned?.messages ?? []).map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
                <SiteLink to={testReportPath(report.key)}>
                  {tf('testReports.home.correct')}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {waiting.length ? (
        <section aria-labelledby="reports-waiting">
          <h2 id="reports-waiting">{tf('testReports.home.waiting')}</h2>
          <p>{tf('testReports.home.waitingNote')}</p>
          <ul className="reports">
            {waiting.map((report) => (
              <li key={report.key}>
                <ReportLine words={words} report={report} />
              </li>
            ))}
          </ul>
          {field.online ? (
            <p>
              <button
                type="button"
                className="button"
                aria-disabled={sending || undefined}
                onClick={() => {
                  if (!sending) void sendNow();
                }}
              >
                {sending ? tf('testReports.home.sending') : tf('testReports.home.sendNow')}
              </button>
            </p>
          ) : null}
        </section>
      ) : null}
      {drafts.length ? (
        <section aria-labelledby="reports-drafts">
          <h2 id="reports-drafts">{tf('testReports.home.inProgress')}</h2>
          <ul className="reports">
            {drafts.map((report) => (
              <li key={report.key}>
                <ReportLine words={words} report={report} />
                <br />
                <SiteLink to={testReportPath(report.key)}>
                  {tf('testReports.home.continue')}
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {filed.length ? (
        <section aria-labelledby="reports-filed">
          <h2 id="reports-filed">{tf('testReports.home.filed')}</h2>
          <ul className="reports">
            {filed.map((report) => (
              <li key={report.key}>
                <ReportLine words={words} report={report} />
                {report.filed ? (
                  <>
                    <br />
                    {tf(STATE_KEYS[report.filed.state])}
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reports && reports.length === 0 ? <p>{tf('testReports.home.nothing')}</p> : null}
      <p>
        <SiteLink to={ACCOUNT_PATH}>{tf('testReports.home.backToAccount')}</SiteLink>
      </p>
    </TestPage>
  );
}
