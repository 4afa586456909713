import type { ReactNode } from 'react';
import { useFocusHeading } from '../focus.js';
import { useI18n } from '../i18n/use-i18n.js';
import { SupportLink } from '../screens.js';

/** One of My registrations' screens: its heading takes focus on arrival and names the tab. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useI18n();
  const name = t('account.title');
  const heading = useFocusHeading(title === name ? name : `${title} – ${name}`);
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <SupportLink />
    </main>
  );
}
