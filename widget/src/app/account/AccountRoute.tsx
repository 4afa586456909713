import { useEffect, useState } from 'react';
import type { TAccountView } from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import { ACCOUNT_PATH } from '../../../../shared/site-routes.js';
import { navigate } from '../history.js';
import { languageSearch } from '../i18n/language.js';
import { useI18n } from '../i18n/use-i18n.js';
import { PageLoading, ServerUnreachable } from '../screens.js';
import { AccountPage } from './AccountPage.js';
import { lookUpAccount, startSession, type TSessionStart } from './account-api.js';
import { SignedIn } from './SignedIn.js';
import { SignInForm } from './SignInForm.js';

// My registrations (/account) and the page its emailed link opens (/account/sign-in#token): one
// screen at a time, each with its own heading (which takes focus when it arrives).

type TScreen =
  | { name: 'loading' }
  | { name: 'signIn'; notice?: string }
  | { name: 'checkEmail'; message: string }
  | { name: 'linkInvalid'; message: string }
  | { name: 'signedIn'; view: TAccountView }
  | { name: 'signedOut'; message: string }
  | { name: 'unreachable' };

let sessionStart: Promise<TSessionStart> | undefined;

/**
 * Signs in with the emailed link's token, once per page load. The token is read from the
 * address's fragment (which never reaches a server or a Referer) and removed from the address at
 * once, so no history entry, bookmark or reload keeps it.
 */
function signInWithLink(): Promise<TSessionStart> {
  if (!sessionStart) {
    const token = window.location.hash.slice(1);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    sessionStart = token
      ? startSession(token)
      : Promise.resolve({ kind: 'invalid', message: MESSAGES.accountLinkInvalid });
  }
  return sessionStart;
}

/** My registrations' own address, in the language shown: a fresh start of the screens. */
const accountHref = () => `${ACCOUNT_PATH}${languageSearch()}`;

function CheckEmail({ message, onAskAgain }: { message: string; onAskAgain(): void }) {
  const { t, localize } = useI18n();
  return (
    <AccountPage title={t('account.checkEmailTitle')}>
      <p role="status">{localize(message)}</p>
      <p>{t('account.checkEmailHint')}</p>
      <p>
        <button type="button" className="link-button" onClick={onAskAgain}>
          {t('account.askAgain')}
        </button>
      </p>
    </AccountPage>
  );
}

function LinkInvalid({ message }: { message: string }) {
  const { t, localize } = useI18n();
  return (
    <AccountPage title={t('account.linkInvalidTitle')}>
      <p>{localize(message)}</p>
      <p>
        <a href={accountHref()}>{t('account.askAgain')}</a>
      </p>
    </AccountPage>
  );
}

function SignedOut({ message }: { message: string }) {
  const { t, localize } = useI18n();
  return (
    <AccountPage title={t('account.signedOutTitle')}>
      <p role="status">{localize(message)}</p>
      <p>
        <a className="button primary" href={accountHref()}>
          {t('account.signInAgain')}
        </a>
      </p>
    </AccountPage>
  );
}

function SigningIn() {
  const { t } = useI18n();
  return (
    <main className="page">
      <p role="status" className="loading">
        {t('account.signingIn')}
      </p>
    </main>
  );
}

/** The lazily loaded entry of My registrations; `signingIn` on the emailed link's page. */
export function AccountRoute({ signingIn }: { signingIn: boolean }) {
  const [screen, setScreen] = useState<TScreen>({ name: 'loading' });

  useEffect(() => {
    let current = true;
    const show = (next: TScreen) => {
      if (current) setScreen(next);
    };
    if (signingIn) {
      signInWithLink().then((outcome) => {
        if (!current) return;
        if (outcome.kind === 'signedIn') navigate(ACCOUNT_PATH, { replace: true });
        else if (outcome.kind === 'invalid')
          show({ name: 'linkInvalid', message: outcome.message });
        else show({ name: 'unreachable' });
      });
    } else {
      lookUpAccount().then((lookup) => {
        if (lookup.kind === 'signedIn') show({ name: 'signedIn', view: lookup.view });
        else if (lookup.kind === 'signedOut') show({ name: 'signIn' });
        else show({ name: 'unreachable' });
      });
    }
    return () => {
      current = false;
    };
  }, [signingIn]);

  switch (screen.name) {
    case 'loading':
      return signingIn ? <SigningIn /> : <PageLoading />;
    case 'signIn':
      return (
        <SignInForm
          notice={screen.notice}
          onSent={(message) => setScreen({ name: 'checkEmail', message })}
        />
      );
    case 'checkEmail':
      return (
        <CheckEmail message={screen.message} onAskAgain={() => setScreen({ name: 'signIn' })} />
      );
    case 'linkInvalid':
      return <LinkInvalid message={screen.message} />;
    case 'signedIn':
      return (
        <SignedIn
          view={screen.view}
          onSignedOut={(message) => setScreen({ name: 'signedOut', message })}
          onSessionEnded={(message) => setScreen({ name: 'signIn', notice: message })}
        />
      );
    case 'signedOut':
      return <SignedOut message={screen.message} />;
    case 'unreachable':
      return <ServerUnreachable />;
  }
}
