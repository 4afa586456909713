import { useFocusHeading } from './focus.js';
import { useI18n } from './i18n/use-i18n.js';
import { WithLink } from './i18n/WithLink.js';
import { supportUrl } from './links.js';

export function SupportLink() {
  const { t } = useI18n();
  return (
    <p>
      <WithLink
        text={t('site.needHelp')}
        link={<a href={supportUrl()}>{t('site.contactSupport')}</a>}
      />
    </p>
  );
}

export function PageLoading() {
  const { t } = useI18n();
  return (
    <main className="page">
      <p role="status" className="loading">
        {t('site.pageLoading')}
      </p>
    </main>
  );
}

/** The invalid-link screen: unknown, expired or otherwise unusable registration links. */
export function InvalidLink({ message }: { message: string }) {
  const { t, localize } = useI18n();
  const heading = useFocusHeading(t('site.uhOh'));
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('site.uhOh')}
      </h1>
      <p>{localize(message)}</p>
      <SupportLink />
    </main>
  );
}

export function ServerUnreachable() {
  const { t } = useI18n();
  const heading = useFocusHeading(t('site.connectionProblem'));
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('site.connectionProblem')}
      </h1>
      <p role="alert">{t('messages.serverUnreachable')}</p>
      <SupportLink />
    </main>
  );
}
