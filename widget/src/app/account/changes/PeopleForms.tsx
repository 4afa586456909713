import { useState } from 'react';
import { MAX_CERTIFICATIONS_PER_TESTER, type TUserType } from '../../../../../shared/constants.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { fieldId } from '../../wizard/errors.js';
import { ErrorMessage } from '../../wizard/fields/ErrorMessage.js';
import { TextField } from '../../wizard/fields/Field.js';
import { PERSON_LABELS } from '../../wizard/labels.js';
import type { TPersonField } from '../../wizard/state.js';
import { USER_TYPE_KEYS } from '../RecordSections.js';
import {
  CertificationFields,
  certificationBody,
  NO_CERTIFICATION,
  type TCertificationValues,
  useCertificationOptions,
  WithChoices,
} from './CertificationFields.js';
import { ChangeFrame } from './ChangeFrame.js';
import type { TChangeFormProps, TChangeOutcome } from './change.js';
import { sendChange, sendItem } from './changes-api.js';

// A company admin's people: a tester or an admin added with the wizard's person and
// certification fields, and a person removed after the admin confirms it.

const PERSON_FIELDS: readonly TPersonField[] = [
  'userFirstName',
  'userLastName',
  'userEmail',
  'userPhone',
];
const ROLES: readonly TUserType[] = ['tester', 'admin'];

/** A tester's certification block, keyed for the list it is in. */
interface TCertificationBlock {
  key: number;
  values: TCertificationValues;
}

/**
 * The server names a tester's certification fields `userCerts.{n}.{field}`; the form names them
 * as the wizard does (`certs.{n}.{field}`: "Certification #1: Expiration Date" in the summary).
 */
function withBlockPaths(outcome: TChangeOutcome): TChangeOutcome {
  if (outcome.kind !== 'errors') return outcome;
  const fields = Object.fromEntries(
    Object.entries(outcome.errors.fields).map(([path, message]) => [
      path.replace(/^userCerts\.(\d+)\./, 'certs.$1.'),
      message,
    ]),
  );
  return { ...outcome, errors: { ...outcome.errors, fields } };
}

function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: TUserType | '';
  onChange(role: TUserType): void;
  error: string | undefined;
}) {
  const { t } = useI18n();
  const id = fieldId('userType');
  return (
    <fieldset
      className={error ? 'field field-error' : 'field'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {t('account.personRole')}
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      </legend>
      <ErrorMessage id={`${id}-error`} message={error} />
      {ROLES.map((role, index) => (
        <div className="radio" key={role}>
          <input
            type="radio"
            name="userType"
            id={index === 0 ? id : `${id}-${role}`}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
          />
          <label htmlFor={index === 0 ? id : `${id}-${role}`}>{t(USER_TYPE_KEYS[role])}</label>
        </div>
      ))}
    </fieldset>
  );
}

export function AddPersonForm({ props }: { props: TChangeFormProps }) {
  const { t, localize } = useI18n();
  const agencies = useCertificationOptions(props);
  const [role, setRole] = useState<TUserType | ''>('');
  const [person, setPerson] = useState<Record<TPersonField, string>>({
    userFirstName: '',
    userLastName: '',
    userEmail: '',
    userPhone: '',
  });
  const [blocks, setBlocks] = useState<TCertificationBlock[]>([
    { key: 0, values: NO_CERTIFICATION },
  ]);
  const testing = role === 'tester';
  const certificationsError = props.errors.userCerts;

  const send = () =>
    props.send(async () =>
      withBlockPaths(
        await sendItem('/company/people', {
          userType: role,
          ...person,
          userCerts: testing ? blocks.map((block) => certificationBody(block.values)) : [],
        }),
      ),
    );

  const update =
    (key: number) => (change: (current: TCertificationValues) => TCertificationValues) =>
      setBlocks((list) =>
        list.map((block) => (block.key === key ? { key, values: change(block.values) } : block)),
      );

  return (
    <ChangeFrame
      level="h3"
      title={t('account.addPerson')}
      intro={t('account.addPersonIntro')}
      sendLabel={t('account.addPersonSend')}
      props={props}
      onSend={send}
    >
      <RoleChoice value={role} onChange={setRole} error={props.errors.userType} />
      <div className="field-grid">
        {PERSON_FIELDS.map((name) => (
          <TextField
            key={name}
            path={name}
            label={t(PERSON_LABELS[name])}
            required={name !== 'userPhone'}
            type={name === 'userEmail' ? 'email' : name === 'userPhone' ? 'tel' : 'text'}
            tooltip={name === 'userEmail' ? t('people.emailTooltip') : undefined}
            value={person[name]}
            onChange={(value) => setPerson((current) => ({ ...current, [name]: value }))}
            error={props.errors[name]}
          />
        ))}
      </div>
      {testing ? (
        <>
          {certificationsError ? (
            <p id={fieldId('userCerts')} className="error-message" tabIndex={-1}>
              {localize(certificationsError)}
            </p>
          ) : null}
          <WithChoices agencies={agencies}>
            {(loaded) =>
              blocks.map((block, index) => (
                <fieldset className="block nested" key={block.key}>
                  <legend>{t('labels.certificationBlock', { number: index + 1 })}</legend>
                  <CertificationFields
                    prefix={`certs.${index}.`}
                    values={block.values}
                    agencies={loaded}
                    onChange={update(block.key)}
                    props={props}
                  />
                  {index > 0 ? (
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() =>
                        setBlocks((list) => list.filter((other) => other.key !== block.key))
                      }
                    >
                      {t('people.removeCertification', { number: index + 1 })}
                    </button>
                  ) : null}
                </fieldset>
              ))
            }
          </WithChoices>
          <button
            type="button"
            className="button"
            disabled={blocks.length >= MAX_CERTIFICATIONS_PER_TESTER}
            onClick={() =>
              setBlocks((list) => [
                ...list,
                { key: Math.max(...list.map((block) => block.key)) + 1, values: NO_CERTIFICATION },
              ])
            }
          >
            {t('people.addCertification')}
          </button>
        </>
      ) : null}
    </ChangeFrame>
  );
}

/** A person taken off the company, after the admin confirms it. */
export function RemovePersonForm({
  personId,
  props,
}: {
  personId: number;
  props: TChangeFormProps;
}) {
  const { t } = useI18n();
  const person = props.view.companyPeople.find((someone) => someone.id === personId);
  return (
    <ChangeFrame
      level="h3"
      title={t('account.removePersonTitle', {
        name: person ? `${person.firstName} ${person.lastName}` : '',
      })}
      intro={t('account.removePersonIntro')}
      sendLabel={t('account.removePersonConfirm')}
      props={props}
      onSend={() => props.send(() => sendChange('/company/people/remove', { personId }))}
    />
  );
}
