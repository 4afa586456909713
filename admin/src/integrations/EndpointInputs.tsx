import { CheckboxGroupInput, TextInput } from 'react-admin';
import { ZWebhookEndpointRequest } from '../../../shared/webhook-endpoints';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { zodValidator } from '../components/zodValidator';
import { EVENT_TYPE_CHOICES, NO_ORGANIZATION_HINT } from './integrationWords';

/** The server's own rule, checked before sending. */
export const validateEndpoint = zodValidator(ZWebhookEndpointRequest);

export const NEW_ENDPOINT = { url: '', description: '', event_types: [], organization_id: null };

/** What a create or an edit sends: the request's fields only (`enabled` on edit). */
export const endpointRequest = (values: Record<string, unknown>) => ({
  url: values.url,
  description: values.description ?? '',
  event_types: values.event_types ?? [],
  organization_id: values.organization_id ?? null,
  ...(typeof values.enabled === 'boolean' ? { enabled: values.enabled } : {}),
});

// The event types side by side in columns, in the list's order.
const EVENT_COLUMNS = {
  '& .MuiFormGroup-root': {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  },
};

/**
 * An endpoint's fields, the same to add and to change; an organization's person's endpoints are
 * their organization's, with no organization to choose.
 */
export function EndpointInputs({ autoFocus = false }: { autoFocus?: boolean }) {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      <TextInput
        source="url"
        label="Address (URL)"
        helperText="The https:// address events are sent to."
        autoFocus={autoFocus}
        fullWidth
      />
      <TextInput source="description" label="Description" fullWidth />
      <CheckboxGroupInput
        source="event_types"
        label="Events"
        choices={EVENT_TYPE_CHOICES}
        sx={EVENT_COLUMNS}
      />
      {picksOrganization ? (
        <OrganizationFilter source="organization_id" helperText={NO_ORGANIZATION_HINT} />
      ) : null}
    </>
  );
}
