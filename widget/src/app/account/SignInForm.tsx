import { type FormEvent, useRef, useState } from 'react';
import { useI18n } from '../i18n/use-i18n.js';
import { ErrorSummary } from '../wizard/ErrorSummary.js';
import { TextField } from '../wizard/fields/Field.js';
import type { TWizardErrors } from '../wizard/state.js';
import { AccountPage } from './AccountPage.js';
import { askForSignInLink, NO_ERRORS } from './account-api.js';

/**
 * /account when no one is signed in: the email a sign-in link is sent to. The server checks it
 * (never on blur); its problems show above the form and beside the field in the same words.
 * `notice` is the server's word when a session ended under the person.
 */
export function SignInForm({ notice, onSent }: { notice?: string; onSent(message: string): void }) {
  const { t, localize } = useI18n();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<TWizardErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const outcome = await askForSignInLink(email);
    sendingRef.current = false;
    setSending(false);
    if (outcome.kind === 'done') onSent(outcome.message);
    else if (outcome.kind === 'errors') setErrors(outcome.errors);
  };

  return (
    <AccountPage title={t('account.signInTitle')}>
      <ErrorSummary errors={errors} labelOf={() => t('account.emailLabel')} />
      {notice ? <p className="box">{localize(notice)}</p> : null}
      <p>{t('account.signInIntro')}</p>
      <form noValidate onSubmit={send}>
        <TextField
          path="email"
          label={t('account.emailLabel')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.fields.email}
        />
        <button type="submit" className="button primary" aria-disabled={sending || undefined}>
          {sending ? t('account.sending') : t('account.sendLink')}
        </button>
      </form>
    </AccountPage>
  );
}
