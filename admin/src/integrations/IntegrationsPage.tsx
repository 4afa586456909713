import { Alert, Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess } from 'react-admin';
import { PageHeading } from '../components/PageHeading';
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
 * Integrations (/integrations, Administrators only): the API keys other systems read the API
 * with, and the webhook endpoints events are sent to (the disabled-endpoint email links here).
 */
export function IntegrationsPage() {
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Integrations" />
      <CanAccess
        resource="webhook-endpoints"
        action="list"
        accessDenied={<Alert severity="error">Only Administrators manage integrations.</Alert>}
      >
        <Section
          title="API keys"
          text="Keys let other systems read approved testers through the API. A key sees one organization or all of them."
        >
          <ApiKeys />
        </Section>
        <Section
          title="Webhook endpoints"
          text="Addresses we send signed events to as registrations and certifications change."
        >
          <WebhookEndpoints />
        </Section>
      </CanAccess>
    </Box>
  );
}
