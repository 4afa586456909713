import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useLogin } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { ErrorList } from '../components/ErrorList';
import type { LoginParams } from '../providers/authProvider';
import { useConsoleConfig } from '../providers/consoleConfig';
import { GoogleSignInButton } from './GoogleSignInButton';

/** Admin login (spec section 2): Email, Password, LOGIN and Google sign-in; errors on top. */
export function LoginPage() {
  const login = useLogin();
  const config = useConsoleConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const signIn = async (params: LoginParams, fallback: string) => {
    setBusy(true);
    setErrors([]);
    try {
      await login(params);
    } catch (error) {
      setErrors([error instanceof Error && error.message ? error.message : fallback]);
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(email.trim() ? [] : [STAFF_MESSAGES.loginEmailRequired]),
      ...(password ? [] : [STAFF_MESSAGES.loginPasswordRequired]),
    ];
    if (missing.length > 0) {
      setErrors(missing);
      return;
    }
    void signIn({ email: email.trim(), password }, MESSAGES.loginException);
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
      }}
    >
      <Card sx={{ width: 360, maxWidth: '95vw' }}>
        <CardContent>
          <Typography variant="h5" component="h1" sx={{ mb: 2, textAlign: 'center' }}>
            Backflow Admin Console
          </Typography>
          <ErrorList errors={errors} />
          <Box component="form" noValidate onSubmit={submit} aria-label="Sign in">
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              fullWidth
              margin="normal"
              required
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
              margin="normal"
              required
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={busy}
              sx={{ mt: 2 }}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              LOGIN
            </Button>
          </Box>
          {config?.googleClientId ? (
            <>
              <Divider sx={{ my: 2 }}>or</Divider>
              <GoogleSignInButton
                clientId={config.googleClientId}
                onCredential={(credential) =>
                  void signIn({ googleCredential: credential }, MESSAGES.googleLoginException)
                }
                onError={(message) => setErrors([message])}
              />
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
