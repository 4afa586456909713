import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import type { TAccountView } from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TKey } from '../../../../shared/i18n/catalogue.js';
import { useI18n } from '../i18n/use-i18n.js';
import { ErrorSummary } from '../wizard/ErrorSummary.js';
import { fieldId } from '../wizard/errors.js';
import { TextField } from '../wizard/fields/Field.js';
import type { TWizardErrors } from '../wizard/state.js';
import { AccountPage } from './AccountPage.js';
import { changePhone, NO_ERRORS, signOut } from './account-api.js';
import { Certifications, Company, Facts, Registrations, TestKits } from './RecordSections.js';

const USER_TYPE_KEYS = {
  tester: 'account.userTypes.tester',
  admin: 'account.userTypes.admin',
} as const satisfies Record<TAccountView['person']['userType'], TKey>;

/**
 * /account signed in: the person's own record, their phone changed in place, and Sign out. A
 * call the server answers 401 (the session ended meanwhile) goes back to the sign-in form.
 */
export function SignedIn({
  view,
  onSignedOut,
  onSessionEnded,
}: {
  view: TAccountView;
  onSignedOut(message: string): void;
  onSessionEnded(message: string): void;
}) {
  const { t, localize } = useI18n();
  const [person, setPerson] = useState(view.person);
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<TWizardErrors>(NO_ERRORS);
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  /** Whether the last change of `editing` came from the person (not the first render). */
  const moved = useRef(false);

  // Opening the form puts the caret in the phone field; closing it returns to Change phone.
  useLayoutEffect(() => {
    if (!moved.current) return;
    if (editing) document.getElementById(fieldId('phone'))?.focus();
    else changeButton.current?.focus();
  }, [editing]);

  const showForm = (open: boolean) => {
    moved.current = true;
    setErrors(NO_ERRORS);
    setEditing(open);
  };

  /** Runs one call at a time; a 401 leaves the page. */
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
      setPerson((current) => ({ ...current, phone: phone.trim() }));
      setSaved(outcome.message);
      showForm(false);
    }
  };

  const leave = async () => {
    const outcome = await call(signOut);
    if (!outcome) return;
    if (outcome.kind === 'signedOut') onSignedOut(outcome.message);
    else setErrors({ general: [MESSAGES.serverUnreachable], fields: {} });
  };

  return (
    <AccountPage title={t('account.title')}>
      <ErrorSummary errors={errors} labelOf={() => t('account.phone')} />
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
        <h2 id="account-person">{t('account.personHeading')}</h2>
        <Facts
          facts={[
            [t('account.name'), `${person.firstName} ${person.lastName}`],
            [t('account.emailField'), person.email],
            [t('account.phone'), person.phone || t('account.noPhone')],
            [t('account.userType'), t(USER_TYPE_KEYS[person.userType])],
          ]}
        />
        <p role="status">{saved ? localize(saved) : ''}</p>
        {editing ? (
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
              <button type="button" className="button secondary" onClick={() => showForm(false)}>
                {t('account.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <p>
            <button
              ref={changeButton}
              type="button"
              className="button"
              onClick={() => {
                setPhone(person.phone);
                setSaved('');
                showForm(true);
              }}
            >
              {t('account.changePhone')}
            </button>
          </p>
        )}
      </section>
      <Registrations registrations={view.registrations} />
      <Company company={view.company} />
      <Certifications items={view.certifications} />
      <TestKits items={view.testKits} />
    </AccountPage>
  );
}
