import { type ReactNode, useContext } from 'react';
import { useI18n } from '../../i18n/use-i18n.js';
import { fieldId } from '../errors.js';
import { WizardContext } from '../wizard-context.js';
import { ErrorMessage } from './ErrorMessage.js';
import { Tooltip } from './Tooltip.js';

export interface TFieldProps {
  /** The error path of the field ('company.companyName'); also gives the input's id. */
  path: string;
  label: string;
  required?: boolean;
  hint?: string;
  tooltip?: string;
  /** Outside the wizard (the status page), the field's error is given; inside, the wizard has it. */
  error?: string;
}

interface TControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/** Label, hint, tooltip and error of one input, tied together for assistive technology. */
function FieldFrame({
  path,
  label,
  required,
  hint,
  tooltip,
  error: givenError,
  children,
}: TFieldProps & { children: (control: TControlProps) => ReactNode }) {
  const wizard = useContext(WizardContext);
  const { t } = useI18n();
  const id = fieldId(path);
  const error = givenError ?? wizard?.state.errors.fields[path];
  const describedBy = [
    hint ? `${id}-hint` : '',
    tooltip ? `${id}-tip` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={error ? 'field field-error' : 'field'}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
        {tooltip ? (
          <Tooltip id={`${id}-tip`} label={t('wizard.about', { label })} text={tooltip} />
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={`${id}-error`} message={error} />
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
    </div>
  );
}

export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  ...field
}: TFieldProps & {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'date';
  autoComplete?: string;
}) {
  return (
    <FieldFrame {...field}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          autoComplete={autoComplete ?? 'off'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  value,
  onChange,
  options,
  placeholder,
  disabled,
  autoComplete,
  ...field
}: TFieldProps & {
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean;
  autoComplete?: string;
}) {
  return (
    <FieldFrame {...field}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
