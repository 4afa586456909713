import { useEffect, useRef } from 'react';

/** Errors listed above a form; takes focus when they appear so they are read out. */
export function SignInErrors({ errors }: { errors: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
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
