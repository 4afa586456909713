import { useI18n } from '../../i18n/use-i18n.js';

/**
 * A field's error, worded as in the error summary and shown in the current language; `id` is
 * what the field's aria-describedby names. Nothing when there is no error.
 */
export function ErrorMessage({ id, message }: { id: string; message: string | undefined }) {
  const { t, localize } = useI18n();
  if (!message) return null;
  return (
    <p id={id} className="error-message">
      <span className="visually-hidden">{t('wizard.errorPrefix')}</span>
      {localize(message)}
    </p>
  );
}
