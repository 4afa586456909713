import { Alert } from '@mui/material';
import { useFocusWhenShown } from './useFocusWhenShown';

/** Errors listed above a form; takes focus when it appears so it is read out. */
export function ErrorList({ errors }: { errors: readonly string[] }) {
  const shown = errors.length > 0;
  const ref = useFocusWhenShown<HTMLDivElement>(shown);
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
