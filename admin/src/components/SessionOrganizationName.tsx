import { Typography, type TypographyProps } from '@mui/material';
import type { SessionOrganization } from './useSessionOrganization';

/** Where the provider's staff pick an organization, an organization's person reads theirs. */
export function SessionOrganizationName({
  organization,
  sx,
}: {
  organization: SessionOrganization;
  sx?: TypographyProps['sx'];
}) {
  return (
    <Typography sx={sx}>
      Organization: <strong>{organization.name}</strong>
    </Typography>
  );
}
