import { Box, Button } from '@mui/material';
import {
  ArrayField,
  DataTable,
  FunctionField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import type { TWebhookDeliveryRecord } from '../../../shared/webhook-endpoints';
import { useStaffApi } from '../components/api';
import { dateTime } from '../components/dates';
import { retryUnlessAnswered, ShowLoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { useNotifiedRun } from '../components/useNotifiedRun';
import { BackLink } from './BackLink';
import { attemptResult, DELIVERY_STATUS_LABELS, deliveryTiming } from './integrationWords';
import { refreshWhilePending } from './refreshWhilePending';

type TDelivery = TWebhookDeliveryRecord;
type TAttempt = TDelivery['attempt_log'][number];

/** Back to the endpoint, and Resend (a 409 says an attempt is running). */
function DeliveryActions() {
  const delivery = useRecordContext<TDelivery>();
  const api = useStaffApi();
  const { run, busy } = useNotifiedRun();
  if (!delivery) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <BackLink to={`/webhook-endpoints/${delivery.endpoint_id}`} label="Back to the endpoint" />
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() =>
          run(() => api.resendWebhookDelivery(delivery.id), 'The delivery is sent again.')
        }
      >
        Resend
      </Button>
    </Box>
  );
}

/**
 * One delivery (/webhook-deliveries/{id}/show): the event, its webhook id (the same on every
 * attempt), and each attempt's time, duration and answer; Resend sends it again.
 */
export function DeliveryShow() {
  return (
    <Box sx={{ pb: 4, maxWidth: 1100 }}>
      <Show
        resource="webhook-deliveries"
        title={false}
        actions={false}
        queryOptions={{
          onError: () => undefined,
          retry: retryUnlessAnswered,
          refetchInterval: (query) =>
            refreshWhilePending(query.state.data ? [query.state.data as TDelivery] : undefined),
        }}
        error={<ShowLoadFailure title="Webhook Delivery" />}
      >
        <PageHeading title="Webhook Delivery" />
        <Box sx={{ px: 2, pt: 1 }}>
          <DeliveryActions />
        </Box>
        <SimpleShowLayout>
          <TextField source="event_type" label="Event" />
          <TextField source="webhook_id" label="Webhook id" />
          <FunctionField<TDelivery>
            label="Occurred"
            render={(delivery) => dateTime(delivery.occurred_at)}
          />
          <FunctionField<TDelivery>
            label="Status"
            render={(delivery) => DELIVERY_STATUS_LABELS[delivery.status]}
          />
          <FunctionField<TDelivery> label="Next attempt or delivered" render={deliveryTiming} />
          <ArrayField source="attempt_log" label="Attempts">
            <DataTable bulkActionButtons={false} rowClick={false}>
              <DataTable.Col source="attempt" label="Attempt" disableSort />
              <DataTable.Col
                label="Time"
                render={(attempt: TAttempt) => dateTime(attempt.attempted_at)}
              />
              <DataTable.Col
                label="Duration"
                render={(attempt: TAttempt) => `${attempt.duration_ms} ms`}
              />
              <DataTable.Col label="Response" render={attemptResult} />
            </DataTable>
          </ArrayField>
        </SimpleShowLayout>
      </Show>
    </Box>
  );
}
