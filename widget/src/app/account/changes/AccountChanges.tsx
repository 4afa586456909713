import { useLayoutEffect, useRef, useState } from 'react';
import type { TKey } from '../../../../../shared/i18n/catalogue.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { TextField } from '../../wizard/fields/Field.js';
import { listed } from '../RecordSections.js';
import { ChangeFrame } from './ChangeFrame.js';
import { AddCredentialForm, RenewCredentialForm } from './CredentialForms.js';
import type { TChange, TChangeFormProps, TChangeResult } from './change.js';
import { sendChange } from './changes-api.js';
import {
  AddCertificationForm,
  AddTestKitForm,
  CalibrationForm,
  RenewForm,
  ReregisterForm,
  RetireForm,
} from './ItemForms.js';
import { AddPersonForm, RemovePersonForm } from './PeopleForms.js';

// My registrations' changes, a chunk of their own: the form of the change that is open, what
// the last one sent came to, and the record's credentials. The record fetches this chunk once it
// shows (SignedIn.tsx).

export { Credentials } from './CredentialsRecord.js';

/** A new email address, confirmed from a link sent there. */
function EmailForm({ props }: { props: TChangeFormProps }) {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  return (
    <ChangeFrame
      level="h3"
      title={t('account.emailFormTitle')}
      intro={t('account.emailFormIntro')}
      sendLabel={t('account.sendConfirmation')}
      props={props}
      onSend={() => props.send(() => sendChange('/email', { email }))}
    >
      <TextField
        path="email"
        label={t('account.newEmail')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={props.errors.email}
      />
    </ChangeFrame>
  );
}

export function ChangeForm(props: TChangeFormProps) {
  const { change } = props;
  switch (change.kind) {
    case 'email':
      return <EmailForm props={props} />;
    case 'renew':
      return <RenewForm itemKey={change.key} props={props} />;
    case 'addCertification':
      return <AddCertificationForm props={props} />;
    case 'calibration':
      return <CalibrationForm itemKey={change.key} props={props} />;
    case 'retire':
      return <RetireForm itemKey={change.key} props={props} />;
    case 'addTestKit':
      return <AddTestKitForm props={props} />;
    case 'renewCredential':
      return <RenewCredentialForm itemKey={change.key} props={props} />;
    case 'addCredential':
      return <AddCredentialForm props={props} />;
    case 'addPerson':
      return <AddPersonForm props={props} />;
    case 'removePerson':
      return <RemovePersonForm personId={change.id} props={props} />;
    case 'reregister':
      return <ReregisterForm registrationId={change.id} props={props} />;
  }
}

const RESULT_TITLES = {
  email: 'account.checkNewEmailTitle',
  renew: 'account.sentTitle',
  addCertification: 'account.sentTitle',
  calibration: 'account.sentTitle',
  retire: 'account.testKitRetiredTitle',
  addTestKit: 'account.sentTitle',
  renewCredential: 'account.sentTitle',
  addCredential: 'account.sentTitle',
  addPerson: 'account.personAddedTitle',
  removePerson: 'account.personRemovedTitle',
  reregister: 'account.reregisteredTitle',
} as const satisfies Record<TChange['kind'], TKey>;

/**
 * What the last change came to, where its form was: the server's words, or the organizations an
 * item went to and each one that refused it with its reason. Its heading takes focus.
 */
export function ChangeResult({ result }: { result: TChangeResult }) {
  const { t, localize, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  const { change, outcome } = result;
  return (
    <section className="box" aria-labelledby="account-result-title">
      <h3 id="account-result-title" ref={heading} tabIndex={-1}>
        {t(RESULT_TITLES[change.kind])}
      </h3>
      {outcome.kind === 'done' ? (
        <p>{localize(outcome.message)}</p>
      ) : (
        <>
          <p>
            {t(change.kind === 'addPerson' ? 'account.personSentTo' : 'account.sentTo', {
              organizations: listed(language, outcome.sentTo),
            })}
          </p>
          {outcome.refusedBy.length > 0 ? (
            <>
              <p>{t('account.refusedBy')}</p>
              <ul>
                {outcome.refusedBy.map((refusal) => (
                  <li key={refusal.organizationName}>
                    {t('account.refusal', {
                      organization: refusal.organizationName,
                      reason: localize(refusal.message),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
