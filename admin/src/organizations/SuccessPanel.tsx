import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { CopyButton } from '../components/CopyButton';

interface Props {
  title: string;
  url: string;
  actionLabel: 'Continue' | 'Back';
  onAction(): void;
}

/** 'Organization successfully created!' / 'edited!' with the form link, Copy and Continue/Back. */
export function SuccessPanel({ title, url, actionLabel, onAction }: Props) {
  return (
    <Paper sx={{ p: 3, maxWidth: 720 }}>
      <Alert severity="success" sx={{ mb: 2 }}>
        <Typography component="h2" variant="h6">
          {title}
        </Typography>
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          label="Organization URL"
          value={url}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <CopyButton text={url} />
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} onClick={onAction}>
        {actionLabel}
      </Button>
    </Paper>
  );
}

/** The public form link of an organization (orgURL is the form hash, a path or a full URL). */
export function formLink(orgURL: string): string {
  if (/^https?:\/\//.test(orgURL)) return orgURL;
  if (orgURL.startsWith('/')) return `${window.location.origin}${orgURL}`;
  return `${window.location.origin}/form/${orgURL}`;
}

/** The public site's address (PUBLIC_URL) that a form link starts with. */
export function publicSite(formUrl: string): string {
  return formUrl.replace(/\/form\/[^/]*$/, '');
}
