import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { TWebhookEndpointRecord } from '../../../shared/webhook-endpoints';
import { dateTime } from '../components/dates';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { EditLoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { BackLink } from './BackLink';
import { DeliveryLog } from './DeliveryLog';
import { EndpointActions } from './EndpointActions';
import { EndpointInputs, endpointRequest, validateEndpoint } from './EndpointInputs';
import { endpointStatus, scopeText } from './integrationWords';

/** Status, scope and who added it, above the form. */
function EndpointSummary() {
  const endpoint = useRecordContext<TWebhookEndpointRecord>();
  if (!endpoint) return null;
  return (
    <Box sx={{ p: 2, pb: 0 }}>
      <Typography>Status: {endpointStatus(endpoint)}</Typography>
      <Typography>Sends events of: {scopeText(endpoint.organization_name)}</Typography>
      <Typography>
        Added {dateTime(endpoint.created_at)}
        {endpoint.created_by ? ` by ${endpoint.created_by}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * One webhook endpoint (/webhook-endpoints/{id}): its settings (save keeps the page), its signing
 * secret, a test event, delete, and its delivery log.
 */
export function EndpointEdit() {
  const notify = useNotify();
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <BackLink to="/integrations" label="Back to Integrations" />
      <Edit
        resource="webhook-endpoints"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        transform={endpointRequest}
        mutationOptions={{ onSuccess: () => notify('Endpoint saved.', { type: 'success' }) }}
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<EditLoadFailure title="Webhook Endpoint" />}
      >
        <PageHeading title="Webhook Endpoint" />
        <EndpointSummary />
        <SimpleForm
          validate={validateEndpoint}
          noValidate
          disableInvalidFormNotification
          toolbar={
            <Toolbar>
              <SaveButton label="Save" />
            </Toolbar>
          }
        >
          <FormErrorSummary />
          <EndpointInputs />
          <BooleanInput
            source="enabled"
            label="Enabled"
            helperText="Enabling a disabled endpoint sends its waiting deliveries at once."
          />
        </SimpleForm>
        <EndpointActions />
        <DeliveryLog />
      </Edit>
    </Box>
  );
}
