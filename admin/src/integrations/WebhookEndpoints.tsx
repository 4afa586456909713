import { DataTable } from 'react-admin';
import type { TWebhookEndpointRecord } from '../../../shared/webhook-endpoints';
import { KeyboardRowsBody } from '../components/KeyboardRowsBody';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { SectionList } from '../components/SectionList';
import { usePicksOrganization, useSessionOrganization } from '../components/useSessionOrganization';
import { CreateWithSecret } from './CreateWithSecret';
import { EndpointInputs, endpointRequest, NEW_ENDPOINT, validateEndpoint } from './EndpointInputs';
import { ENDPOINT_SECRET_NOTE, endpointStatus, eventsText, scopeText } from './integrationWords';

const filters = [<OrganizationFilter key="organization_id" source="organization_id" alwaysOn />];

/** A new endpoint: hearing one organization or every one; an organization's person's, theirs. */
function AddEndpoint() {
  const ownOrganization = useSessionOrganization();
  return (
    <CreateWithSecret
      resource="webhook-endpoints"
      label="Add endpoint"
      createdTitle="Endpoint added"
      secretLabel="Signing secret"
      secretNote={ENDPOINT_SECRET_NOTE}
      defaultValues={{ ...NEW_ENDPOINT, organization_id: ownOrganization?.id ?? null }}
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
  const picksOrganization = usePicksOrganization();
  return (
    <>
      {/* Outside the list: refreshing it after a create must not close the dialog. */}
      <AddEndpoint />
      <SectionList
        resource="webhook-endpoints"
        filters={picksOrganization ? filters : undefined}
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
