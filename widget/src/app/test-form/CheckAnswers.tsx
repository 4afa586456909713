import type { ReactNode } from 'react';
import { READING_LABEL_KEYS, READING_VALVE_KEYS } from '../../../../shared/test-readings.js';
import { READING_RESULT_KEYS } from '../../../../shared/test-readings-result.js';
import { assemblyLine } from './AssemblyFinder.js';
import type { TDraft } from './draft.js';
import type { TFoundAssembly } from './field-store.js';
import { readingText } from './ReadingsFields.js';
import { calibrationText, certificationLine, KIND_KEYS, kitLine } from './ReportForm.js';
import { fieldElementId, fieldsOf, type TChoices, type TReadingsState } from './report.js';
import type { TFieldWords } from './words.js';

// The report's last page (GOV.UK's "check answers"): every answer with a way back to change
// it, then File.

interface TRow {
  path: string;
  label: string;
  value: ReactNode;
}

export function CheckAnswers({
  words,
  draft,
  choices,
  assembly,
  readings,
  busy,
  onChange,
  onFile,
}: {
  words: TFieldWords;
  draft: TDraft;
  choices: TChoices;
  assembly: TFoundAssembly;
  readings: TReadingsState;
  busy: boolean;
  onChange(path: string): void;
  onFile(): void;
}) {
  const { tf } = words;
  const none = tf('testReports.check.none');
  const rows: TRow[] = [
    {
      path: 'organization',
      label: tf('testReports.form.organization'),
      value: choices.organization?.name,
    },
    {
      path: 'assembly',
      label: tf('testReports.form.assemblyHeading'),
      value: (
        <>
          {assemblyLine(words, assembly)}
          <br />
          {assembly.address}
        </>
      ),
    },
    { path: 'tester', label: tf('testReports.form.tester'), value: choices.tester?.name },
    {
      path: 'certification',
      label: tf('testReports.form.certification'),
      value: choices.certification ? certificationLine(words, choices.certification) : none,
    },
    {
      path: 'kit',
      label: tf('testReports.form.kit'),
      value: choices.kit ? (
        <>
          {kitLine(words, choices.kit)}
          <br />
          {calibrationText(words, choices, draft.testDate)}
        </>
      ) : (
        none
      ),
    },
    {
      path: 'testDate',
      label: tf('testReports.form.testDate'),
      value: words.formatDate(draft.testDate),
    },
    {
      path: 'kind',
      label: tf('testReports.form.kind'),
      value: draft.kind ? tf(KIND_KEYS[draft.kind]) : none,
    },
  ];
  if (draft.kind === 'repair') {
    rows.push({
      path: 'repairs',
      label: tf('testReports.form.repairsHeading'),
      value: (
        <ul>
          {draft.repairs.map((repair, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a part is its place in the list.
            <li key={index}>
              {repair.valve in READING_VALVE_KEYS
                ? tf(READING_VALVE_KEYS[repair.valve as keyof typeof READING_VALVE_KEYS])
                : repair.valve}
              : {repair.part} (
              {tf(
                repair.action === 'replaced'
                  ? 'testReports.form.replaced'
                  : 'testReports.form.cleaned',
              )}
              )
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (draft.kind === 'replacement') {
    const { serial, make, model, sizeInches } = draft.replacement;
    rows.push({
      path: 'replacement.serial',
      label: tf('testReports.form.replacementHeading'),
      value: [serial, make, model, sizeInches].filter(Boolean).join(', '),
    });
  }
  for (const field of fieldsOf(assembly.type)) {
    const value = draft.readings[field];
    rows.push({
      path: `readings.${field}`,
      label: tf(READING_LABEL_KEYS[field]),
      value: value === undefined ? none : readingText(words, field, value),
    });
  }
  rows.push(
    {
      path: 'readings',
      label: tf('testReports.form.resultHeading'),
      value: tf(READING_RESULT_KEYS[readings.evaluation.result]),
    },
    {
      path: 'linePressure',
      label: tf('testReports.form.linePressure'),
      value: draft.linePressure || none,
    },
    { path: 'remarks', label: tf('testReports.form.remarks'), value: draft.remarks || none },
    {
      path: 'attestation',
      label: tf('testReports.form.attestationLegend'),
      value: tf('testReports.form.attestation'),
    },
  );

  return (
    <>
      <dl className="summary check-answers">
        {rows.map((row) => (
          <div className="summary-row" key={row.path}>
            <dt>{row.label}</dt>
            <dd>{row.value ?? none}</dd>
            <dd className="summary-change">
              {row.path === 'readings' ? null : (
                <a
                  href={`#${fieldElementId(row.path)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onChange(row.path);
                  }}
                >
                  {tf('testReports.check.change')}
                  <span className="visually-hidden"> {row.label}</span>
                </a>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p>{tf('testReports.check.fileNote')}</p>
      <div className="wizard-nav">
        <button
          type="button"
          className="button primary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onFile();
          }}
        >
          {busy ? tf('testReports.check.filing') : tf('testReports.check.file')}
        </button>
      </div>
    </>
  );
}
