import { useFocusWhenShown } from '../components/useFocusWhenShown';

/** Errors listed above a form (the console's ErrorList without MUI); focused when they appear. */
export function SignInErrors({ errors }: { errors: readonly string[] }) {
  const shown = errors.length > 0;
  const ref = useFocusWhenShown<HTMLDivElement>(shown);
  if (!shown) return null;
  return (
    <div className="signin-errors" role="alert" ref={ref} tabIndex={-1}>
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  type?: string;
  autoComplete?: string;
  value: string;
  onChange(value: string): void;
  inputMode?: 'numeric' | 'text';
}

/** A labelled input of the sign-in pages. */
export function SignInField({
  id,
  label,
  type = 'text',
  autoComplete,
  value,
  onChange,
  inputMode,
}: FieldProps) {
  return (
    <div className="signin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
