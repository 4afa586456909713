import { useLayoutEffect, useRef } from 'react';
import { MESSAGES } from '../../../../shared/codes.js';
import { useI18n } from '../i18n/use-i18n.js';
import { fieldId, hasErrors } from './errors.js';
import { errorLabel } from './labels.js';
import type { TWizardErrors } from './state.js';

/**
 * The errors of the last Next, at the top of the form: the general messages, then a link to
 * each field with an error. It takes focus (and the page scrolls to the top) when it appears.
 */
export function ErrorSummary({
  errors,
  labelOf,
}: {
  errors: TWizardErrors;
  /** The field's name in the summary's link (the wizard's labels unless given). */
  labelOf?: (path: string) => string;
}) {
  const { t, localize } = useI18n();
  const label = labelOf ?? ((path: string) => errorLabel(path, t));
  const box = useRef<HTMLElement>(null);
  const visible = hasErrors(errors);
  useLayoutEffect(() => {
    if (!hasErrors(errors)) return;
    window.scrollTo(0, 0);
    box.current?.focus({ preventScroll: true });
  }, [errors]);
  if (!visible) return null;
  const fields = Object.entries(errors.fields);
  return (
    <section
      ref={box}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">{t('errorSummary.title')}</h2>
      {errors.general.length ? (
        <ul className="error-list">
          {errors.general.map((message) => (
            <li key={message}>{localize(message)}</li>
          ))}
        </ul>
      ) : null}
      {fields.length ? (
        <>
          <p>{t('errorSummary.checkFields')}</p>
          <ul className="error-links">
            {fields.map(([path, message]) => (
              <li key={path}>
                <a
                  href={`#${fieldId(path)}`}
                  onClick={(event) => {
                    const target = document.getElementById(fieldId(path));
                    if (!target) return;
                    event.preventDefault();
                    target.focus();
                    target.scrollIntoView({ block: 'center' });
                  }}
                >
                  {label(path)}
                  {message === MESSAGES.fieldRequired ? '' : `: ${localize(message)}`}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
