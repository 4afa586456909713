// Outside the fields chunk (wizard/fields/) on purpose: only the credentials' pages and My
// registrations' changes use it, and both load lazily.

import { fieldId } from '../errors.js';
import { ErrorMessage } from '../fields/ErrorMessage.js';

/** One checkbox with its label and its error, worded as in the error summary. */
export function CheckboxField({
  path,
  label,
  checked,
  error,
  onChange,
}: {
  /** The error path of the field; also gives the input's id. */
  path: string;
  label: string;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
}) {
  const id = fieldId(path);
  return (
    <div className={error ? 'field-error' : undefined}>
      <ErrorMessage id={`${id}-error`} message={error} />
      <div className="radio">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}
