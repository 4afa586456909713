import type { FormEvent } from 'react';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * A tester's choice to be listed or not in the organizations' public directories (issue 28):
 * what being listed shows, or that they are not, and one button that changes it. Its result is
 * said in the status line below, the button keeping focus under its new label.
 */
export function DirectoryChoice({
  hidden,
  busy,
  saved,
  onChange,
}: {
  hidden: boolean;
  busy: boolean;
  /** The server's words once changed, localized. */
  saved: string;
  onChange(event: FormEvent): void;
}) {
  const { t } = useI18n();
  return (
    <form noValidate onSubmit={onChange} aria-labelledby="account-directory">
      <h3 id="account-directory">{t('account.directoryHeading')}</h3>
      <p id="account-directory-state">
        {hidden ? t('account.directoryHiddenText') : t('account.directoryListedText')}
      </p>
      <button
        id="account-directory-change"
        type="submit"
        className="button secondary"
        aria-describedby="account-directory-state"
        aria-disabled={busy || undefined}
      >
        {hidden ? t('account.directoryShow') : t('account.directoryHide')}
      </button>
      <p role="status">{saved}</p>
    </form>
  );
}
