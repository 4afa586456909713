import { type MouseEvent, useEffect, useState } from 'react';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import { TEST_FORM_PATH } from '../../../../shared/site-routes.js';
import { useFocusHeading } from '../focus.js';
import { navigate } from '../history.js';
import { languageSearch } from '../i18n/language.js';
import { useI18n } from '../i18n/use-i18n.js';
import { SupportLink } from '../screens.js';

/** The test form's words for its way from here, once a record kept on this device is found. */
type TFormWay = { heading: string; kept: string; link: string };

/**
 * Whether this device keeps the test form for someone, and its words in the language: read with
 * the test form's own code (kept on the device with My registrations', so it answers offline).
 */
async function keptFormWay(language: TLanguage): Promise<TFormWay | null> {
  const [copy, words] = await Promise.all([
    import('../test-form/device-copy.js'),
    import('../test-form/words.js'),
  ]);
  if (!(await copy.keepsRecord())) return null;
  const tf = await words.fieldWordsIn(language);
  return {
    heading: tf('testReports.keep.heading'),
    kept: tf('testFormDevice.offline.kept'),
    link: tf('testReports.keep.link'),
  };
}

/**
 * My registrations when the server cannot be reached (no signal, most often): said so, and on
 * a device that keeps the test form, the way to it, which works without signal.
 */
export function AccountUnreachable() {
  const { t, language } = useI18n();
  const heading = useFocusHeading(t('site.connectionProblem'));
  const [way, setWay] = useState<TFormWay | null>(null);

  useEffect(() => {
    let current = true;
    keptFormWay(language).then(
      (found) => current && setWay(found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [language]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(TEST_FORM_PATH);
  };
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {t('site.connectionProblem')}
      </h1>
      <p role="alert">{t('messages.serverUnreachable')}</p>
      {way ? (
        <section aria-labelledby="account-offline-test-form">
          <h2 id="account-offline-test-form">{way.heading}</h2>
          <p>{way.kept}</p>
          <p>
            <a
              className="button primary"
              href={`${TEST_FORM_PATH}${languageSearch()}`}
              onClick={open}
            >
              {way.link}
            </a>
          </p>
        </section>
      ) : null}
      <SupportLink />
    </main>
  );
}
