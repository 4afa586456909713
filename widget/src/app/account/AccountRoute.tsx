import { useEffect, useState } from 'react';
import type { TAccountView } from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TKey } from '../../../../shared/i18n/catalogue.js';
import { ACCOUNT_PATH, TEST_FORM_PATH } from '../../../../shared/site-routes.js';
import { navigate } from '../history.js';
import { languageSearch } from '../i18n/language.js';
import { useI18n } from '../i18n/use-i18n.js';
import { PageLoading } from '../screens.js';
import { AccountPage } from './AccountPage.js';
import { AccountUnreachable } from './AccountUnreachable.js';
import {
  confirmEmailChange,
  lookUpAccount,
  startSession,
  type TEmailConfirmation,
  type TSessionStart,
} from './account-api.js';
import { SignedIn } from './SignedIn.js';
import { SignInForm } from './SignInForm.js';

// My registrations (/account), the page its emailed sign-in link opens (/account/sign-in#token)
// and the one a change of email's link opens (/account/confirm-email#token): one screen at a
// time, each with its own heading (which takes focus when it arrives).

type TScreen =
  | { name: 'loading' }
  | { name: 'signIn'; notice?: string }
  | { name: 'checkEmail'; message: string }
  | { name: 'linkInvalid'; message: string }
  | { name: 'signedIn'; view: TAccountView }
  | { name: 'signedOut'; message: string }
  | { name: 'emailChanged'; message: string }
  | { name: 'emailNotChanged'; message: string }
  | { name: 'unreachable' };

/** Which of the pages this is: the record, the sign-in link's or the email confirmation's. */
export type TAccountPage = 'record' | 'signIn' | 'confirmEmail';

let linkUse: Promise<unknown> | undefined;

/**
 * Sends an emailed link's token, once per page load. The token is read from the address's
 * fragment (which never reaches a server or a Referer) and removed from the address at once, so
 * no history entry, bookmark or reload keeps it.
 */
function sendLinkToken<T>(send: (token: string) => Promise<T>, withoutToken: T): Promise<T> {
  if (!linkUse) {
    const token = window.location.hash.slice(1);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    linkUse = token ? send(token) : Promise.resolve(withoutToken);
  }
  return linkUse as Promise<T>;
}

const signInWithLink = () =>
  sendLinkToken<TSessionStart>(startSession, {
    kind: 'invalid',
    message: MESSAGES.accountLinkInvalid,
  });

const confirmWithLink = () =>
  sendLinkToken<TEmailConfirmation>(confirmEmailChange, {
    kind: 'refused',
    message: MESSAGES.accountEmailLinkInvalid,
  });

/**
 * Whether a returned report's link, opened signed out, waits for this sign-in: the sign-in then
 * goes back to the test form, which opens the report (the device's copy's code, fetched only here).
 */
const linkAwaitsSignIn = () =>
  import('../test-form/device-copy.js').then(
    (link) => link.linkAwaitsSignIn(),
    () => false,
  );

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

/** The screens of one message from the server and one way on, back to My registrations. */
const MESSAGE_PAGES = {
  linkInvalid: { title: 'account.linkInvalidTitle', linkText: 'account.askAgain' },
  signedOut: { title: 'account.signedOutTitle', linkText: 'account.signInAgain', done: true },
  // Every session ended with the change: sign in again with the new address.
  emailChanged: { title: 'account.emailChangedTitle', linkText: 'account.signInAgain', done: true },
  // A confirmation link used, expired, or whose address someone else took meanwhile.
  emailNotChanged: { title: 'account.emailNotChangedTitle', linkText: 'account.backToAccount' },
} as const satisfies Record<string, { title: TKey; linkText: TKey; done?: boolean }>;

/** A page of one message from the server and one way on: back to My registrations. */
function MessagePage({
  title,
  message,
  linkText,
  done,
}: {
  title: TKey;
  message: string;
  linkText: TKey;
  /** A change that took effect: announced, and the way on is the page's main action. */
  done?: boolean;
}) {
  const { t, localize } = useI18n();
  return (
    <AccountPage title={t(title)}>
      <p role={done ? 'status' : undefined}>{localize(message)}</p>
      <p>
        <a className={done ? 'button primary' : undefined} href={accountHref()}>
          {t(linkText)}
        </a>
      </p>
    </AccountPage>
  );
}

/** What an emailed link's page says while its token is sent. */
function UsingLink({ page }: { page: Exclude<TAccountPage, 'record'> }) {
  const { t } = useI18n();
  return (
    <main className="page">
      <p role="status" className="loading">
        {t(page === 'signIn' ? 'account.signingIn' : 'account.confirmingEmail')}
      </p>
    </main>
  );
}

/** The screen a page opens with, once its first call has answered. */
async function firstScreen(page: TAccountPage): Promise<TScreen> {
  if (page === 'signIn') {
    const outcome = await signInWithLink();
    if (outcome.kind === 'signedIn') {
      navigate((await linkAwaitsSignIn()) ? TEST_FORM_PATH : ACCOUNT_PATH, { replace: true });
      return { name: 'loading' };
    }
    return outcome.kind === 'invalid'
      ? { name: 'linkInvalid', message: outcome.message }
      : { name: 'unreachable' };
  }
  if (page === 'confirmEmail') {
    const outcome = await confirmWithLink();
    if (outcome.kind === 'unreachable') return { name: 'unreachable' };
    return outcome.kind === 'changed'
      ? { name: 'emailChanged', message: outcome.message }
      : { name: 'emailNotChanged', message: outcome.message };
  }
  const lookup = await lookUpAccount();
  if (lookup.kind === 'signedIn') return { name: 'signedIn', view: lookup.view };
  return lookup.kind === 'signedOut' ? { name: 'signIn' } : { name: 'unreachable' };
}

/** The lazily loaded entry of My registrations, on each of its pages. */
export function AccountRoute({ page }: { page: TAccountPage }) {
  const [screen, setScreen] = useState<TScreen>({ name: 'loading' });

  useEffect(() => {
    let current = true;
    firstScreen(page).then((next) => {
      if (current && next.name !== 'loading') setScreen(next);
    });
    return () => {
      current = false;
    };
  }, [page]);

  switch (screen.name) {
    case 'loading':
      return page === 'record' ? <PageLoading /> : <UsingLink page={page} />;
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
      return <MessagePage {...MESSAGE_PAGES[screen.name]} message={screen.message} />;
    case 'signedIn':
      return (
        <SignedIn
          view={screen.view}
          onSignedOut={(message) => setScreen({ name: 'signedOut', message })}
          onSessionEnded={(message) => setScreen({ name: 'signIn', notice: message })}
        />
      );
    case 'signedOut':
      return <MessagePage {...MESSAGE_PAGES[screen.name]} message={screen.message} />;
    case 'emailChanged':
      return <MessagePage {...MESSAGE_PAGES[screen.name]} message={screen.message} />;
    case 'emailNotChanged':
      return <MessagePage {...MESSAGE_PAGES[screen.name]} message={screen.message} />;
    case 'unreachable':
      return <AccountUnreachable />;
  }
}
