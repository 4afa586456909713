import type { ReactNode } from 'react';
import { useI18n } from '../i18n/use-i18n.js';
import { fieldElementId } from './report.js';

// The test form's controls: each labelled, its hint and error tied to it by aria-describedby,
// radio pairs in a fieldset with their question as its legend (GOV.UK's patterns).

interface TFrame {
  /** The field's path in the report ('readings.check1HeldPsid'); gives its element id. */
  path: string;
  label: string;
  hint?: string | undefined;
  /** The error in the language shown, once Continue found one. */
  error?: string | undefined;
}

function describedBy(id: string, hint?: string, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="error-message">
      <span className="visually-hidden">{t('wizard.errorPrefix')}</span>
      {error}
    </p>
  );
}

function Hint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className="hint">
      {hint}
    </p>
  ) : null;
}

export function TextInput({
  path,
  label,
  hint,
  error,
  value,
  onChange,
  type = 'text',
  inputMode,
  disabled,
  autoComplete = 'off',
  children,
}: TFrame & {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric' | 'text' | 'search';
  disabled?: boolean;
  autoComplete?: string;
  children?: ReactNode;
}) {
  const id = fieldElementId(path);
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {children}
    </div>
  );
}

export function TextArea({
  path,
  label,
  hint,
  error,
  value,
  onChange,
}: TFrame & { value: string; onChange(value: string): void }) {
  const id = fieldElementId(path);
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      <textarea
        id={id}
        rows={4}
        value={value}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </div>
  );
}

export function SelectInput({
  path,
  label,
  hint,
  error,
  value,
  options,
  placeholder,
  onChange,
}: TFrame & {
  value: string;
  options: { value: string; label: string }[];
  placeholder: string;
  onChange(value: string): void;
}) {
  const id = fieldElementId(path);
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      <select
        id={id}
        value={value}
        aria-describedby={describedBy(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A question answered by one of a few choices: a fieldset, its legend the question. */
export function RadioGroup<V extends string | boolean>({
  path,
  label,
  hint,
  error,
  value,
  options,
  onChange,
}: TFrame & {
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V): void;
}) {
  const id = fieldElementId(path);
  return (
    <fieldset
      className={error ? 'field radios field-error' : 'field radios'}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend>{label}</legend>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <div className="radio" key={String(option.value)}>
            <input
              id={optionId}
              type="radio"
              name={id}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={optionId}>{option.label}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

export function Checkbox({
  path,
  label,
  error,
  checked,
  onChange,
}: TFrame & { checked: boolean; onChange(checked: boolean): void }) {
  const id = fieldElementId(path);
  return (
    <div className={error ? 'checkbox field-error' : 'checkbox'}>
      <ErrorText id={id} error={error} />
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A fact chosen for the tester (only one fits), shown as it is. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="fact">
      <span className="fact-label">{label}</span> <span>{value}</span>
    </div>
  );
}
