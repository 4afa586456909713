import { AccountLink } from '../AccountLink.js';
import { useFocusHeading } from '../focus.js';
import { useI18n } from '../i18n/use-i18n.js';
import { WithLink } from '../i18n/WithLink.js';
import { UserTypesAndFaq } from '../info-sections.js';
import { supportUrl } from '../links.js';

export function LandingPage() {
  const { t } = useI18n();
  const heading = useFocusHeading(t('site.title'));
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('site.title')}
      </h1>
      <p className="lead">
        <WithLink
          text={t('landing.lead')}
          link={<a href={supportUrl()}>{t('site.contactSupportLower')}</a>}
        />
      </p>
      <AccountLink />
      <section className="box" aria-labelledby="registration-info-heading">
        <h2 id="registration-info-heading">{t('info.registrationInfoHeading')}</h2>
        <p>{t('landing.registrationInfo')}</p>
      </section>
      <section className="box" aria-labelledby="unique-emails-heading">
        <h2 id="unique-emails-heading">{t('landing.uniqueEmailsHeading')}</h2>
        <p>{t('landing.uniqueEmails')}</p>
      </section>
      <UserTypesAndFaq />
    </main>
  );
}
