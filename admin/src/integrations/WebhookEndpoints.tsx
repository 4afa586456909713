import { DataTable } from 'react-admin';
import type { TWebhookEndpointRecord } from '../../../shared/webhook-endpoints';
import { KeyboardRowsBody } from '../components/KeyboardRowsBody';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { CreateWithSecret } from './CreateWithSecret';
import { EndpointInputs, endpointRequest, NEW_ENDPOINT, validateEndpoint } from './EndpointInputs';
import { ENDPOINT_SECRET_NOTE, endpointStatus, eventsText, scopeText } from './integrationWords';
import { SectionList } from './SectionList';

const filters = [<OrganizationFilter key="organization_id" source="organization_id" alwaysOn />];

function AddEndpoint() {
  return (
    <CreateWithSecret
      resource="webhook-endpoints"
      label="Add endpoint"
      createdTitle="Endpoint added"
      secretLabel="Signing secret"
      secretNote={ENDPOINT_SECRET_NOTE}
      defaultValues={NEW_ENDPOINT}
      validate={validateEndpoint}
      transform={endpointRequest}
    >
      <EndpointInputs autoFocus />
    </CreateWithSecret>
  );
}

type TEndpoint = TWebhookEndpointRecord;

/** The addresses events are sent to; a row opens its settings, secret and delivery log. */
export function WebhookEndpoints() {
  return (
    <>
      {/* Outside the list: refreshing it after a create must not close the dialog. */}
      <AddEndpoint />
      <SectionList
        resource="webhook-endpoints"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        emptyText="No webhook endpoints yet."
      >
        <DataTable<TEndpoint> bulkActionButtons={false} rowClick="edit" body={KeyboardRowsBody}>
          <DataTable.Col source="url" label="Address" disableSort />
          <DataTable.Col source="description" label="Description" disableSort />
          <DataTable.Col
            label="Events"
            render={(endpoint: TEndpoint) => eventsText(endpoint.event_types)}
          />
          <DataTable.Col
            label="Scope"
            render={(endpoint: TEndpoint) => scopeText(endpoint.organization_name)}
          />
          <DataTable.Col label="Status" render={endpointStatus} />
          <DataTable.Col source="pending_deliveries" label="Pending" disableSort />
          <DataTable.Col source="failed_deliveries" label="Failed" disableSort />
        </DataTable>
      </SectionList>
    </>
  );
}
