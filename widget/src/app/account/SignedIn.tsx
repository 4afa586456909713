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
import { errorLabel } from '../wizard/labels.js';
import type { TWizardErrors } from '../wizard/state.js';
import { AccountPage } from './AccountPage.js';
import {
  changeDirectoryListing,
  changePhone,
  lookUpAccount,
  NO_ERRORS,
  signOut,
} from './account-api.js';
import { headingOf, OpenButton, PLACES, sameChange, type TPlace } from './change-places.js';
import type { TChange, TChangeOutcome, TChangeResult } from './changes/change.js';
import { DirectoryChoice } from './DirectoryChoice.js';
import { PhoneForm, useOneCallAtATime } from './PhoneForm.js';
import {
  Certifications,
  Company,
  CompanyPeople,
  Facts,
  Registrations,
  TestKits,
  USER_TYPE_KEYS,
} from './RecordSections.js';

// The forms of the changes and what they came to: a chunk fetched once the record shows, so the
// first screen does not carry them.
const loadChanges = () => import('./changes/AccountChanges.js');
const ChangeForm = lazyScreen(loadChanges, (module) => module.ChangeForm);
const ChangeResult = lazyScreen(loadChanges, (module) => module.ChangeResult);
const Credentials = lazyScreen(loadChanges, (module) => module.Credentials);
// The way to the test form, and keeping it on the device: its own chunk, for those who file.
const FieldLink = lazyScreen(
  () => import('../test-form/FieldLink.js'),
  (module) => module.FieldLink,
);
// Signing out warns first while finished reports wait on the device to be sent.
const SignOutWarning = lazyScreen(
  () => import('../test-form/SignOutWarning.js'),
  (module) => module.SignOutWarning,
);

/** The test form's copy on this device, fetched at sign-out: it leaves with the person. */
const deviceCopy = () => import('../test-form/device-copy.js');
const waitingOnDevice = () =>
  deviceCopy()
    .then((copy) => copy.waitingOnDevice())
    .catch(() => 0);
const forgetDeviceCopy = () =>
  deviceCopy()
    .then((copy) => copy.forgetDeviceCopy())
    .catch(() => {});

/**
 * /account signed in: the person's own record; their phone changed in place; each change the
 * API offers (renew or add a certification or a credential, a kit's calibration, add or retire
 * a kit, the email, a company admin's people) in a form beside what it changes, one at a time,
 * its result shown there once sent (the record read again); and Sign out. A call the server answers 401 (the
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
  const [directorySaved, setDirectorySaved] = useState('');
  /** Finished reports waiting on the device when Sign out was pressed: the warning shows. */
  const [waiting, setWaiting] = useState(0);
  const { busy, call } = useOneCallAtATime();
  /** The element (by id) that takes focus once this commit shows: a field, a heading. */
  const focusNext = useRef<string | null>(null);
  const { person } = view;

  useEffect(() => {
    ChangeForm.preload().catch(() => {});
    ChangeResult.preload().catch(() => {});
    Credentials.preload().catch(() => {});
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
    setDirectorySaved('');
    if (next) setResult(null);
    setEditingPhone(next === 'phone');
    setOpen(next === 'phone' ? null : next);
    focusNext.current = focus;
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

  /** Leaves the public directories, or joins them again (testers only). */
  const changeListing = async (event: FormEvent) => {
    event.preventDefault();
    const hidden = !person.directoryHidden;
    const outcome = await call(() => changeDirectoryListing(hidden));
    if (!outcome) return;
    if (outcome.kind === 'signedOut') return onSessionEnded(outcome.message);
    if (outcome.kind === 'errors') return setErrors(outcome.errors);
    show(null, null);
    setView((current) => ({ ...current, person: { ...current.person, directoryHidden: hidden } }));
    setDirectorySaved(outcome.message);
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

  /** Signs out, then forgets what the test form keeps on this device. */
  const signOutHere = async () => {
    const outcome = await call(async () => {
      const answer = await signOut();
      if (answer.kind === 'signedOut') await forgetDeviceCopy();
      return answer;
    });
    if (!outcome) return;
    setWaiting(0);
    if (outcome.kind === 'signedOut') onSignedOut(outcome.message);
    else setErrors({ general: [MESSAGES.serverUnreachable], fields: {} });
  };

  const leave = async () => {
    const count = await call(waitingOnDevice);
    if (count === undefined) return;
    if (count > 0) setWaiting(count);
    else await signOutHere();
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
        : path === 'credentialTypeId'
          ? t('account.credentialType')
          : errorLabel(path, t);
  const tester = person.userType === 'tester';
  const administers = person.userType === 'admin' && view.company !== null;
  const mayFile = view.registrations.some(
    (registration) => registration.enrolled && registration.standing === 'active',
  );

  return (
    <AccountPage title={t('account.title')}>
      <ErrorSummary errors={errors} labelOf={labelOf} />
      <p>
        <button
          id="account-sign-out"
          type="button"
          className="button secondary"
          aria-disabled={busy || undefined}
          onClick={leave}
        >
          {t('account.signOut')}
        </button>
      </p>
      {waiting > 0 ? (
        <Suspense fallback={null}>
          <SignOutWarning.Screen
            waiting={waiting}
            busy={busy}
            onCancel={() => {
              setWaiting(0);
              focusNext.current = 'account-sign-out';
            }}
            onSignOut={() => void signOutHere()}
          />
        </Suspense>
      ) : null}
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
          <PhoneForm
            phone={phone}
            onChange={setPhone}
            error={errors.fields.phone}
            busy={busy}
            onSave={savePhone}
            onCancel={() => show(null, 'account-change-phone')}
          />
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
        {tester ? (
          <DirectoryChoice
            hidden={person.directoryHidden}
            busy={busy}
            saved={directorySaved ? localize(directorySaved) : ''}
            onChange={changeListing}
          />
        ) : null}
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
      {mayFile ? (
        <Suspense fallback={null}>
          <FieldLink.Screen />
        </Suspense>
      ) : null}
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
      {view.credentials.length > 0 || view.credentialsAsked ? (
        <Suspense fallback={loading}>
          <Credentials.Screen
            items={view.credentials}
            result={resultAt('credentials')}
            actions={(item, title) =>
              formOr(
                { kind: 'renewCredential', key: item.key },
                opener({ kind: 'renewCredential', key: item.key }, t('account.renew'), title),
              )
            }
          >
            {view.credentialsAsked
              ? formOr(
                  { kind: 'addCredential' },
                  opener({ kind: 'addCredential' }, t('account.addCredential')),
                )
              : null}
          </Credentials.Screen>
        </Suspense>
      ) : null}
    </AccountPage>
  );
}
