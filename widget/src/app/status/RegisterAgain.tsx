import { type FormEvent, useRef, useState } from 'react';
import type { TStatusView } from '../../../../shared/review.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { registerAgain } from './status-api.js';

/**
 * The status page's offer to register again for the organization's next period (a period
 * reminder's link), with its own button: what is on file goes for review. A refusal (something
 * expired, to renew first) shows in the page's error summary.
 */
export function RegisterAgain({
  hash,
  token,
  status,
  onSent,
  onInvalid,
  onRefused,
}: {
  hash: string;
  token: string;
  status: TStatusView;
  onSent(message: string): void;
  onInvalid(): void;
  onRefused(message: string): void;
}) {
  const { t, formatDate } = useI18n();
  const { reportUnreachable } = useForm();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  if (!status.canRegisterAgain) return null;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const outcome = await registerAgain(hash, token);
    sendingRef.current = false;
    setSending(false);
    if (outcome.kind === 'sent') onSent(outcome.message);
    else if (outcome.kind === 'invalid') onInvalid();
    else if (outcome.kind === 'unreachable') reportUnreachable();
    else onRefused(outcome.message);
  };

  const date = status.validThrough ? formatDate(status.validThrough) : '';
  const organization = status.organizationName;
  return (
    <section className="block" aria-labelledby="status-register-again">
      <h2 id="status-register-again">{t('status.registerAgainHeading')}</h2>
      <p>
        {status.standing === 'lapsed'
          ? t('status.registerAgainLapsed', { date, organization })
          : t('status.registerAgainOpen', { date, organization })}
      </p>
      <form noValidate onSubmit={send}>
        <button type="submit" className="button primary" aria-disabled={sending || undefined}>
          {t('status.registerAgain')}
        </button>
      </form>
    </section>
  );
}
