import {
  Alert,
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useId, useState } from 'react';
import { messageOf } from './api';

interface Props {
  label: string;
  title: string;
  text: string;
  /** The confirming button's words (the opening button's label when absent). */
  confirmLabel?: string;
  color?: ButtonProps['color'];
  size?: ButtonProps['size'];
  /** The opening button's accessible name where its label alone is ambiguous (a row's). */
  ariaLabel?: string;
  disabled?: boolean;
  /** Runs the action; a refusal is shown in the dialog, which stays open. */
  onConfirm(): Promise<void>;
}

/**
 * A button that asks first: the dialog names what happens, Cancel takes focus (a slip of Enter
 * changes nothing), and focus returns to the button when it closes.
 */
export function ConfirmButton({
  label,
  title,
  text,
  confirmLabel = label,
  color = 'primary',
  size,
  ariaLabel,
  disabled,
  onConfirm,
}: Props) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const close = () => {
    if (!busy) setOpen(false);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        color={color}
        size={size}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {problem ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          ) : null}
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy} autoFocus>
            Cancel
          </Button>
          <Button variant="contained" color={color} onClick={confirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
