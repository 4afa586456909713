import {
  type ComponentType,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { formPath, stepPath } from '../../../../shared/site-routes.js';
import { SaveForLater } from '../drafts/SaveForLater.js';
import { emitEmbedEvent } from '../embed/frame-bridge.js';
import { takePrefill } from '../embed/prefill.js';
import { errorCount, submittedEvent } from '../embed/wizard-events.js';
import { goBack, historyIndex, navigate } from '../history.js';
import { useI18n } from '../i18n/use-i18n.js';
import { loadWithTimeout } from '../lazy.js';
import { useForm } from '../org/form-context.js';
import type { TStepOutcome } from './checks.js';
import { asksCompanyCredentials, credentialNames } from './credentials/asked.js';
import { ErrorSummary } from './ErrorSummary.js';
import { accountOrg } from './from-account.js';
import { errorLabel } from './labels.js';
import { companyCredentialsScreen, loadChecks, thankYouScreen } from './load.js';
import { createWizardState, wizardReducer } from './reducer.js';
import { currentPage, type TWizardAction } from './state.js';
import {
  isPage,
  precedingPage,
  progressText,
  skipOffered,
  stepAt,
  type TStepId,
} from './step-table.js';
import { AdminsStep } from './steps/AdminsStep.js';
import { CompanyStep } from './steps/CompanyStep.js';
import { MatchStep } from './steps/MatchStep.js';
import { ReviewStep } from './steps/ReviewStep.js';
import { TestersStep } from './steps/TestersStep.js';
import { TestKitsStep } from './steps/TestKitsStep.js';
import { UserTypeStep } from './steps/UserTypeStep.js';
import { clearWizardState, loadWizardState, newRunId, saveWizardState } from './storage.js';
import { type TWizardContext, WizardContext } from './wizard-context.js';

const SCREENS: Record<TStepId, ComponentType> = {
  userType: UserTypeStep,
  company: CompanyStep,
  matches: MatchStep,
  companyCredentials: companyCredentialsScreen.Screen,
  admins: AdminsStep,
  testers: TestersStep,
  testKits: TestKitsStep,
  review: ReviewStep,
};

/**
 * /form/{hash}/step/{page} — the registration wizard, pages 0-6 and, for an organization that
 * asks for company credentials, 7 (urlPage: the address's).
 */
export function WizardRoute({ urlPage }: { urlPage: number }) {
  const { hash, org: formOrg, reportUnreachable } = useForm();
  const [state, dispatch] = useReducer(wizardReducer, undefined, () => {
    // Whether the company's credentials are asked is the organization's, as it reads now (a run
    // from My registrations keeps what it was opened with). Such a run never shows the first
    // page: Get Started, which opens it, starts a registration typed from the start.
    const asks = asksCompanyCredentials(formOrg);
    const kept = loadWizardState(hash);
    if (kept?.account && urlPage !== 0) return kept;
    return kept && !kept.account
      ? { ...kept, asksCompanyCredentials: asks }
      : createWizardState(newRunId(), formOrg.number_of_certs, asks);
  });
  // A run from My registrations meets the organization as asking only what it needs beyond the
  // record; its pages, checks and request all read this.
  const { account } = state;
  const org = useMemo(() => (account ? accountOrg(formOrg, account) : formOrg), [formOrg, account]);
  const files = useRef(new Map<string, File>()).current;
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const finished = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const page = currentPage(state);
  const step = stepAt(page);

  // The checks and the thank-you page, fetched once the first page shows (not earlier: running
  // the checks' code would hold up that page).
  useEffect(() => {
    loadChecks().catch(() => {});
    thankYouScreen.preload().catch(() => {});
  }, []);

  useEffect(() => {
    if (!finished.current) saveWizardState(hash, state);
  }, [hash, state]);

  // What the host page or the link filled in advance, once its values pass the typed rules.
  const fromAccount = account !== undefined;
  useEffect(() => {
    const prefill = fromAccount ? null : takePrefill();
    if (!prefill) return;
    import('../embed/prefill-check.js').then(({ checkPrefill }) => {
      const { refused, ...values } = checkPrefill(prefill);
      for (const { field, message } of refused) {
        console.warn(`Backflow registration: the prefilled ${field} was not used: ${message}`);
      }
      dispatch({ type: 'prefill', ...values });
    }, reportUnreachable);
  }, [reportUnreachable, fromAccount]);

  // The address follows the wizard: moving forward adds a history entry, so the browser's Back
  // walks the pages; an address that changed by itself (Back/Forward) walks the wizard back.
  const synced = useRef({ pathLength: state.path.length, urlPage: -1 });
  useEffect(() => {
    const previous = synced.current;
    synced.current = { pathLength: state.path.length, urlPage };
    if (urlPage === page) return;
    if (state.path.length > previous.pathLength) {
      navigate(stepPath(hash, page));
    } else if (
      urlPage !== previous.urlPage &&
      isPage(urlPage) &&
      state.path.slice(0, -1).includes(urlPage)
    ) {
      dispatch({ type: 'backTo', page: urlPage });
    } else {
      navigate(stepPath(hash, page), { replace: true });
    }
  }, [state.path, urlPage, page, hash]);

  // Every page change: scroll to top, focus on the heading, and the host page is told. The
  // title follows the page and the language (a language change leaves focus where it is).
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useI18n();
  const title = t(step.title);
  const stepId = step.id;
  const formTitle = t('org.title', { orgName: org.org_name });
  const progress = progressText(state, t);
  useEffect(() => {
    document.title = t('wizard.documentTitle', { progress, step: title, form: formTitle });
  }, [t, progress, title, formTitle]);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
    emitEmbedEvent({ type: 'step', page, step: stepId });
  }, [page, stepId]);

  const apply = useCallback((action: TWizardAction) => dispatch(action), []);

  const next = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    // The checks' code is normally here long before Next; not arriving counts as unreachable.
    const outcome: TStepOutcome = await loadWithTimeout(loadChecks).then(
      ({ checkCurrentPage }) => checkCurrentPage(stateRef.current, { hash, org }),
      () => ({ kind: 'unreachable' }),
    );
    busyRef.current = false;
    setBusy(false);
    if (outcome.kind === 'unreachable') reportUnreachable();
    else if (outcome.kind === 'errors') {
      apply({ type: 'setErrors', errors: outcome.errors });
      emitEmbedEvent({
        type: 'validationError',
        page,
        step: step.id,
        errorCount: errorCount(outcome.errors),
      });
    } else if (outcome.kind === 'advance') apply(outcome.action);
    else {
      finished.current = true;
      clearWizardState(hash);
      emitEmbedEvent({ type: 'submitted', ...submittedEvent(stateRef.current) });
      navigate(formPath(hash, 'thank-you'), { replace: true });
    }
  };

  const back = () => {
    if (historyIndex() > 0) goBack();
    else if (precedingPage(state) === undefined) navigate(formPath(hash));
    else apply({ type: 'back' });
  };

  const skip = skipOffered(step, state) ? () => apply({ type: 'skip', step: step.id }) : null;

  // While a check runs the buttons stay focusable (disabling would drop keyboard focus) but inert.
  const guard = (action: () => void) => () => {
    if (!busyRef.current) action();
  };

  const context = useMemo<TWizardContext>(
    () => ({ state, dispatch, hash, org, files, reportUnreachable }),
    [state, hash, org, files, reportUnreachable],
  );
  const Screen = SCREENS[step.id];

  return (
    <WizardContext.Provider value={context}>
      <main className={`page wizard step-${page}`}>
        <p className="step-count">
          {formTitle} · {progress}
        </p>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <ErrorSummary
          errors={state.errors}
          labelOf={(path) => errorLabel(path, t, credentialNames(org))}
        />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step.next) void next();
          }}
        >
          {/* A page whose code comes later (the company's credentials) waits here. */}
          <Suspense
            fallback={
              <p role="status" className="loading">
                {t('site.pageLoading')}
              </p>
            }
          >
            <Screen />
          </Suspense>
          <div className="wizard-nav no-print">
            <button type="button" className="button secondary" onClick={guard(back)}>
              {t('wizard.back')}
            </button>
            {skip ? (
              <button type="button" className="button secondary" onClick={guard(skip)}>
                {t('wizard.skip')}
              </button>
            ) : null}
            {step.next ? (
              <button type="submit" className="button primary" aria-disabled={busy || undefined}>
                {busy ? t('wizard.loading') : t(step.next.label)}
              </button>
            ) : null}
          </div>
        </form>
        {/* A run from My registrations is kept there: nothing to save for later. */}
        {page > 0 && !account ? <SaveForLater /> : null}
      </main>
    </WizardContext.Provider>
  );
}
