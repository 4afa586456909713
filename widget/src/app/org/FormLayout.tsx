import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { CODES } from '../../../../shared/codes.js';
import { translate } from '../../../../shared/i18n/catalogue.js';
import { emitEmbedEvent } from '../embed/frame-bridge.js';
import { currentLanguage } from '../i18n/language.js';
import { InvalidLink, PageLoading, ServerUnreachable } from '../screens.js';
import { FormContext, type TFormContext } from './form-context.js';
import { lookUpOrganization, type TOrgLookup } from './org-info.js';
import { servedLookup, takeServedLookup } from './served.js';

/** /form/{hash}/… — looks the organization up once, then shows the home page or the wizard. */
export function FormLayout({ hash, children }: { hash: string; children: ReactNode }) {
  // A page the server rendered starts with the lookup it was rendered with (served.ts).
  const [lookup, setLookup] = useState<TOrgLookup | null>(() => servedLookup(hash));
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    let current = true;
    const served = takeServedLookup(hash);
    if (!served) setLookup(null);
    (served ? Promise.resolve(served) : lookUpOrganization(hash)).then((result) => {
      if (!current) return;
      setLookup(result);
      if (result.state === 'found') {
        const language = currentLanguage();
        emitEmbedEvent({
          type: 'ready',
          orgName: result.org.org_name,
          language,
          title: translate(language, 'embed.frameTitle'),
        });
      } else if (result.state === 'invalid') emitEmbedEvent({ type: 'error', code: result.code });
    });
    return () => {
      current = false;
    };
  }, [hash]);

  const reportUnreachable = useCallback(() => setUnreachable(true), []);
  useEffect(() => {
    if (unreachable || lookup?.state === 'unreachable') {
      emitEmbedEvent({ type: 'error', code: CODES.fetchFailure });
    }
  }, [unreachable, lookup]);

  const context = useMemo<TFormContext | null>(
    () => (lookup?.state === 'found' ? { hash, org: lookup.org, reportUnreachable } : null),
    [hash, lookup, reportUnreachable],
  );

  if (unreachable || lookup?.state === 'unreachable') return <ServerUnreachable />;
  if (!lookup) return <PageLoading />;
  if (lookup.state === 'invalid') return <InvalidLink message={lookup.message} />;
  // A screen whose code is still on its way waits inside the layout, which keeps the lookup (a
  // boundary outside would mount the layout again, and look the organization up twice, on Preact).
  return (
    <FormContext.Provider value={context}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </FormContext.Provider>
  );
}
