import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../../shared/codes';

interface Props {
  organizationName: string;
  /** Runs the delete; rejects with the message to show. */
  onDelete(): Promise<void>;
  onCancel(): void;
}

/** Delete confirmation: the exact organization name must be typed (spec section 5). */
export function DeletePanel({ organizationName, onDelete, onCancel }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed !== organizationName) {
      setError(MESSAGES.deleteNameMismatch);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onDelete();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.apiSubmissionError);
      setBusy(false);
    }
  };

  return (
    <Paper
      component="form"
      onSubmit={submit}
      sx={{ p: 3, maxWidth: 720, mt: 2 }}
      aria-label="Delete organization"
    >
      <Typography component="h2" variant="h6">
        Delete {organizationName}?
      </Typography>
      <Typography sx={{ my: 1 }}>
        This deletes the organization and its registration form. Type the exact organization name to
        confirm.
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      <TextField
        label="Organization name to delete"
        name="confirmName"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        fullWidth
        margin="normal"
        autoComplete="off"
        autoFocus
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          color="error"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Delete
        </Button>
      </Box>
    </Paper>
  );
}
