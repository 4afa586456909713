import { Alert } from '@mui/material';
import { useEffect, useRef } from 'react';

/** Errors listed above a form; takes focus when it appears so it is read out. */
export function ErrorList({ errors }: { errors: readonly string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <Alert severity="error" ref={ref} tabIndex={-1} sx={{ mb: 2 }}>
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
