import { type FormEvent, useEffect, useState } from 'react';
import {
  MIN_STAFF_PASSWORD,
  newPasswordProblem,
  SIGN_IN_MESSAGES,
} from '../../../shared/staff-sign-in';
import { SignInErrors, SignInField } from './SignInErrors';
import { type SignInCalls, SignInError, signInCalls } from './signInCalls';
import './sign-in.css';

interface Props {
  /** Called once the password is set (the console shows the sign-in with a notice). */
  onDone(): void;
  calls?: SignInCalls;
}

const defaultCalls = signInCalls();

/** The token of the address's fragment (#token=…): never sent to a server or in a Referer. */
function tokenOfAddress(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * /scadmin/set-password: the page an invitation or reset email links to. The person chooses a
 * password with the same rules as everywhere (length here, common passwords on the server).
 */
export function SetPassword({ onDone, calls = defaultCalls }: Props) {
  const [token] = useState(tokenOfAddress);
  const [link, setLink] = useState<{ email: string; purpose: 'invite' | 'reset' }>();
  const [invalid, setInvalid] = useState<string>();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    if (!token) {
      setInvalid(SIGN_IN_MESSAGES.linkInvalid);
      return;
    }
    calls.passwordLink(token).then(
      (found) => current && setLink(found),
      (error) =>
        current &&
        setInvalid(error instanceof SignInError ? error.message : SIGN_IN_MESSAGES.linkInvalid),
    );
    return () => {
      current = false;
    };
  }, [calls, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      newPasswordProblem(password) ??
      (password === repeated ? undefined : SIGN_IN_MESSAGES.passwordsDiffer);
    if (problem) return setErrors([problem]);
    setBusy(true);
    setErrors([]);
    try {
      await calls.setPassword(token, password);
      onDone();
    } catch (error) {
      setErrors([error instanceof SignInError ? error.message : SIGN_IN_MESSAGES.linkInvalid]);
      setBusy(false);
    }
  };

  return (
    <main className="signin">
      <div className="signin-card">
        <h1>{link?.purpose === 'reset' ? 'Reset your password' : 'Choose your password'}</h1>
        {invalid ? <SignInErrors errors={[invalid]} /> : null}
        {link ? (
          <form noValidate onSubmit={submit} aria-label="Choose your password">
            <p>
              For <strong>{link.email}</strong>. At least {MIN_STAFF_PASSWORD} characters; a long
              phrase is best.
            </p>
            <SignInErrors errors={errors} />
            <SignInField
              id="new-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
            />
            <SignInField
              id="repeat-password"
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              value={repeated}
              onChange={setRepeated}
            />
            <button type="submit" className="signin-button" disabled={busy}>
              SET PASSWORD
            </button>
          </form>
        ) : null}
      </div>
    </main>
  );
}
