import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { CopyButton } from '../components/CopyButton';

interface ContentProps {
  /** The field's label: 'API key', 'Signing secret'. */
  label: string;
  secret: string;
  note: string;
  children?: ReactNode;
}

/** A secret to copy: the warning, the secret (focused and selected) and its Copy button. */
export function SecretContent({ label, secret, note, children }: ContentProps) {
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {note}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label={label}
          value={secret}
          fullWidth
          autoFocus
          slotProps={{
            htmlInput: {
              readOnly: true,
              spellCheck: false,
              onFocus: (event: { target: HTMLInputElement }) => event.target.select(),
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <CopyButton text={secret} />
      </Box>
      {children}
    </>
  );
}

interface DialogProps extends ContentProps {
  title: string;
  /** When the replaced secret stops signing, after a rotation. */
  previousUntil?: string | null;
  onClose(): void;
}

/** An endpoint's signing secret, shown on request or after a rotation. */
export function SecretDialog({ title, previousUntil, onClose, ...content }: DialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <SecretContent {...content}>
          {previousUntil ? (
            <Typography sx={{ mt: 2 }}>
              The previous secret also signs until {previousUntil}.
            </Typography>
          ) : null}
        </SecretContent>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
