import { useId, useRef, useState } from 'react';
import { DRAFT_LIFETIME_DAYS } from '../../../../shared/constants.js';
import { emitEmbedEvent } from '../embed/frame-bridge.js';
import { useI18n } from '../i18n/use-i18n.js';
import { ErrorMessage } from '../wizard/fields/ErrorMessage.js';
import { currentPage } from '../wizard/state.js';
import { stepAt } from '../wizard/step-table.js';
import { useWizard } from '../wizard/wizard-context.js';
import { saveDraft } from './api.js';
import { hasDocumentsNotUploaded } from './draft-data.js';

type TPanel =
  | { state: 'closed' }
  | { state: 'open'; error?: string }
  | { state: 'sending' }
  | { state: 'sent'; email: string };

/** The first email entered in the wizard, offered as the address to send the link to. */
function firstEmail(people: readonly { userEmail: string }[]): string {
  return people.map((person) => person.userEmail.trim()).find(Boolean) ?? '';
}

/**
 * "Save and finish later" under the wizard's pages after the first: asks for an email address
 * and sends a link that opens this registration where it was left. Its own form, so Enter in
 * the address sends the link rather than pressing the wizard's Next.
 */
export function SaveForLater() {
  const { state, hash, reportUnreachable } = useWizard();
  const { t } = useI18n();
  const [panel, setPanel] = useState<TPanel>({ state: 'closed' });
  const [email, setEmail] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const ids = useId();

  const open = () => {
    setEmail(firstEmail([...state.admins, ...state.testers]));
    setPanel({ state: 'open' });
  };
  const close = () => {
    setPanel({ state: 'closed' });
    requestAnimationFrame(() => opener.current?.focus());
  };
  const send = async () => {
    if (panel.state === 'sending') return;
    setPanel({ state: 'sending' });
    const outcome = await saveDraft(hash, state, email.trim());
    if (outcome.kind === 'unreachable') return reportUnreachable();
    if (outcome.kind === 'invalid') return setPanel({ state: 'open', error: outcome.message });
    setPanel({ state: 'sent', email: email.trim() });
    const page = currentPage(state);
    emitEmbedEvent({ type: 'saved', page, step: stepAt(page).id });
  };

  if (panel.state === 'closed') {
    return (
      <p className="save-later no-print">
        <button ref={opener} type="button" className="button secondary" onClick={open}>
          {t('drafts.save')}
        </button>
      </p>
    );
  }
  if (panel.state === 'sent') {
    return (
      <section className="box save-later no-print" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`}>{t('drafts.dialogTitle')}</h2>
        <p role="status">{t('drafts.sent', { email: panel.email })}</p>
      </section>
    );
  }
  const error = panel.state === 'open' ? panel.error : undefined;
  return (
    <section className="box save-later no-print" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('drafts.dialogTitle')}</h2>
      <p>{t('drafts.dialogIntro', { days: DRAFT_LIFETIME_DAYS })}</p>
      {hasDocumentsNotUploaded(state) ? <p>{t('drafts.notUploaded')}</p> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className={error ? 'field field-error' : 'field'}>
          <div className="field-label">
            <label htmlFor={`${ids}-email`}>{t('drafts.email')}</label>
          </div>
          <ErrorMessage id={`${ids}-error`} message={error} />
          <input
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            // biome-ignore lint/a11y/noAutofocus: the panel opened at the person's request; its one field takes focus
            autoFocus
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="actions-inline">
          <button
            type="submit"
            className="button primary"
            aria-disabled={panel.state === 'sending' || undefined}
          >
            {panel.state === 'sending' ? t('drafts.sending') : t('drafts.send')}
          </button>
          <button type="button" className="button secondary" onClick={close}>
            {t('drafts.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
