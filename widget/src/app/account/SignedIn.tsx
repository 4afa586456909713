import {
  type FormEvent,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { TAccountView } from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import { useI18n } from '../i18n/use-i18n.js';
import { lazyScreen } from '../lazy.js';
import { ErrorSummary } from '../wizard/ErrorSummary.js';
import { fieldId } from '../wizard/errors.js';
import { TextField } from '../wizard/fields/Field.js';
import { errorLabel } from '../wizard/labels.js';
import type { TWizardErrors } from '../wizard/state.js';
import { AccountPage } from './AccountPage.js';
import { changePhone, lookUpAccount, NO_ERRORS, signOut } from './account-api.js';
import type { TChange, TChangeOutcome, TChangeResult } from './changes/change.js';
import {
  Certifications,
  Company,
  CompanyPeople,
  certificationHeading,
  Facts,
  Registrations,
  TestKits,
  testKitHeading,
  USER_TYPE_KEYS,
} from './RecordSections.js';

// The forms of the changes and what they came to: a chunk fetched once the record shows, so the
// first screen does not carry them.
const loadChanges = () => import('./changes/AccountChanges.js');
const ChangeForm = lazyScreen(loadChanges, (module) => module.ChangeForm);
const ChangeResult = lazyScreen(loadChanges, (module) => module.ChangeResult);

/** Where a change's form and its result show. */
const PLACES = {
  email: 'person',
  renew: 'certifications',
  addCertification: 'certifications',
  calibration: 'testKits',
  retire: 'testKits',
  addTestKit: 'testKits',
  addPerson: 'people',
  removePerson: 'people',
  reregister: 'registrations',
} as const satisfies Record<TChange['kind'], string>;
type TPlace = (typeof PLACES)[TChange['kind']];

const sameChange = (a: TChange, b: TChange) => JSON.stringify(a) === JSON.stringify(b);

/** The heading focus returns to when a change's form is cancelled. */
function headingOf(change: TChange, view: TAccountView): string {
  switch (change.kind) {
    case 'email':
      return 'account-person';
    case 'renew':
      return certificationHeading(view.certifications.findIndex((c) => c.key === change.key));
    case 'calibration':
    case 'retire':
      return testKitHeading(view.testKits.findIndex((k) => k.key === change.key));
    case 'addCertification':
      return 'account-certifications';
    case 'addTestKit':
      return 'account-test-kits';
    case 'addPerson':
    case 'removePerson':
      return 'account-people';
    case 'reregister':
      return 'account-registrations';
  }
}

/** A button that opens a change; `context` names its item for assistive technology. */
function OpenButton({
  label,
  context,
  onOpen,
}: {
  label: string;
  context?: string;
  onOpen(): void;
}) {
  return (
    <button type="button" className="button" onClick={onOpen}>
      {label}
      {context ? <span className="visually-hidden"> {context}</span> : null}
    </button>
  );
}

/**
 * /account signed in: the person's own record; their phone changed in place; each change the
 * API offers (renew or add a certification, a kit's calibration, add or retire a kit, the email,
 * a company admin's people) in a form beside what it changes, one at a time, its result shown
 * there once sent (the record read again); and Sign out. A call the server answers 401 (the
 * session ended meanwhile) goes back to the sign-in form.
 */
export function SignedIn({
  view: firstView,
  onSignedOut,
  onSessionEnded,
}: {
  view: TAccountView;
  onSignedOut(message: string): void;
  onSessionEnded(message: string): void;
}) {
  const { t, localize } = useI18n();
  const [view, setView] = useState(firstView);
  const [editingPhone, setEditingPhone] = useState(false);
  const [open, setOpen] = useState<TChange | null>(null);
  const [result, setResult] = useState<TChangeResult | null>(null);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<TWizardErrors>(NO_ERRORS);
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  /** The element (by id) that takes focus once this commit shows: a field, a heading. */
  const focusNext = useRef<string | null>(null);
  const { person } = view;

  useEffect(() => {
    ChangeForm.preload().catch(() => {});
    ChangeResult.preload().catch(() => {});
  }, []);

  useLayoutEffect(() => {
    const id = focusNext.current;
    focusNext.current = null;
    if (id) document.getElementById(id)?.focus();
  });

  /** Opens the phone's form or a change's (closing any other), or closes them. */
  const show = (next: TChange | 'phone' | null, focus: string | null) => {
    setErrors(NO_ERRORS);
    setSaved('');
    if (next) setResult(null);
    setEditingPhone(next === 'phone');
    setOpen(next === 'phone' ? null : next);
    focusNext.current = focus;
  };

  /** Runs one call at a time. */
  const call = async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current) return undefined;
    busyRef.current = true;
    setBusy(true);
    try {
      return await run();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const savePhone = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await call(() => changePhone(phone));
    if (!outcome) return;
    if (outcome.kind === 'signedOut') onSessionEnded(outcome.message);
    else if (outcome.kind === 'errors') setErrors(outcome.errors);
    else {
      setView((current) => ({ ...current, person: { ...current.person, phone: phone.trim() } }));
      show(null, 'account-change-phone');
      setSaved(outcome.message);
    }
  };

  /** Sends the open change; once done, the record is read again and the result shows. */
  const sendChange = async (run: () => Promise<TChangeOutcome>) => {
    const change = open;
    if (!change) return;
    const sent = await call(async () => {
      const outcome = await run();
      const done = outcome.kind === 'sent' || outcome.kind === 'done';
      return { outcome, lookup: done ? await lookUpAccount() : undefined };
    });
    if (!sent) return;
    const { outcome, lookup } = sent;
    if (outcome.kind === 'signedOut') return onSessionEnded(outcome.message);
    if (outcome.kind === 'errors') return setErrors(outcome.errors);
    if (lookup?.kind === 'signedOut') return onSessionEnded(lookup.message);
    if (lookup?.kind === 'signedIn') setView(lookup.view);
    show(null, null);
    setResult({ change, outcome });
  };

  const leave = async () => {
    const outcome = await call(signOut);
    if (!outcome) return;
    if (outcome.kind === 'signedOut') onSignedOut(outcome.message);
    else setErrors({ general: [MESSAGES.serverUnreachable], fields: {} });
  };

  const loading = (
    <p role="status" className="loading">
      {t('wizard.loading')}
    </p>
  );
  /** The form of `change` when it is the open one, else what `closed` shows. */
  const formOr = (change: TChange, closed: ReactNode) =>
    open && sameChange(open, change) ? (
      <Suspense fallback={loading}>
        <ChangeForm.Screen
          change={open}
          view={view}
          errors={errors.fields}
          busy={busy}
          send={sendChange}
          cancel={() => show(null, headingOf(change, view))}
          sessionEnded={onSessionEnded}
          problem={(message) => setErrors({ general: [message], fields: {} })}
        />
      </Suspense>
    ) : (
      closed
    );
  const resultAt = (place: TPlace) =>
    result && PLACES[result.change.kind] === place ? (
      <Suspense fallback={loading}>
        <ChangeResult.Screen result={result} />
      </Suspense>
    ) : null;
  const opener = (change: TChange, label: string, context?: string) => (
    <OpenButton label={label} context={context} onOpen={() => show(change, null)} />
  );
  const labelOf = (path: string) =>
    path === 'phone'
      ? t('account.phone')
      : path === 'email'
        ? t('account.newEmail')
        : errorLabel(path, t);
  const tester = person.userType === 'tester';
  const administers = person.userType === 'admin' && view.company !== null;

  return (
    <AccountPage title={t('account.title')}>
      <ErrorSummary errors={errors} labelOf={labelOf} />
      <p>
        <button
          type="button"
          className="button secondary"
          aria-disabled={busy || undefined}
          onClick={leave}
        >
          {t('account.signOut')}
        </button>
      </p>
      <section aria-labelledby="account-person">
        <h2 id="account-person" tabIndex={-1}>
          {t('account.personHeading')}
        </h2>
        {resultAt('person')}
        <Facts
          facts={[
            [t('account.name'), `${person.firstName} ${person.lastName}`],
            [t('account.emailField'), person.email],
            [t('account.phone'), person.phone || t('account.noPhone')],
            [t('account.userType'), t(USER_TYPE_KEYS[person.userType])],
          ]}
        />
        <p role="status">{saved ? localize(saved) : ''}</p>
        {editingPhone ? (
          <form noValidate onSubmit={savePhone}>
            <TextField
              path="phone"
              label={t('account.phone')}
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={setPhone}
              error={errors.fields.phone}
            />
            <div className="actions-inline">
              <button type="submit" className="button primary" aria-disabled={busy || undefined}>
                {t('account.savePhone')}
              </button>
              <button
                type="button"
                className="button secondary"
                onClick={() => show(null, 'account-change-phone')}
              >
                {t('account.cancel')}
              </button>
            </div>
          </form>
        ) : (
          formOr(
            { kind: 'email' },
            <div className="actions-inline">
              <button
                id="account-change-phone"
                type="button"
                className="button"
                onClick={() => {
                  setPhone(person.phone);
                  show('phone', fieldId('phone'));
                }}
              >
                {t('account.changePhone')}
              </button>
              {opener({ kind: 'email' }, t('account.changeEmail'))}
            </div>,
          )
        )}
      </section>
      <Registrations
        registrations={view.registrations}
        result={resultAt('registrations')}
        actions={(registration) =>
          registration.canRegisterAgain
            ? formOr(
                { kind: 'reregister', id: registration.id },
                opener(
                  { kind: 'reregister', id: registration.id },
                  t('account.registerAgain'),
                  registration.organizationName,
                ),
              )
            : null
        }
      />
      <Company company={view.company} />
      {administers ? (
        <CompanyPeople
          people={view.companyPeople}
          result={resultAt('people')}
          actions={(someone, name) =>
            someone.email.toLowerCase() === person.email.toLowerCase()
              ? null
              : formOr(
                  { kind: 'removePerson', id: someone.id },
                  opener({ kind: 'removePerson', id: someone.id }, t('account.remove'), name),
                )
          }
        >
          {formOr({ kind: 'addPerson' }, opener({ kind: 'addPerson' }, t('account.addPerson')))}
        </CompanyPeople>
      ) : null}
      <Certifications
        items={view.certifications}
        result={resultAt('certifications')}
        actions={(item, title) =>
          formOr(
            { kind: 'renew', key: item.key },
            opener({ kind: 'renew', key: item.key }, t('account.renew'), title),
          )
        }
      >
        {tester
          ? formOr(
              { kind: 'addCertification' },
              opener({ kind: 'addCertification' }, t('account.addCertification')),
            )
          : null}
      </Certifications>
      <TestKits
        items={view.testKits}
        result={resultAt('testKits')}
        actions={(item, title) =>
          formOr(
            { kind: 'calibration', key: item.key },
            formOr(
              { kind: 'retire', key: item.key },
              <div className="actions-inline">
                {opener(
                  { kind: 'calibration', key: item.key },
                  t('account.sendCalibration'),
                  title,
                )}
                {opener({ kind: 'retire', key: item.key }, t('account.retire'), title)}
              </div>,
            ),
          )
        }
      >
        {formOr({ kind: 'addTestKit' }, opener({ kind: 'addTestKit' }, t('account.addTestKit')))}
      </TestKits>
    </AccountPage>
  );
}
