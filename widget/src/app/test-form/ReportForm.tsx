import type { FormEvent } from 'react';
import type { TAssemblyType } from '../../../../shared/assemblies.js';
import { READING_VALVE_KEYS } from '../../../../shared/test-readings.js';
import type { TFieldRecord } from '../../../../shared/test-report-field.js';
import { REPAIR_ACTIONS, TEST_REPORT_KINDS } from '../../../../shared/test-reports.js';
import { useFocusOnRender } from '../focus.js';
import { AssemblyFinder } from './AssemblyFinder.js';
import type { TDraft } from './draft.js';
import type { TFoundAssembly } from './field-store.js';
import { Checkbox, Fact, RadioGroup, SelectInput, TextArea, TextInput } from './fields.js';
import { ReadingsFields } from './ReadingsFields.js';
import {
  calibrationOn,
  certificationFits,
  checksOf,
  formOf,
  kitFits,
  type TChoices,
  type TFormErrors,
  type TReadingsState,
} from './report.js';
import { TestErrorSummary } from './TestErrorSummary.js';
import type { TFieldWords } from './words.js';

// The report's form on one page, in the order of a test in the field: where and what, who with
// which equipment, when and what kind, the readings with the result as they are typed, the
// checks against the record as of the test date, then remarks and the attestation.

export const KIND_KEYS = {
  initial: 'testReports.form.kinds.initial',
  repair: 'testReports.form.kinds.repair',
  replacement: 'testReports.form.kinds.replacement',
} as const;

const REPLACEMENT_KEYS = {
  serial: 'testReports.form.serial',
  make: 'testReports.form.make',
  model: 'testReports.form.model',
  sizeInches: 'testReports.form.size',
} as const;

const ACTION_KEYS = {
  cleaned: 'testReports.form.cleaned',
  replaced: 'testReports.form.replaced',
} as const;

export const certificationLine = (
  words: TFieldWords,
  certification: NonNullable<TChoices['certification']>,
) =>
  words.tf('testReports.form.certificationLine', {
    agency: certification.agency,
    type: certification.type,
    number: certification.number,
    expiresOn: words.formatDate(certification.expiresOn),
  });

export const kitLine = (words: TFieldWords, kit: NonNullable<TChoices['kit']>) =>
  words.tf('testReports.form.kitLine', {
    manufacturer: kit.manufacturer,
    model: kit.model,
    serial: kit.serial,
  });

export function calibrationText(words: TFieldWords, choices: TChoices, day: string) {
  const calibration = choices.kit ? calibrationOn(choices.kit, day) : undefined;
  if (!calibration) return words.tf('testReports.form.noCalibration');
  return words.tf('testReports.form.calibrationLine', {
    from: calibration.from ? words.formatDate(calibration.from) : '–',
    through: calibration.through ? words.formatDate(calibration.through) : '–',
  });
}

export function ReportForm({
  words,
  record,
  draft,
  choices,
  assembly,
  readings,
  errors,
  returnedMessages,
  change,
  chooseAssembly,
  onContinue,
}: {
  words: TFieldWords;
  record: TFieldRecord;
  draft: TDraft;
  choices: TChoices;
  assembly: TFoundAssembly | null;
  readings: TReadingsState | null;
  errors: TFormErrors;
  returnedMessages: string[];
  change(changes: Partial<TDraft>): void;
  chooseAssembly(assembly: TFoundAssembly | null): void;
  onContinue(): void;
}) {
  const { tf } = words;
  // A part added: its first control takes focus.
  const moveFocus = useFocusOnRender();
  const errorOf = (path: string) => {
    const error = errors[path];
    return error === undefined ? undefined : words.errorText(error);
  };
  const { organization, tester, certification, kit } = choices;
  const type: TAssemblyType | null = assembly?.type ?? null;
  const checks = checksOf(choices, assembly, draft.testDate);
  const allChosen = Boolean(assembly && tester && certification && kit);
  const chooseTester = Boolean(organization && organization.testers.length > 1);
  const chooseCertification = Boolean(tester && tester.certifications.length > 1);
  const chooseKit = Boolean(organization && organization.kits.length > 1);
  /** Nothing to choose from: the error shows on its own, where the summary links to. */
  const nothingToChoose = (path: string, choosing: boolean) =>
    !choosing && errorOf(path) ? (
      <p id={`test-${path}`} tabIndex={-1} className="error-message">
        {errorOf(path)}
      </p>
    ) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onContinue();
  };
  const repairs = draft.repairs;
  const setRepair = (index: number, changes: Partial<TDraft['repairs'][number]>) =>
    change({
      repairs: repairs.map((repair, at) => (at === index ? { ...repair, ...changes } : repair)),
    });

  return (
    <form noValidate onSubmit={submit} className="test-form">
      <TestErrorSummary words={words} errors={errors} type={type} />
      {returnedMessages.length ? (
        <div className="returned-box" role="alert">
          <p>{tf('testReports.form.returnedIntro')}</p>
          <ul>
            {returnedMessages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="hint">{tf('testReports.form.saved')}</p>

      <section aria-labelledby="test-where">
        <h2 id="test-where">{tf('testReports.form.assemblyHeading')}</h2>
        {record.organizations.length > 1 ? (
          <SelectInput
            path="organization"
            label={tf('testReports.form.organization')}
            error={errorOf('organization')}
            value={organization ? String(organization.id) : ''}
            placeholder={tf('testReports.form.pleaseChoose')}
            options={record.organizations.map((o) => ({ value: String(o.id), label: o.name }))}
            onChange={(value) => {
              change({
                organizationId: value ? Number(value) : null,
                testerId: null,
                certificationId: null,
                testKitId: null,
              });
              chooseAssembly(null);
            }}
          />
        ) : organization ? (
          <Fact label={tf('testReports.form.organization')} value={organization.name} />
        ) : null}
        {organization ? (
          <AssemblyFinder
            words={words}
            organizationId={organization.id}
            chosen={assembly}
            error={errorOf('assembly')}
            onChoose={chooseAssembly}
          />
        ) : null}
      </section>

      <section aria-labelledby="test-who">
        <h2 id="test-who">{tf('testReports.form.whoHeading')}</h2>
        {organization?.company ? (
          <Fact label={tf('testReports.form.company')} value={organization.company.name} />
        ) : null}
        {chooseTester && organization ? (
          <SelectInput
            path="tester"
            label={tf('testReports.form.tester')}
            error={errorOf('tester')}
            value={tester ? String(tester.id) : ''}
            placeholder={tf('testReports.form.pleaseChoose')}
            options={organization.testers.map((someone) => ({
              value: String(someone.id),
              label: someone.name,
            }))}
            onChange={(value) =>
              change({ testerId: value ? Number(value) : null, certificationId: null })
            }
          />
        ) : tester ? (
          <Fact label={tf('testReports.form.tester')} value={tester.name} />
        ) : null}
        {nothingToChoose('tester', chooseTester)}
        {chooseCertification && tester ? (
          <SelectInput
            path="certification"
            label={tf('testReports.form.certification')}
            error={errorOf('certification')}
            value={certification ? String(certification.id) : ''}
            placeholder={tf('testReports.form.pleaseChoose')}
            options={[...tester.certifications]
              .sort(
                (a, b) =>
                  Number(certificationFits(b, draft.testDate)) -
                  Number(certificationFits(a, draft.testDate)),
              )
              .map((c) => ({ value: String(c.id), label: certificationLine(words, c) }))}
            onChange={(value) => change({ certificationId: value ? Number(value) : null })}
          />
        ) : certification ? (
          <Fact
            label={tf('testReports.form.certification')}
            value={certificationLine(words, certification)}
          />
        ) : null}
        {nothingToChoose('certification', chooseCertification)}
        {chooseKit && organization ? (
          <SelectInput
            path="kit"
            label={tf('testReports.form.kit')}
            error={errorOf('kit')}
            value={kit ? String(kit.id) : ''}
            placeholder={tf('testReports.form.pleaseChoose')}
            options={[...organization.kits]
              .sort(
                (a, b) => Number(kitFits(b, draft.testDate)) - Number(kitFits(a, draft.testDate)),
              )
              .map((k) => ({ value: String(k.id), label: kitLine(words, k) }))}
            onChange={(value) => change({ testKitId: value ? Number(value) : null })}
          />
        ) : kit ? (
          <Fact label={tf('testReports.form.kit')} value={kitLine(words, kit)} />
        ) : null}
        {nothingToChoose('kit', chooseKit)}
        {kit ? (
          <Fact
            label={tf('testReports.form.calibration')}
            value={calibrationText(words, choices, draft.testDate)}
          />
        ) : null}
      </section>

      <section aria-labelledby="test-when">
        <h2 id="test-when">{tf('testReports.form.whenHeading')}</h2>
        <TextInput
          path="testDate"
          type="date"
          label={tf('testReports.form.testDate')}
          error={errorOf('testDate')}
          value={draft.testDate}
          onChange={(testDate) => change({ testDate })}
        />
        <RadioGroup
          path="kind"
          label={tf('testReports.form.kind')}
          error={errorOf('kind')}
          value={draft.kind ?? undefined}
          options={TEST_REPORT_KINDS.map((kind) => ({ value: kind, label: tf(KIND_KEYS[kind]) }))}
          onChange={(kind) => change({ kind })}
        />
        {draft.kind === 'repair' ? (
          <fieldset className="block" aria-describedby="test-repairs-hint">
            <legend>{tf('testReports.form.repairsHeading')}</legend>
            <p id="test-repairs-hint" className="hint">
              {tf('testReports.form.repairsHint')}
            </p>
            {errorOf('repairs') ? (
              <p id="test-repairs" tabIndex={-1} className="error-message">
                {errorOf('repairs')}
              </p>
            ) : null}
            {repairs.map((repair, index) => (
              <fieldset
                className="block nested"
                // biome-ignore lint/suspicious/noArrayIndexKey: a part is its place in the list.
                key={index}
              >
                <legend>{tf('testReports.form.partHeading', { number: index + 1 })}</legend>
                <SelectInput
                  path={`repairs.${index}.valve`}
                  label={tf('testReports.form.repairValve')}
                  value={repair.valve}
                  placeholder={tf('testReports.form.pleaseChoose')}
                  options={(type ? formOf(type) : []).map((section) => ({
                    value: section.valve,
                    label: tf(READING_VALVE_KEYS[section.valve]),
                  }))}
                  onChange={(valve) => setRepair(index, { valve })}
                />
                <TextInput
                  path={`repairs.${index}.part`}
                  label={tf('testReports.form.repairPart')}
                  error={errorOf(`repairs.${index}.part`)}
                  value={repair.part}
                  onChange={(part) => setRepair(index, { part })}
                />
                <RadioGroup
                  path={`repairs.${index}.action`}
                  label={tf('testReports.form.repairAction')}
                  error={errorOf(`repairs.${index}.action`)}
                  value={repair.action ?? undefined}
                  options={REPAIR_ACTIONS.map((action) => ({
                    value: action,
                    label: tf(ACTION_KEYS[action]),
                  }))}
                  onChange={(action) => setRepair(index, { action })}
                />
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => change({ repairs: repairs.filter((_, at) => at !== index) })}
                >
                  {tf('testReports.form.removePart', { number: index + 1 })}
                </button>
              </fieldset>
            ))}
            <button
              type="button"
              className="button"
              onClick={() => {
                moveFocus(`test-repairs-${repairs.length}-valve`);
                change({ repairs: [...repairs, { valve: '', part: '', action: null }] });
              }}
            >
              {tf('testReports.form.addPart')}
            </button>
          </fieldset>
        ) : null}
        {draft.kind === 'replacement' ? (
          <fieldset className="block" aria-describedby="test-replacement-hint">
            <legend>{tf('testReports.form.replacementHeading')}</legend>
            <p id="test-replacement-hint" className="hint">
              {tf('testReports.form.replacementHint')}
            </p>
            {(['serial', 'make', 'model', 'sizeInches'] as const).map((name) => (
              <TextInput
                key={name}
                path={`replacement.${name}`}
                label={tf(REPLACEMENT_KEYS[name])}
                error={
                  errorOf(`replacement.${name}`) ??
                  (name === 'serial' ? errorOf('replacement') : undefined)
                }
                value={draft.replacement[name]}
                onChange={(value) =>
                  change({ replacement: { ...draft.replacement, [name]: value } })
                }
              />
            ))}
          </fieldset>
        ) : null}
      </section>

      {type && readings ? (
        <section aria-labelledby="test-readings">
          <h2 id="test-readings">{tf('testReports.form.readingsHeading')}</h2>
          <ReadingsFields
            words={words}
            type={type}
            draft={draft}
            readings={readings}
            errorOf={errorOf}
            onChange={(field, value) => {
              const next = { ...draft.readings };
              if (value === undefined) delete next[field];
              else next[field] = value;
              change({ readings: next });
            }}
          />
        </section>
      ) : null}

      <section aria-labelledby="test-checks" className="checks-box">
        <h2 id="test-checks">{tf('testReports.form.checksHeading')}</h2>
        <div role="status">
          {!allChosen ? (
            <p>{tf('testReports.form.checksWaiting')}</p>
          ) : checks.length ? (
            <>
              <p>{tf('testReports.form.checksFailed')}</p>
              <ul className="checks-failed">
                {checks.map((failure) => (
                  <li key={failure.check}>{words.checkText(failure)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{tf('testReports.form.checksMet', { date: words.formatDate(draft.testDate) })}</p>
          )}
        </div>
      </section>

      <section aria-labelledby="test-last">
        <h2 id="test-last">{tf('testReports.form.lastHeading')}</h2>
        <TextInput
          path="linePressure"
          label={tf('testReports.form.linePressure')}
          hint={tf('testReports.form.linePressureHint')}
          error={errorOf('linePressure')}
          inputMode="numeric"
          value={draft.linePressure}
          onChange={(linePressure) => change({ linePressure })}
        />
        <TextArea
          path="remarks"
          label={tf('testReports.form.remarks')}
          hint={tf('testReports.form.remarksHint')}
          error={errorOf('remarks')}
          value={draft.remarks}
          onChange={(remarks) => change({ remarks })}
        />
        <fieldset className="field">
          <legend>{tf('testReports.form.attestationLegend')}</legend>
          <Checkbox
            path="attestation"
            label={tf('testReports.form.attestation')}
            error={errorOf('attestation')}
            checked={draft.attestation}
            onChange={(attestation) => change({ attestation })}
          />
        </fieldset>
      </section>
      <div className="wizard-nav">
        <button type="submit" className="button primary">
          {tf('testReports.form.continue')}
        </button>
      </div>
    </form>
  );
}
