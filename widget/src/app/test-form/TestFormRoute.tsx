import { Suspense, useEffect } from 'react';
import { ACCOUNT_PATH, type TTestFormStep } from '../../../../shared/site-routes.js';
import { lazyScreen } from '../lazy.js';
import { afterFirstPaint } from '../paint.js';
import { PageLoading } from '../screens.js';
import { ReportsHome } from './ReportsHome.js';
import { returnLinkToken } from './return-link.js';
import { SiteLink, TestPage } from './TestPage.js';
import { useFieldRecord } from './use-field-record.js';
import { useFieldWords } from './words.js';
import './test-form.css';

// A report's pages carry the shared rules (the readings, the checks, the filing's schema): their
// own chunk, fetched once the list of reports shows, so the first screen does not wait for them.
const ReportPage = lazyScreen(
  () => import('./ReportPage.js'),
  (module) => module.ReportPage,
);

/** A returned report's personal link (#return=…): its own chunk, fetched only with one. */
const ReturnedLink = lazyScreen(
  () => import('./ReturnedLink.js'),
  (module) => module.ReturnedLink,
);

/**
 * The test form (/account/test, /account/test/{key}, /account/test/{key}/check): the reports on
 * this phone and each report's pages, from what the phone keeps, with or without signal.
 */
export function TestFormRoute({
  reportKey,
  step,
}: {
  reportKey: string | null;
  step: TTestFormStep;
}) {
  const words = useFieldWords();
  const field = useFieldRecord();
  const shown = words.ready && field.record !== undefined;
  // Fetched once the first screen shows and has painted, never competing with it.
  useEffect(() => {
    if (shown) return afterFirstPaint(() => ReportPage.preload().catch(() => {}));
  }, [shown]);
  if (!shown || field.record === undefined) return <PageLoading />;
  if (reportKey === null && returnLinkToken() !== null) {
    // With a connection, the server's record first: the link opens the report for the person
    // signed in now, even on a device that keeps nothing yet (or keeps someone else's).
    if (field.online && !field.refreshed) return <PageLoading />;
    return (
      <Suspense fallback={<PageLoading />}>
        <ReturnedLink.Screen words={words} field={field} />
      </Suspense>
    );
  }
  if (field.record === null) {
    return (
      <TestPage words={words} title={words.tf('testReports.home.title')}>
        <p>{words.tf('testReports.home.notKept')}</p>
        <p>
          <SiteLink to={ACCOUNT_PATH}>{words.tf('testReports.home.backToAccount')}</SiteLink>
        </p>
      </TestPage>
    );
  }
  if (reportKey === null) return <ReportsHome words={words} field={field} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <ReportPage.Screen words={words} record={field.record} reportKey={reportKey} step={step} />
    </Suspense>
  );
}
