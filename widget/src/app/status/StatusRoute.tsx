import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../../shared/codes.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { PageLoading } from '../screens.js';
import { StatusPage } from './StatusPage.js';
import { Page } from './StatusParts.js';
import { lookUpStatus, type TStatusLookup } from './status-api.js';
import { isRenewing } from './status-forms.js';

/**
 * /form/{hash}/status/{token}: a registrant's personal status link. It shows the review, and
 * when changes were requested takes the corrections once; a link that cannot be used says so.
 */
export function StatusRoute({ token }: { token: string }) {
  const { hash, reportUnreachable } = useForm();
  const { t, localize } = useI18n();
  const [lookup, setLookup] = useState<TStatusLookup | null>(null);
  const [sent, setSent] = useState<'corrections' | 'renewal'>();
  const [registeredAgain, setRegisteredAgain] = useState('');

  useEffect(() => {
    let current = true;
    setLookup(null);
    lookUpStatus(hash, token).then((result) => current && setLookup(result));
    return () => {
      current = false;
    };
  }, [hash, token]);

  useEffect(() => {
    if (lookup?.state === 'unreachable') reportUnreachable();
  }, [lookup, reportUnreachable]);

  if (!lookup || lookup.state === 'unreachable') return <PageLoading />;
  if (lookup.state === 'invalid') {
    return (
      <Page title={t('status.invalidLinkTitle')}>
        <p>{localize(MESSAGES.statusLinkInvalid)}</p>
      </Page>
    );
  }
  if (registeredAgain) {
    return (
      <Page title={t('status.registeredAgainTitle')}>
        <p role="status">{localize(registeredAgain)}</p>
      </Page>
    );
  }
  if (sent === 'renewal') {
    return (
      <Page title={t('renewal.sentTitle')}>
        <p role="status">{t('renewal.sentText')}</p>
      </Page>
    );
  }
  if (sent) {
    return (
      <Page title={t('status.correctionsSentTitle')}>
        <p role="status">{localize(MESSAGES.correctionsSent)}</p>
      </Page>
    );
  }
  return (
    <StatusPage
      hash={hash}
      token={token}
      status={lookup.status}
      onSent={() => setSent(isRenewing(lookup.status) ? 'renewal' : 'corrections')}
      onInvalid={() => setLookup({ state: 'invalid' })}
      onRegisteredAgain={setRegisteredAgain}
    />
  );
}
