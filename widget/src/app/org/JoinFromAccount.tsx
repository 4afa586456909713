import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { TAccountView, ZAccountJoinAnswer } from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { accountHref } from '../AccountLink.js';
import { apiGet, apiPost, isFetchFailure, type TAnswer } from '../api.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from './form-context.js';

// The organization home's offer to a registrant signed in to My registrations: register with this
// organization from the record kept there, in one press. Loaded by the home once it is usable; it
// asks who is signed in (the session cookie goes to /api/account from any page of the site) and
// shows nothing to anyone else.

type TJoined = z.infer<typeof ZAccountJoinAnswer>['message'];

/** The server's words (localized when shown); only a failure to reach it is worth trying again. */
interface TRefusal {
  message: string;
  retry: boolean;
}

type TPanel =
  | { state: 'hidden' }
  | { state: 'offer'; name: string; sending: boolean; refusal?: TRefusal }
  | { state: 'sent'; joined: TJoined };

async function signedInName(): Promise<string | null> {
  const answer = await apiGet<TAccountView>('/api/account/me');
  if (answer.code !== CODES.success || !answer.message) return null;
  const { firstName, lastName } = answer.message.person;
  return `${firstName} ${lastName}`;
}

type TOutcome = { kind: 'sent'; joined: TJoined } | { kind: 'refused'; refusal: TRefusal };

async function register(hash: string): Promise<TOutcome> {
  const answer: TAnswer<unknown> = await apiPost('/api/account/registrations', { hashValue: hash });
  if (answer.code === CODES.success) return { kind: 'sent', joined: answer.message as TJoined };
  if (isFetchFailure(answer)) {
    return { kind: 'refused', refusal: { message: MESSAGES.serverUnreachable, retry: true } };
  }
  // Already registered here, more certifications needed, the session ended meanwhile.
  const { message } = answer;
  const said = typeof message === 'string' && message ? message : MESSAGES.apiSubmissionError;
  return { kind: 'refused', refusal: { message: said, retry: false } };
}

/** Focuses the element whenever `arrival` changes (in the commit that shows it, as Preact needs). */
function useFocusOn<T extends HTMLElement>(arrival: unknown) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (arrival) ref.current?.focus();
  }, [arrival]);
  return ref;
}

export function JoinFromAccount() {
  const { hash, org } = useForm();
  const { t } = useI18n();
  const [panel, setPanel] = useState<TPanel>({ state: 'hidden' });

  useEffect(() => {
    let current = true;
    signedInName().then((name) => {
      if (current && name) setPanel({ state: 'offer', name, sending: false });
    });
    return () => {
      current = false;
    };
  }, []);

  if (panel.state === 'hidden') return null;
  if (panel.state === 'sent') return <Sent joined={panel.joined} />;

  const { name, sending, refusal } = panel;
  const send = async () => {
    if (sending) return;
    setPanel({ ...panel, sending: true });
    const outcome = await register(hash);
    setPanel(
      outcome.kind === 'sent'
        ? { state: 'sent', joined: outcome.joined }
        : { state: 'offer', name, sending: false, refusal: outcome.refusal },
    );
  };
  return (
    <>
      <Refused refusal={refusal} />
      {refusal && !refusal.retry ? null : (
        <section className="box" aria-labelledby="join-from-account-heading">
          <h2 id="join-from-account-heading">{t('account.title')}</h2>
          <p>{t('account.joinIntro', { name, organization: org.org_name })}</p>
          <p>
            <button
              type="button"
              className="button primary"
              aria-disabled={sending || undefined}
              onClick={send}
            >
              {t('account.joinButton')}
            </button>
          </p>
        </section>
      )}
    </>
  );
}

/** What was sent, its heading taking focus. */
function Sent({ joined }: { joined: TJoined }) {
  const { language, t } = useI18n();
  const heading = useFocusOn<HTMLHeadingElement>(joined);
  return (
    <section className="box" aria-labelledby="join-from-account-sent">
      <h2 id="join-from-account-sent" ref={heading} tabIndex={-1}>
        {t('account.joinSentTitle')}
      </h2>
      <p>{t('account.joinSentTo', { organization: joined.organizationName })}</p>
      <ul>
        <li>{t('account.joinSentCertifications', { count: joined.certifications })}</li>
        <li>{t('account.joinSentTestKits', { count: joined.testKits })}</li>
      </ul>
      <p>
        <a href={accountHref(language)}>{t('account.joinGoToAccount')}</a>
      </p>
    </section>
  );
}

/** The server's refusal, in an error summary that takes focus each time it answers. */
function Refused({ refusal }: { refusal: TRefusal | undefined }) {
  const { language, t, localize } = useI18n();
  const summary = useFocusOn<HTMLElement>(refusal);
  if (!refusal) return null;
  return (
    <section
      ref={summary}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby="join-from-account-problem"
    >
      <h2 id="join-from-account-problem">{t('errorSummary.title')}</h2>
      <ul className="error-list">
        <li>{localize(refusal.message)}</li>
      </ul>
      <p>
        <a href={accountHref(language)}>{t('account.joinGoToAccount')}</a>
      </p>
    </section>
  );
}
