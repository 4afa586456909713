import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  TEST_FORM_PATH,
  type TTestFormStep,
  testReportPath,
} from '../../../../shared/site-routes.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { navigate } from '../history.js';
import { CheckAnswers } from './CheckAnswers.js';
import type { TDraft, TKeptReport } from './draft.js';
import { keepReport, keptAssembly, keptReport, type TFoundAssembly } from './field-store.js';
import { onReportsChanged, reportsChanged, sendWaiting } from './outbox.js';
import { ReportForm } from './ReportForm.js';
import { STATE_KEYS, startReport } from './ReportsHome.js';
import {
  choicesOf,
  fieldElementId,
  filingBody,
  formErrors,
  readingsState,
  type TFormErrors,
} from './report.js';
import { SiteLink, TestPage } from './TestPage.js';
import type { TFieldWords } from './words.js';

// A report on the phone, by its key: its form (saved at every change), its last page, and once
// finished what it came to (waiting to be sent, accepted, waiting for review).

/** The field the check page's Change link returns to: it takes focus when the form shows. */
let focusOnArrival: string | null = null;

function useKeptReport(reportKey: string) {
  const [report, setReport] = useState<TKeptReport | null | undefined>(undefined);
  const [assembly, setAssembly] = useState<TFoundAssembly | null>(null);
  useEffect(() => {
    let current = true;
    const read = async () => {
      const kept = await keptReport(reportKey);
      const id = kept?.draft.assemblyId;
      const chosen = id
        ? ((await keptAssembly(id)) ?? (kept?.assembly?.id === id ? kept.assembly : null))
        : null;
      if (!current) return;
      setReport(kept);
      setAssembly(chosen);
    };
    read().catch(() => current && setReport(null));
    const stop = onReportsChanged(() => void read());
    return () => {
      current = false;
      stop();
    };
  }, [reportKey]);
  return { report, setReport, assembly, setAssembly };
}

function Outcome({
  words,
  record,
  report,
}: {
  words: TFieldWords;
  record: TFieldRecord;
  report: TKeptReport;
}) {
  const { tf } = words;
  const organization = report.summary?.organization ?? '';
  const filed = report.state === 'filed' ? report.filed : undefined;
  const [title, text] = !filed
    ? [tf('testReports.outcome.waitingTitle'), tf('testReports.outcome.waitingText')]
    : filed.state === 'accepted'
      ? [
          tf('testReports.outcome.acceptedTitle'),
          tf('testReports.outcome.acceptedText', { organization }),
        ]
      : [
          tf('testReports.outcome.pendingTitle'),
          tf('testReports.outcome.pendingText', { organization }),
        ];
  return (
    <TestPage words={words} title={title}>
      <p role="status">{text}</p>
      {filed ? <p>{tf(STATE_KEYS[filed.state])}</p> : null}
      <p className="actions-inline">
        <button type="button" className="button primary" onClick={() => void startReport(record)}>
          {tf('testReports.outcome.another')}
        </button>
        <SiteLink to={TEST_FORM_PATH}>{tf('testReports.outcome.allReports')}</SiteLink>
      </p>
    </TestPage>
  );
}

export function ReportPage({
  words,
  record,
  reportKey,
  step,
}: {
  words: TFieldWords;
  record: TFieldRecord;
  reportKey: string;
  step: TTestFormStep;
}) {
  const { tf } = words;
  const { report, setReport, assembly, setAssembly } = useKeptReport(reportKey);
  const [errors, setErrors] = useState<TFormErrors>({});
  const [busy, setBusy] = useState(false);
  /** Saves are written one after another, so the last change is the one kept. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  useLayoutEffect(() => {
    if (step !== 'form' || !focusOnArrival || !report) return;
    document.getElementById(focusOnArrival)?.focus();
    focusOnArrival = null;
  }, [step, report]);

  if (report === undefined) return null;
  if (report === null || report.personId !== record.person.id) {
    return (
      <TestPage words={words} title={tf('testReports.form.title')}>
        <p>{tf('testReports.form.notFound')}</p>
        <SiteLink to={TEST_FORM_PATH}>{tf('testReports.form.back')}</SiteLink>
      </TestPage>
    );
  }
  if (report.state === 'waiting' || report.state === 'filed') {
    return <Outcome words={words} record={record} report={report} />;
  }

  const draft = report.draft;
  const choices = choicesOf(record, draft);
  const readings = assembly
    ? readingsState(assembly.type, draft.readings, choices.organization)
    : null;
  const body = () =>
    filingBody(
      report.key,
      draft,
      choices,
      readings ?? { evaluation: { result: 'incomplete', checks: [] }, problems: {}, values: {} },
    );
  const problems = () =>
    formErrors(draft, choices, assembly, assembly?.type ?? null, readings, body());

  const save = (next: TKeptReport) => {
    setReport(next);
    saving.current = saving.current.then(() => keepReport(next)).catch(() => {});
  };
  const summaryOf = (nextDraft: TDraft, chosen: TFoundAssembly | null): TKeptReport['summary'] => {
    const organization = record.organizations.find((o) => o.id === nextDraft.organizationId);
    const name = organization?.name ?? choices.organization?.name ?? '';
    return chosen
      ? { organization: name, assembly: chosen.assemblyId, address: chosen.address }
      : null;
  };
  const change = (changes: Partial<TDraft>) => {
    const nextDraft = { ...draft, ...changes };
    save({
      ...report,
      draft: nextDraft,
      summary: summaryOf(nextDraft, assembly),
      updatedAt: new Date().toISOString(),
    });
  };
  const chooseAssembly = (chosen: TFoundAssembly | null) => {
    setAssembly(chosen);
    const nextDraft = {
      ...draft,
      organizationId: draft.organizationId ?? choices.organization?.id ?? null,
      assemblyId: chosen?.id ?? null,
      readings: chosen?.type === assembly?.type ? draft.readings : {},
    };
    save({
      ...report,
      draft: nextDraft,
      summary: summaryOf(nextDraft, chosen),
      updatedAt: new Date().toISOString(),
    });
    if (!chosen) focusOnArrival = fieldElementId('assembly');
  };

  const file = async () => {
    setBusy(true);
    const finished: TKeptReport = {
      ...report,
      state: 'waiting',
      body: body(),
      updatedAt: new Date().toISOString(),
    };
    await saving.current;
    await keepReport(finished);
    setReport(finished);
    reportsChanged();
    await sendWaiting(record.person.id).catch(() => {});
    setBusy(false);
    navigate(testReportPath(report.key));
  };

  if (step === 'check') {
    const found = problems();
    if (Object.keys(found).length > 0 || !assembly || !readings) {
      return <ReturnToForm reportKey={report.key} errors={found} onErrors={setErrors} />;
    }
    return (
      <TestPage words={words} title={tf('testReports.check.title')} key="check">
        <CheckAnswers
          words={words}
          draft={draft}
          choices={choices}
          assembly={assembly}
          readings={readings}
          busy={busy}
          onChange={(path) => {
            focusOnArrival = fieldElementId(path);
            navigate(testReportPath(report.key));
          }}
          onFile={() => void file()}
        />
      </TestPage>
    );
  }

  return (
    <TestPage words={words} title={tf('testReports.form.title')} key="form">
      <ReportForm
        words={words}
        record={record}
        draft={draft}
        choices={choices}
        assembly={assembly}
        readings={readings}
        errors={errors}
        returnedMessages={report.state === 'returned' ? (report.returned?.messages ?? []) : []}
        change={change}
        chooseAssembly={chooseAssembly}
        onContinue={() => {
          const found = problems();
          setErrors(found);
          if (Object.keys(found).length === 0) navigate(testReportPath(report.key, 'check'));
        }}
      />
      <p>
        <SiteLink to={TEST_FORM_PATH}>{tf('testReports.form.back')}</SiteLink>
      </p>
    </TestPage>
  );
}

/** The last page opened with something still to correct: back to the form, the errors shown. */
function ReturnToForm({
  reportKey,
  errors,
  onErrors,
}: {
  reportKey: string;
  errors: TFormErrors;
  onErrors(errors: TFormErrors): void;
}) {
  useEffect(() => {
    onErrors(errors);
    navigate(testReportPath(reportKey), { replace: true });
  }, [reportKey, errors, onErrors]);
  return null;
}
