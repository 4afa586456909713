import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TAccountJoinPrefill, TAccountView } from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { stepPath } from '../../../../shared/site-routes.js';
import { accountHref } from '../AccountLink.js';
import { apiGet, isFetchFailure } from '../api.js';
import { navigate } from '../history.js';
import { useI18n } from '../i18n/use-i18n.js';
import { accountWizardState } from '../wizard/from-account.js';
import { currentPage } from '../wizard/state.js';
import { newRunId, saveWizardState } from '../wizard/storage.js';
import { useForm } from './form-context.js';

// The organization home's offer to a registrant signed in to My registrations: register with this
// organization from the record kept there. Loaded by the home once it is usable; it asks who is
// signed in (the session cookie goes to /api/account from any page of the site) and shows
// nothing to anyone else. Pressed, it asks what of the record this organization takes and what
// it needs beyond it, and opens the wizard filled in (wizard/from-account.ts).

/** The server's words (localized when shown); only a failure to reach it is worth trying again. */
interface TRefusal {
  message: string;
  retry: boolean;
}

type TPanel =
  | { state: 'hidden' }
  | { state: 'offer'; name: string; opening: boolean; refusal?: TRefusal };

async function signedInName(): Promise<string | null> {
  const answer = await apiGet<TAccountView>('/api/account/me');
  if (answer.code !== CODES.success || !answer.message) return null;
  const { firstName, lastName } = answer.message.person;
  return `${firstName} ${lastName}`;
}

type TOutcome = { kind: 'opened' } | { kind: 'refused'; refusal: TRefusal };

/** Opens the wizard filled in from the record, or says why it cannot. */
async function openFilledIn(hash: string): Promise<TOutcome> {
  const answer = await apiGet<TAccountJoinPrefill>(
    `/api/account/registrations/prefill?hashValue=${encodeURIComponent(hash)}`,
  );
  if (answer.code === CODES.success && answer.message) {
    const state = accountWizardState(answer.message, newRunId());
    saveWizardState(hash, state);
    navigate(stepPath(hash, currentPage(state)));
    return { kind: 'opened' };
  }
  if (isFetchFailure(answer)) {
    return { kind: 'refused', refusal: { message: MESSAGES.serverUnreachable, retry: true } };
  }
  // Already registered here, no company on file, the session ended meanwhile.
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
      if (current && name) setPanel({ state: 'offer', name, opening: false });
    });
    return () => {
      current = false;
    };
  }, []);

  if (panel.state === 'hidden') return null;

  const { name, opening, refusal } = panel;
  const open = async () => {
    if (opening) return;
    setPanel({ ...panel, opening: true, refusal: undefined });
    const outcome = await openFilledIn(hash);
    if (outcome.kind === 'refused') {
      setPanel({ state: 'offer', name, opening: false, refusal: outcome.refusal });
    }
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
              aria-disabled={opening || undefined}
              onClick={open}
            >
              {t('account.joinButton')}
            </button>
          </p>
        </section>
      )}
    </>
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
