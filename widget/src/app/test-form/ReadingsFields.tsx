import type { TAssemblyType } from '../../../../shared/assemblies.js';
import {
  NOT_OPENED,
  READING_ANSWER_KEYS,
  READING_FIELD_KINDS,
  READING_LABEL_KEYS,
  READING_VALVE_KEYS,
  type TReadingField,
} from '../../../../shared/test-readings.js';
import {
  READING_RESULT_KEYS,
  READING_RULE_KEYS,
  type TReadingCheck,
} from '../../../../shared/test-readings-result.js';
import type { TDraft, TTypedReading } from './draft.js';
import { Checkbox, RadioGroup, TextInput } from './fields.js';
import { formOf, type TReadingsState } from './report.js';
import type { TFieldWords } from './words.js';

// The readings of the assembly's type, valve by valve as the field test procedures record
// them, and the result as they are typed, naming the rule each failing reading breaks.

/** The valve a rule holds a reading of (its sentence shows under that valve too). */
const RULE_VALVES: Record<keyof typeof READING_RULE_KEYS, string> = {
  check1Min: 'check1',
  check1AboveRelief: 'check1',
  check1Tight: 'check1',
  reliefOpens: 'reliefValve',
  reliefMin: 'reliefValve',
  check2Min: 'check2',
  check2Tight: 'check2',
  check2Backpressure: 'check2',
  shutoff1Tight: 'shutoffs',
  shutoff2Tight: 'shutoffs',
  airInletOpens: 'airInlet',
  airInletMin: 'airInlet',
  airInletFullyOpen: 'airInlet',
  checkMin: 'check',
  airGapMin: 'airGap',
  airGapDiameter: 'airGap',
};

export const ruleSentence = (words: TFieldWords, check: TReadingCheck) =>
  words.tf(READING_RULE_KEYS[check.rule], check.params);

/** A reading's value as the check page shows it. */
export function readingText(words: TFieldWords, field: TReadingField, value: TTypedReading) {
  const kind = READING_FIELD_KINDS[field];
  if (value === NOT_OPENED) return words.tf(READING_ANSWER_KEYS.opening.notOpened);
  if (kind === 'tight' || kind === 'fullyOpen') {
    return words.tf(READING_ANSWER_KEYS[kind][value === true ? 'yes' : 'no']);
  }
  return String(value);
}

function Reading({
  words,
  field,
  value,
  error,
  onChange,
}: {
  words: TFieldWords;
  field: TReadingField;
  value: TTypedReading | undefined;
  error?: string | undefined;
  onChange(value: TTypedReading | undefined): void;
}) {
  const { tf } = words;
  const path = `readings.${field}`;
  const label = tf(READING_LABEL_KEYS[field]);
  const kind = READING_FIELD_KINDS[field];
  if (kind === 'tight' || kind === 'fullyOpen') {
    const answers = READING_ANSWER_KEYS[kind];
    return (
      <RadioGroup
        path={path}
        label={label}
        error={error}
        value={typeof value === 'boolean' ? value : undefined}
        options={[
          { value: true, label: tf(answers.yes) },
          { value: false, label: tf(answers.no) },
        ]}
        onChange={onChange}
      />
    );
  }
  const inches = kind === 'inches' || kind === 'diameter';
  const notOpened = value === NOT_OPENED;
  return (
    <TextInput
      path={path}
      label={label}
      hint={tf(inches ? 'testReports.form.inchesHint' : 'testReports.form.psidHint')}
      error={error}
      inputMode="decimal"
      value={typeof value === 'string' && !notOpened ? value : ''}
      disabled={notOpened}
      onChange={(typed) => onChange(typed.trim() === '' ? undefined : typed)}
    >
      {kind === 'opening' ? (
        <Checkbox
          path={`${path}.notOpened`}
          label={tf(READING_ANSWER_KEYS.opening.notOpened)}
          checked={notOpened}
          onChange={(checked) => onChange(checked ? NOT_OPENED : undefined)}
        />
      ) : null}
    </TextInput>
  );
}

export function ReadingsFields({
  words,
  type,
  draft,
  readings,
  errorOf,
  onChange,
}: {
  words: TFieldWords;
  type: TAssemblyType;
  draft: TDraft;
  readings: TReadingsState;
  errorOf(path: string): string | undefined;
  onChange(field: TReadingField, value: TTypedReading | undefined): void;
}) {
  const { tf } = words;
  const { evaluation } = readings;
  const failing = evaluation.checks.filter((check) => check.outcome === 'fail');
  return (
    <>
      {formOf(type).map((section) => {
        const broken = failing.filter((check) => RULE_VALVES[check.rule] === section.valve);
        return (
          <fieldset className="block valve" key={section.valve}>
            <legend>{tf(READING_VALVE_KEYS[section.valve])}</legend>
            {section.fields.map((field) => (
              <Reading
                key={field}
                words={words}
                field={field}
                value={draft.readings[field]}
                error={errorOf(`readings.${field}`)}
                onChange={(value) => onChange(field, value)}
              />
            ))}
            {broken.map((check) => (
              <p key={check.rule} className="rule-broken">
                {ruleSentence(words, check)}
              </p>
            ))}
          </fieldset>
        );
      })}
      <section aria-labelledby="test-result-heading" className="result-box">
        <h2 id="test-result-heading">{tf('testReports.form.resultHeading')}</h2>
        <div role="status">
          <p className={`result result-${evaluation.result}`}>
            {tf('testReports.form.result', {
              result: tf(READING_RESULT_KEYS[evaluation.result]),
            })}
          </p>
          {failing.length ? (
            <ul className="rules-broken">
              {failing.map((check) => (
                <li key={check.rule}>{ruleSentence(words, check)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </section>
    </>
  );
}
