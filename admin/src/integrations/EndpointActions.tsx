import { Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRedirect, useRefresh } from 'react-admin';
import type { TWebhookEndpointRecord } from '../../../shared/webhook-endpoints';
import { messageOf, useStaffApi } from '../components/api';
import { ConfirmButton } from '../components/ConfirmButton';
import { dateTime } from '../components/dates';
import { useNotifiedRun } from '../components/useNotifiedRun';
import type { WebhookSecret } from '../providers/types';
import { ENDPOINT_SECRET_NOTE, REVEAL_NOTE, ROTATE_NOTE } from './integrationWords';
import { SecretDialog } from './SecretDialog';

type Shown = WebhookSecret & { title: string; note: string };

/** The endpoint's signing secret (shown or rotated), a test event, and delete. */
export function EndpointActions() {
  const endpoint = useRecordContext<TWebhookEndpointRecord>();
  const api = useStaffApi();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const { run, busy } = useNotifiedRun();
  const [shown, setShown] = useState<Shown>();
  if (!endpoint) return null;

  const reveal = async () => {
    try {
      const secret = await api.webhookSecret(endpoint.id, 'reveal-secret');
      setShown({ ...secret, title: 'Signing secret', note: REVEAL_NOTE });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };
  const rotate = async () => {
    const secret = await api.webhookSecret(endpoint.id, 'rotate-secret');
    setShown({ ...secret, title: 'New signing secret', note: ENDPOINT_SECRET_NOTE });
    refresh();
  };
  const remove = async () => {
    await api.delete('webhook-endpoints', { id: endpoint.id, previousData: endpoint });
    notify('Endpoint deleted.', { type: 'success' });
    redirect('/integrations');
  };

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        Signing secret and tests
      </Typography>
      {endpoint.previous_secret_until ? (
        <Typography>
          After a rotation, the previous secret also signs until{' '}
          {dateTime(endpoint.previous_secret_until)}.
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy} onClick={reveal}>
          Show signing secret
        </Button>
        <ConfirmButton
          label="Rotate secret"
          title="Rotate the signing secret?"
          text={ROTATE_NOTE}
          disabled={busy}
          onConfirm={rotate}
        />
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => run(() => api.sendWebhookTest(endpoint.id), 'Test event sent.')}
        >
          Send test event
        </Button>
        <ConfirmButton
          label="Delete endpoint"
          title={`Delete the endpoint ${endpoint.url}?`}
          text="No more events are sent to it, and its delivery log is deleted with it."
          confirmLabel="Delete"
          color="error"
          disabled={busy}
          onConfirm={remove}
        />
      </Box>
      {shown ? (
        <SecretDialog
          title={shown.title}
          label="Signing secret"
          secret={shown.secret}
          note={shown.note}
          previousUntil={shown.previous_secret_until && dateTime(shown.previous_secret_until)}
          onClose={() => setShown(undefined)}
        />
      ) : null}
    </Paper>
  );
}
