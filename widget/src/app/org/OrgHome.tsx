import { Suspense, useEffect, useState } from 'react';
import { LANGUAGE_PARAMETER } from '../../../../shared/i18n/languages.js';
import { stepPath } from '../../../../shared/site-routes.js';
import { AccountLink } from '../AccountLink.js';
import { framed } from '../embed/frame-bridge.js';
import { useFocusHeading } from '../focus.js';
import { navigate } from '../history.js';
import { useI18n } from '../i18n/use-i18n.js';
import { DefaultWelcome, RequirementsBox, UserTypesAndFaq } from '../info-sections.js';
import { lazyScreen } from '../lazy.js';
import { afterFirstPaint } from '../paint.js';
import { wizardScreen } from '../wizard/load.js';
import { useForm } from './form-context.js';

/**
 * An organization's own home banner, with the link finder that formats it (the largest part of
 * the home's code): fetched only when there is one, and shown when it arrives, below Get Started,
 * which does not wait for it.
 */
const Banner = lazyScreen(
  () => import('../banner/Banner.js'),
  (module) => module.Banner,
).Screen;

/**
 * The offer to register from My registrations' record, with its check of who is signed in:
 * fetched once the page is usable (after the wizard, which Get Started needs first). Never in a
 * frame: the session cookie is usually withheld there, and an offer that acts for a session does
 * not belong inside another site's page.
 */
const joinFromAccount = lazyScreen(
  () => import('./JoinFromAccount.js'),
  (module) => module.JoinFromAccount,
);
const JoinFromAccount = joinFromAccount.Screen;

/** /form/{hash} — the organization's home page. */
export function OrgHome() {
  const { hash, org } = useForm();
  const { language, t } = useI18n();
  const title = t('org.title', { orgName: org.org_name });
  const heading = useFocusHeading(title);
  const [joinArrived, setJoinArrived] = useState(false);
  // Once the page is usable (painted: a page the server wrote is taken over before its first paint
  // when everything arrives at once) the wizard is fetched, so Get Started finds it here; a
  // failure is left to the moment the wizard opens, which reports it. The offer to the signed-in
  // comes after it, and a failure to fetch it only leaves it out.
  useEffect(
    () =>
      afterFirstPaint(() => {
        const wizard = wizardScreen.preload().catch(() => {});
        if (framed()) return;
        wizard
          .then(joinFromAccount.preload)
          .then(() => setJoinArrived(true))
          .catch(() => {});
      }),
    [],
  );
  // A form that opens the wizard's first page: on a page the server wrote it works before the
  // site's code arrives (the browser goes there, in the language shown); after, the site shows
  // that page in place.
  const getStarted = (
    <form
      method="get"
      action={stepPath(hash, 0)}
      className="get-started"
      onSubmit={(event) => {
        event.preventDefault();
        navigate(stepPath(hash, 0));
      }}
    >
      <input type="hidden" name={LANGUAGE_PARAMETER} value={language} />
      <button type="submit" className="button primary">
        {t('org.getStarted')}
      </button>
    </form>
  );
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {getStarted}
      {joinArrived ? (
        <Suspense fallback={null}>
          <JoinFromAccount />
        </Suspense>
      ) : null}
      <section className="box" aria-labelledby="registration-info-heading">
        <h2 id="registration-info-heading">{t('info.registrationInfoHeading')}</h2>
        {org.homePageBanner?.trim() ? (
          <Suspense fallback={null}>
            <Banner text={org.homePageBanner} />
          </Suspense>
        ) : (
          <DefaultWelcome />
        )}
      </section>
      <RequirementsBox />
      <UserTypesAndFaq />
      {getStarted}
      <AccountLink />
    </main>
  );
}
