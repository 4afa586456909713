import { Paper, Typography } from '@mui/material';
import { DataTable, SelectInput, useRecordContext } from 'react-admin';
import type {
  TWebhookDeliveryRecord,
  TWebhookEndpointRecord,
} from '../../../shared/webhook-endpoints';
import { dateTime } from '../components/dates';
import { KeyboardRowsBody } from '../components/KeyboardRowsBody';
import { SectionList } from '../components/SectionList';
import {
  DELIVERY_STATUS_CHOICES,
  DELIVERY_STATUS_LABELS,
  deliveryTiming,
} from './integrationWords';
import { refreshWhilePending } from './refreshWhilePending';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={DELIVERY_STATUS_CHOICES}
    alwaysOn
  />,
];

type TDelivery = TWebhookDeliveryRecord;

/**
 * The endpoint's deliveries, newest first (the server does not count them all: the pages say
 * whether more follow). While one is pending the log reads itself again; a row opens it.
 */
export function DeliveryLog() {
  const endpoint = useRecordContext<TWebhookEndpointRecord>();
  if (!endpoint) return null;
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        Delivery log
      </Typography>
      <SectionList
        resource="webhook-deliveries"
        filter={{ endpoint_id: endpoint.id }}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        queryOptions={{
          onError: () => undefined,
          refetchInterval: (query) =>
            refreshWhilePending(query.state.data?.data as TDelivery[] | undefined),
        }}
        emptyText="Nothing sent yet. Send a test event to try it."
      >
        <DataTable<TDelivery> bulkActionButtons={false} rowClick="show" body={KeyboardRowsBody}>
          <DataTable.Col source="event_type" label="Event" disableSort />
          <DataTable.Col source="webhook_id" label="Webhook id" disableSort />
          <DataTable.Col
            label="Occurred"
            render={(delivery: TDelivery) => dateTime(delivery.occurred_at)}
          />
          <DataTable.Col
            label="Status"
            render={(delivery: TDelivery) => DELIVERY_STATUS_LABELS[delivery.status]}
          />
          <DataTable.Col source="attempts" label="Attempts" disableSort />
          <DataTable.Col
            label="Last response"
            render={(delivery: TDelivery) => delivery.last_response_status ?? '—'}
          />
          <DataTable.Col label="Next attempt or delivered" render={deliveryTiming} />
        </DataTable>
      </SectionList>
    </Paper>
  );
}
