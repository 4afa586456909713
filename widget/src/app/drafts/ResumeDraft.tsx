import { useEffect, useState } from 'react';
import { CODES } from '../../../../shared/codes.js';
import { formPath, stepPath } from '../../../../shared/site-routes.js';
import { useFocusHeading } from '../focus.js';
import { navigate } from '../history.js';
import { showLanguage } from '../i18n/language.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { invalidLinkMessage } from '../org/org-info.js';
import { InvalidLink, SupportLink } from '../screens.js';
import { asksCompanyCredentials } from '../wizard/credentials/asked.js';
import { currentPage } from '../wizard/state.js';
import { saveWizardState } from '../wizard/storage.js';
import { openDraft, type TOpenOutcome } from './api.js';
import { wizardStateOf } from './draft-data.js';

/** The link's token, taken out of the address as soon as it is read. */
function takeToken(): string {
  const token = window.location.hash.slice(1);
  if (token) {
    const url = new URL(window.location.href);
    url.hash = '';
    window.history.replaceState(window.history.state, '', url);
  }
  return token;
}

let opening: Promise<TOpenOutcome> | undefined;

/** The draft of the link this page was opened with: asked for once, however often React renders. */
const openThisLink = () => {
  opening ??= openDraft(takeToken());
  return opening;
};

/**
 * /form/{hash}/resume#token — a saved registration's link: the wizard comes back on the page it
 * was left, in the language it was saved in, on this device, as the same run.
 */
export function ResumeDraft() {
  const { hash, org, reportUnreachable } = useForm();
  const asksCredentials = asksCompanyCredentials(org);
  const { t, localize } = useI18n();
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const heading = useFocusHeading(t('drafts.resumeTitle'));

  useEffect(() => {
    let current = true;
    void openThisLink().then(async (outcome) => {
      if (!current) return;
      if (outcome.kind === 'unreachable') return reportUnreachable();
      if (outcome.kind === 'refused') return setRefusal(outcome);
      const { draft } = outcome;
      await showLanguage(draft.language).catch(() => {});
      const state = wizardStateOf(draft, org.number_of_certs, asksCredentials);
      saveWizardState(draft.hashValue, state);
      navigate(stepPath(draft.hashValue, currentPage(state)), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [org.number_of_certs, asksCredentials, reportUnreachable]);

  if (refusal && refusal.code !== CODES.draftNotFound) {
    return <InvalidLink message={invalidLinkMessage(refusal.code)} />;
  }
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('drafts.resumeTitle')}
      </h1>
      {refusal ? (
        <>
          <p role="alert">{localize(refusal.message)}</p>
          <p>
            <button
              type="button"
              className="button primary"
              onClick={() => navigate(formPath(hash))}
            >
              {t('drafts.startAgain')}
            </button>
          </p>
          <SupportLink />
        </>
      ) : (
        <p role="status" className="loading">
          {t('drafts.opening')}
        </p>
      )}
    </main>
  );
}
