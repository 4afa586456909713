import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import {
  REVIEW_NOTE_MAX,
  REVIEW_STAFF_MESSAGES,
  type TRegistrationRejectionReason,
} from '../../../shared/review';
import { REGISTRATION_REASON_CHOICES } from './reviewWords';

interface Props {
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onReject(reason: TRegistrationRejectionReason, note: string): void;
}

/** Rejecting the whole registration is final: it asks for a reason (and an optional note). */
export function RejectRegistrationDialog({ open, busy, onCancel, onReject }: Props) {
  const [reason, setReason] = useState<TRegistrationRejectionReason | ''>('');
  const [note, setNote] = useState('');
  // Reject pressed without a reason: said at the field until one is chosen.
  const [confirmPressed, setConfirmPressed] = useState(false);
  const missing = confirmPressed && !reason;
  useEffect(() => {
    if (!open) return;
    setReason('');
    setNote('');
    setConfirmPressed(false);
  }, [open]);
  const confirm = () => {
    setConfirmPressed(true);
    if (reason) onReject(reason, note);
  };
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="reject-registration-title">
      <DialogTitle id="reject-registration-title">Reject Registration</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Rejecting is final: the registrant is told by email, with the reason and your note.
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            autoFocus
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as TRegistrationRejectionReason)}
            error={missing}
            helperText={missing ? REVIEW_STAFF_MESSAGES.reasonRequired : undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose a reason</option>
            {REGISTRATION_REASON_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </TextField>
          <TextField
            label="Note for the registrant (optional)"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: REVIEW_NOTE_MAX } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={busy}>
          Reject Registration
        </Button>
      </DialogActions>
    </Dialog>
  );
}
