import { type FormEvent, useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import { SIGN_IN_MESSAGES } from '../../../shared/staff-sign-in';
import { GoogleButton } from './GoogleButton';
import { SignInErrors, SignInField } from './SignInErrors';
import { type SignInCalls, SignInError, type SignInOutcome, signInCalls } from './signInCalls';
import './sign-in.css';

interface Props {
  /** Called with the session token once sign-in is complete. */
  onSignedIn(token: string): void | Promise<void>;
  calls?: SignInCalls;
  /** A notice above the form (after a password was set). */
  notice?: string;
  /** Called as a sign-in is sent, so what follows it can start loading. */
  onAttempt?(): void;
}

const defaultCalls = signInCalls();

/**
 * Admin login (spec section 2): Email, Password, LOGIN and Google sign-in, errors above the
 * form; then, for an account with two-step sign-in, the code from the authenticator app.
 */
export function SignIn({ onSignedIn, calls = defaultCalls, notice, onAttempt }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState<string>();
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [googleClientId, setGoogleClientId] = useState('');

  useEffect(() => {
    let current = true;
    calls.consoleConfig().then(
      (config) => current && setGoogleClientId(config.googleClientId),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [calls]);

  const run = async (work: () => Promise<SignInOutcome | string>, fallback: string) => {
    setBusy(true);
    setErrors([]);
    onAttempt?.();
    try {
      const outcome = await work();
      if (typeof outcome === 'string') return await onSignedIn(outcome);
      if ('token' in outcome) return await onSignedIn(outcome.token);
      setChallenge(outcome.challenge);
      setCode('');
      setBusy(false);
    } catch (error) {
      setErrors([error instanceof SignInError && error.message ? error.message : fallback]);
      setBusy(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      ...(email.trim() ? [] : [SIGN_IN_MESSAGES.emailRequired]),
      ...(password ? [] : [SIGN_IN_MESSAGES.passwordRequired]),
    ];
    if (missing.length > 0) return setErrors(missing);
    void run(() => calls.password(email.trim(), password), MESSAGES.loginException);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    if (!code.trim()) return setErrors([SIGN_IN_MESSAGES.codeRequired]);
    void run(() => calls.twoFactor(challenge, code.trim()), MESSAGES.loginException);
  };

  return (
    <main className="signin">
      <div className="signin-card">
        <h1>Backflow Admin Console</h1>
        {notice && !challenge ? <div className="signin-notice">{notice}</div> : null}
        <SignInErrors errors={errors} />
        {challenge ? (
          <form noValidate onSubmit={submitCode} aria-label="Two-step sign-in">
            <p>Enter the code from your authenticator app, or one of your recovery codes.</p>
            <SignInField
              id="code"
              label="Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={setCode}
            />
            <button type="submit" className="signin-button" disabled={busy}>
              VERIFY
            </button>
            <button
              type="button"
              className="signin-link"
              onClick={() => {
                setChallenge(undefined);
                setErrors([]);
                setPassword('');
              }}
            >
              Back to sign in
            </button>
          </form>
        ) : (
          <>
            <form noValidate onSubmit={submitPassword} aria-label="Sign in">
              <SignInField
                id="email"
                label="Email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={setEmail}
              />
              <SignInField
                id="password"
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
              <button type="submit" className="signin-button" disabled={busy}>
                LOGIN
              </button>
            </form>
            {googleClientId ? (
              <>
                <div className="signin-divider">or</div>
                <GoogleButton
                  clientId={googleClientId}
                  onCredential={(credential) =>
                    void run(() => calls.google(credential), MESSAGES.googleLoginException)
                  }
                  onError={(message) => setErrors([message])}
                />
              </>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}
