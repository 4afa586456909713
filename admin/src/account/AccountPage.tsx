import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useGetIdentity, useNotify, usePermissions } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import type { TAccountResponse, TTwoFactorSetupResponse } from '../../../shared/staff-responses';
import { newPasswordProblem, SIGN_IN_MESSAGES } from '../../../shared/staff-sign-in';
import { accessLabel } from '../components/accessLabel';
import { problemsOf, useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import { PageHeading } from '../components/PageHeading';
import { forgetAccount } from '../providers/account';

interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
}

function PasswordField({ label, autoComplete, value, onChange }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      margin="dense"
    />
  );
}

function ChangePassword({ account }: { account: TAccountResponse }) {
  const api = useStaffApi();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      newPasswordProblem(next) ??
      (next === repeated ? undefined : SIGN_IN_MESSAGES.passwordsDiffer);
    if (problem) return setErrors([problem]);
    setBusy(true);
    setErrors([]);
    try {
      await api.changePassword(current, next);
      notify(STAFF_MESSAGES.passwordChanged, { type: 'success' });
      setCurrent('');
      setNext('');
      setRepeated('');
    } catch (error) {
      setErrors(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        {account.hasPassword ? 'Change password' : 'Set a password'}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label="Change password">
        <ErrorList errors={errors} />
        {account.hasPassword ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
        ) : null}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          value={repeated}
          onChange={setRepeated}
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          Save password
        </Button>
      </Box>
    </Paper>
  );
}

function TwoFactor({ account, onChange }: { account: TAccountResponse; onChange(): void }) {
  const api = useStaffApi();
  const notify = useNotify();
  const [setup, setSetup] = useState<TTwoFactorSetupResponse>();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors([]);
    try {
      await work();
    } catch (error) {
      setErrors(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors([SIGN_IN_MESSAGES.codeRequired]);
    void run(async () => {
      const answer = await api.confirmTwoFactor(code.trim());
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(undefined);
      setCode('');
      onChange();
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setErrors([SIGN_IN_MESSAGES.codeRequired]);
    void run(async () => {
      await api.disableTwoFactor(code.trim());
      notify(STAFF_MESSAGES.twoFactorOff, { type: 'success' });
      setCode('');
      onChange();
    });
  };

  const codeField = (
    <TextField
      label="Code"
      value={code}
      onChange={(event) => setCode(event.target.value)}
      autoComplete="one-time-code"
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        Two-step sign-in
      </Typography>
      {account.mustEnrollTwoFactor ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {STAFF_MESSAGES.twoFactorEnrollmentRequired}
        </Alert>
      ) : null}
      <ErrorList errors={errors} />
      {recoveryCodes ? (
        <Alert severity="success" sx={{ my: 1 }}>
          <Typography>
            Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, if
            you lose your phone. They are shown only now.
          </Typography>
          <Box component="ul" aria-label="Recovery codes" sx={{ fontFamily: 'monospace' }}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {account.twoFactorEnabled ? (
        <>
          <Typography>On: sign-in asks for a code from your authenticator app.</Typography>
          {account.twoFactorRequired ? (
            <Typography color="text.secondary">
              Your role or your organization requires it.
            </Typography>
          ) : (
            <Box
              component="form"
              noValidate
              onSubmit={turnOff}
              aria-label="Turn off two-step sign-in"
            >
              <Typography sx={{ mt: 1 }}>
                To turn it off, enter a code from the app or a recovery code.
              </Typography>
              {codeField}
              <Button
                type="submit"
                variant="outlined"
                color="error"
                disabled={busy}
                sx={{ ml: 1, mt: 2 }}
              >
                Turn off
              </Button>
            </Box>
          )}
        </>
      ) : setup ? (
        <Box component="form" noValidate onSubmit={confirm} aria-label="Confirm two-step sign-in">
          <Typography>
            Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            1Password …), then enter the 6-digit code it shows.
          </Typography>
          <Box
            component="img"
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            sx={{ width: 200, height: 200, display: 'block', my: 1 }}
          />
          <Typography variant="body2">
            Or type this key: <code data-testid="totp-secret">{setup.secret}</code>
          </Typography>
          {codeField}
          <Button type="submit" variant="contained" disabled={busy} sx={{ ml: 1, mt: 2 }}>
            Confirm
          </Button>
        </Box>
      ) : (
        <>
          <Typography>Off: add a code from an authenticator app to your sign-in.</Typography>
          <Button
            variant="contained"
            disabled={busy}
            sx={{ mt: 1 }}
            onClick={() => run(async () => setSetup(await api.startTwoFactor()))}
          >
            Set up two-step sign-in
          </Button>
        </>
      )}
    </Paper>
  );
}

/** My Account (/account): who is signed in, their password and two-step sign-in. */
export function AccountPage() {
  const api = useStaffApi();
  const identity = useGetIdentity();
  const permissions = usePermissions();
  const [account, setAccount] = useState<TAccountResponse>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    api.getAccount().then(
      (answer) => current && setAccount(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const changed = () => {
    forgetAccount();
    api.getAccount().then(setAccount, () => setFailed(true));
    identity.refetch();
    permissions.refetch();
  };

  return (
    <Box sx={{ pb: 4, maxWidth: 720 }}>
      <PageHeading title="My Account" />
      {failed ? <Alert severity="error">{MESSAGES.apiRequestError}</Alert> : null}
      {account ? (
        <>
          <Typography>
            {account.email} — {accessLabel(account)}
          </Typography>
          <TwoFactor account={account} onChange={changed} />
          <ChangePassword account={account} />
        </>
      ) : null}
    </Box>
  );
}
