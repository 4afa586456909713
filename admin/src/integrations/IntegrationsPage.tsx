import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { ApiKeys } from './ApiKeys';
import { WebhookEndpoints } from './WebhookEndpoints';

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{text}</Typography>
      {children}
    </Paper>
  );
}

/**
 * Integrations (/integrations, Administrators and an organization's Program managers): the API
 * keys other systems read the API with, and the webhook endpoints events are sent to (the
 * disabled-endpoint email links here). An organization's keys and endpoints are its own.
 */
export function IntegrationsPage() {
  const picksOrganization = usePicksOrganization();
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Integrations" />
      <CanAccess
        resource="webhook-endpoints"
        action="list"
        accessDenied={
          <Alert severity="error">
            {picksOrganization
              ? 'Only Administrators manage integrations.'
              : "Only the organization's Program managers manage integrations."}
          </Alert>
        }
      >
        <Section
          title="API keys"
          text={
            picksOrganization
              ? 'Keys let other systems read approved testers through the API. A key sees one organization or all of them.'
              : "Keys let other systems read your organization's approved testers through the API."
          }
        >
          <ApiKeys />
        </Section>
        <Section
          title="Webhook endpoints"
          text={
            picksOrganization
              ? 'Addresses we send signed events to as registrations and certifications change.'
              : "Addresses we send signed events to as your organization's registrations and certifications change."
          }
        >
          <WebhookEndpoints />
        </Section>
      </CanAccess>
    </Box>
  );
}
