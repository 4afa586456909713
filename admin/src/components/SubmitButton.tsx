import { Button, CircularProgress } from '@mui/material';

/** A submit button that shows progress while its call runs. */
export function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
}
