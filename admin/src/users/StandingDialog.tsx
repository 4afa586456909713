import {
  Alert,
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
import { todayInProgramZone } from '../../../shared/program-zone';
import {
  STANDING_REASON_MAX,
  ZReinstateRequest,
  ZSuspendRequest,
} from '../../../shared/standing-staff';
import { fieldErrorsOf, messageOf } from '../components/api';
import { IsoDateInput } from '../components/IsoDateInput';

export type TStandingAction = 'suspend' | 'reinstate';

interface Props {
  /** The action asked for, or null while closed. */
  action: TStandingAction | null;
  organizationName: string;
  onCancel(): void;
  /** Sends the decision; a refusal is shown in the dialog, which stays open. */
  onConfirm(body: { reason: string; until?: string | null }): Promise<void>;
}

const WORDS = {
  suspend: {
    title: 'Suspend Registration',
    text: 'The registration stops being approved until it is reinstated or its last day passes. The person is emailed the reason.',
    confirm: 'Suspend',
  },
  reinstate: {
    title: 'Reinstate Registration',
    text: 'The registration is active again. The person is emailed the reason.',
    confirm: 'Reinstate',
  },
} as const;

type Problems = { reason?: string; until?: string; message?: string };

/** Asks for the reason (and for a suspension an optional last day), checked as the server does. */
export function StandingDialog({ action, organizationName, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!action) return;
    setReason('');
    setUntil('');
    setProblems({});
  }, [action]);
  if (!action) return null;
  const words = WORDS[action];

  const confirm = async () => {
    const request = { reason, ...(action === 'suspend' ? { until } : {}) };
    const parsed = (action === 'suspend' ? ZSuspendRequest : ZReinstateRequest).safeParse(request);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'until' ? 'until' : 'reason';
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(parsed.data);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setProblems({ reason: fields.reason, until: fields.until, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onCancel} aria-labelledby="standing-dialog-title" fullWidth>
      <DialogTitle id="standing-dialog-title">
        {words.title}: {organizationName}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{words.text}</DialogContentText>
        {problems.message && !problems.reason && !problems.until ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {problems.message}
          </Alert>
        ) : null}
        <Stack spacing={2}>
          <TextField
            autoFocus
            required
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(problems.reason)}
            helperText={problems.reason ?? 'Shown to the person and kept in the audit log.'}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: STANDING_REASON_MAX } }}
          />
          {action === 'suspend' ? (
            <IsoDateInput
              label="Last day (optional)"
              name="until"
              value={until}
              onChange={setUntil}
              min={todayInProgramZone()}
              error={problems.until}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          color={action === 'suspend' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={busy}
        >
          {words.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
