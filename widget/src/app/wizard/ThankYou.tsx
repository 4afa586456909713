import { AccountLink } from '../AccountLink.js';
import { useFocusHeading } from '../focus.js';
import { useI18n } from '../i18n/use-i18n.js';
import { WithLink } from '../i18n/WithLink.js';
import { knowledgeBaseUrl } from '../links.js';

/** After a successful final submit. */
export function ThankYou() {
  const { t } = useI18n();
  const heading = useFocusHeading(t('thankYou.title'));
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('thankYou.title')}
      </h1>
      <p>{t('thankYou.processing')}</p>
      <p>
        <WithLink
          text={t('thankYou.learnMore')}
          link={
            <a href={knowledgeBaseUrl()} target="_blank" rel="noopener">
              {t('thankYou.knowledgeBase')}
              <span className="visually-hidden">{t('site.opensInNewTab')}</span>
            </a>
          }
        />
      </p>
      <AccountLink />
    </main>
  );
}
