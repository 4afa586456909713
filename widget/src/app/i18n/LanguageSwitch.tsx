import { LANGUAGE_NAMES, LANGUAGES } from '../../../../shared/i18n/languages.js';
import { chooseLanguage } from './language.js';
import { useI18n } from './use-i18n.js';

/**
 * English / Español on every page. Each name is written (and tagged) in its own language; the
 * current one is marked. Changing it keeps everything entered: only the words change.
 */
export function LanguageSwitch() {
  const { language, t } = useI18n();
  return (
    <nav className="language-switch no-print" aria-label={t('site.languageSwitch')}>
      <ul>
        {LANGUAGES.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="link-button"
              lang={option}
              aria-pressed={option === language}
              onClick={() => {
                if (option !== language) void chooseLanguage(option);
              }}
            >
              {LANGUAGE_NAMES[option]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
