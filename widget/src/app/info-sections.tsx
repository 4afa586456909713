import { WELCOME_EMAIL_HOURS } from '../../../shared/constants.js';
import { useI18n } from './i18n/use-i18n.js';
import { SupportLink } from './screens.js';

/** The welcome message shown when the organization has no home banner of its own. */
export function DefaultWelcome() {
  const { t } = useI18n();
  return <p>{t('info.defaultWelcome', { hours: WELCOME_EMAIL_HOURS })}</p>;
}

export function RequirementsBox() {
  const { t } = useI18n();
  return (
    <section className="box" aria-labelledby="requirements-heading">
      <h2 id="requirements-heading">{t('info.requirementsHeading')}</h2>
      <ul>
        <li>{t('info.requirementUniqueEmail')}</li>
        <li>{t('info.requirementResubmit')}</li>
      </ul>
    </section>
  );
}

/** The Admin Users / Tester Users explanations and the FAQ, shared by the landing and org home. */
export function UserTypesAndFaq() {
  const { t } = useI18n();
  return (
    <>
      <section aria-labelledby="admin-users-heading">
        <h2 id="admin-users-heading">{t('info.adminUsersHeading')}</h2>
        <p>{t('info.adminUsers')}</p>
      </section>
      <section aria-labelledby="tester-users-heading">
        <h2 id="tester-users-heading">{t('info.testerUsersHeading')}</h2>
        <p>{t('info.testerUsers')}</p>
      </section>
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">{t('info.faqHeading')}</h2>
        <dl className="faq">
          <dt>{t('info.faqAgainQuestion')}</dt>
          <dd>{t('info.faqAgainAnswer')}</dd>
          <dt>{t('info.faqShareQuestion')}</dt>
          <dd>{t('info.faqShareAnswer')}</dd>
          <dt>{t('info.faqDocumentsQuestion')}</dt>
          <dd>{t('info.faqDocumentsAnswer')}</dd>
          <dt>{t('info.faqLoginQuestion')}</dt>
          <dd>{t('info.faqLoginAnswer')}</dd>
        </dl>
      </section>
      <SupportLink />
    </>
  );
}
