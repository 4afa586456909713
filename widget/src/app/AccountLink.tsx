import { LANGUAGE_PARAMETER, type TLanguage } from '../../../shared/i18n/languages.js';
import { ACCOUNT_PATH } from '../../../shared/site-routes.js';
import { framed } from './embed/frame-bridge.js';
import { useI18n } from './i18n/use-i18n.js';

/** My registrations' address, opening in the language shown. */
export const accountHref = (language: TLanguage) =>
  `${ACCOUNT_PATH}?${LANGUAGE_PARAMETER}=${language}`;

/**
 * The way to My registrations from the public pages, in the language shown. Inside a frame it
 * opens in a new tab: browsers withhold the account's session cookie from a page framed by
 * another site, and the account's pages refuse to be framed.
 */
export function AccountLink() {
  const { language, t } = useI18n();
  const inFrame = framed();
  return (
    <p>
      <a href={accountHref(language)} {...(inFrame ? { target: '_blank', rel: 'noopener' } : {})}>
        {t('account.link')}
        {inFrame ? <span className="visually-hidden">{t('site.opensInNewTab')}</span> : null}
      </a>
    </p>
  );
}
