import { type MouseEvent, useEffect, useState } from 'react';
import { TEST_FORM_PATH } from '../../../../shared/site-routes.js';
import { navigate } from '../history.js';
import { languageSearch } from '../i18n/language.js';
import type { TKeepState } from './device-copy.js';
import { useFieldWords } from './words.js';

/**
 * My registrations' way to the test form, for a person who may file: the link, and whether the
 * test form is kept on this device for use without signal (the worker, the record and the
 * inventory), made so on every visit with a connection.
 */
export function FieldLink() {
  const { tf, ready } = useFieldWords();
  const [kept, setKept] = useState<TKeepState | 'keeping'>('keeping');

  useEffect(() => {
    let current = true;
    // Through the module My registrations fetches for the device's copy: one way in, one chunk.
    import('./device-copy.js')
      .then((module) => module.keepForTheField())
      .catch((): TKeepState => 'failed')
      .then((state) => current && setKept(state));
    return () => {
      current = false;
    };
  }, []);

  if (!ready) return null;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate(TEST_FORM_PATH);
  };
  return (
    <section aria-labelledby="account-test-reports">
      <h2 id="account-test-reports">{tf('testReports.keep.heading')}</h2>
      <p>
        <a className="button primary" href={`${TEST_FORM_PATH}${languageSearch()}`} onClick={open}>
          {tf('testReports.keep.link')}
        </a>
      </p>
      <p role="status" className="hint">
        {kept === 'keeping'
          ? tf('testReports.keep.keeping')
          : kept === 'kept'
            ? tf('testReports.keep.kept')
            : kept === 'nothing'
              ? tf('testReports.keep.nothing')
              : tf('testReports.keep.failed')}
      </p>
    </section>
  );
}
