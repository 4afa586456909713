import { useLayoutEffect, useRef } from 'react';
import type { TAssemblyType } from '../../../../shared/assemblies.js';
import { fieldElementId, fieldOrder, type TFormErrors } from './report.js';
import type { TFieldWords } from './words.js';

/**
 * What stops the report, at the top of the form: a link to each field with its problem, worded
 * as at the field, in the form's order. It takes focus (and the page scrolls up) when it shows.
 */
export function TestErrorSummary({
  words,
  errors,
  type,
}: {
  words: TFieldWords;
  errors: TFormErrors;
  type: TAssemblyType | null;
}) {
  const box = useRef<HTMLElement>(null);
  const order = fieldOrder(type);
  const paths = Object.keys(errors).sort((a, b) => {
    const at = (path: string) => {
      const index = order.findIndex((field) => path === field || path.startsWith(`${field}.`));
      return index === -1 ? order.length : index;
    };
    return at(a) - at(b);
  });
  useLayoutEffect(() => {
    if (Object.keys(errors).length === 0) return;
    window.scrollTo(0, 0);
    box.current?.focus({ preventScroll: true });
  }, [errors]);
  if (paths.length === 0) return null;
  return (
    <section
      ref={box}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby="test-error-summary-title"
    >
      <h2 id="test-error-summary-title">{words.t('errorSummary.title')}</h2>
      <ul className="error-links">
        {paths.map((path) => {
          const error = errors[path];
          if (error === undefined) return null;
          const id = fieldElementId(path);
          return (
            <li key={path}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const target = document.getElementById(id);
                  if (!target) return;
                  event.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: 'center' });
                }}
              >
                {words.errorText(error)}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
