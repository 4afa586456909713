import type { ReactNode } from 'react';
import {
  DOCUMENT_DECISION_KEYS,
  DOCUMENT_REJECTION_REASON_KEYS,
} from '../../../../shared/review-messages.js';
import { AccountLink } from '../AccountLink.js';
import { useFocusHeading } from '../focus.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { SupportLink } from '../screens.js';
import type { TCertificationView, TCredentialView, TTestKitView } from './status-forms.js';

/** A page of its own: the heading takes focus and names the tab. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const { org } = useForm();
  const { t } = useI18n();
  const heading = useFocusHeading(`${title} – ${t('org.title', { orgName: org.org_name })}`);
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <AccountLink />
      <SupportLink />
    </main>
  );
}

export function Decision({ item }: { item: TCertificationView | TTestKitView | TCredentialView }) {
  const { t } = useI18n();
  return (
    <>
      <p>
        <strong>
          {t('status.decisionLine', { decision: t(DOCUMENT_DECISION_KEYS[item.decision]) })}
        </strong>
      </p>
      {item.decision === 'rejected' && item.reason ? (
        <p>{t('status.reasonLine', { reason: t(DOCUMENT_REJECTION_REASON_KEYS[item.reason]) })}</p>
      ) : null}
      {item.decision === 'rejected' && item.note ? (
        <p>{t('status.noteLine', { note: item.note })}</p>
      ) : null}
    </>
  );
}
