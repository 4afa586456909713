import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { NotFound } from 'react-admin';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { messageOf, useStaffApi } from '../components/api';
import { PageHeading } from '../components/PageHeading';
import { useConsoleConfig } from '../providers/consoleConfig';

/** Debug page (never in production): a Login button that calls the test-auth route. */
export function FirebaseButton() {
  const api = useStaffApi();
  const config = useConsoleConfig();
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);

  if (!config) return <CircularProgress aria-label="Loading" />;
  if (config.production) return <NotFound />;

  const login = async () => {
    setBusy(true);
    try {
      const answer = await api.testAuth();
      setResult({ ok: true, text: JSON.stringify(answer) });
    } catch (error) {
      const missing = (error as { status?: number }).status === 404;
      setResult({
        ok: false,
        text: missing
          ? STAFF_MESSAGES.notAvailableInProduction
          : messageOf(error, 'Test auth call failed.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <PageHeading title="Test Auth (debug)" />
      <Button variant="contained" onClick={login} disabled={busy}>
        Login
      </Button>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
          {result.text}
        </Alert>
      ) : null}
    </Box>
  );
}
