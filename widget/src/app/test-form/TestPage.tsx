import type { MouseEvent, ReactNode } from 'react';
import { useFocusHeading } from '../focus.js';
import { navigate } from '../history.js';
import { languageSearch } from '../i18n/language.js';
import { SupportLink } from '../screens.js';
import type { TFieldWords } from './words.js';

/** One of the test form's screens: its heading takes focus on arrival and names the tab. */
export function TestPage({
  words,
  title,
  children,
}: {
  words: TFieldWords;
  title: string;
  children: ReactNode;
}) {
  const name = words.tf('testReports.home.title');
  const heading = useFocusHeading(title === name ? name : `${title} – ${name}`);
  return (
    <main className="page test-form-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <SupportLink />
    </main>
  );
}

/** A link to another of the site's pages, followed without reloading (the page works offline). */
export function SiteLink({
  to,
  className,
  onFollow,
  children,
}: {
  to: string;
  className?: string;
  /** Called as the link is followed in this page, before the address changes. */
  onFollow?: () => void;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onFollow?.();
    navigate(to);
  };
  return (
    <a className={className} href={`${to}${languageSearch()}`} onClick={follow}>
      {children}
    </a>
  );
}
