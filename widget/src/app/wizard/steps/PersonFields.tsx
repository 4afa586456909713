import { useI18n } from '../../i18n/use-i18n.js';
import { TextField } from '../fields/Field.js';
import { PERSON_LABELS } from '../labels.js';
import type { TPersonField, TPersonForm } from '../state.js';
import { useWizard } from '../wizard-context.js';

const AUTOCOMPLETE: Record<TPersonField, string> = {
  userFirstName: 'given-name',
  userLastName: 'family-name',
  userEmail: 'email',
  userPhone: 'tel',
};

/** First name, last name, email and phone of one admin or tester. */
export function PersonFields({
  list,
  index,
  person,
}: {
  list: 'admins' | 'testers';
  index: number;
  person: TPersonForm;
}) {
  const { dispatch } = useWizard();
  const { t } = useI18n();
  const field = (name: TPersonField, required: boolean) => (
    <TextField
      path={`${list}.${index}.${name}`}
      label={t(PERSON_LABELS[name])}
      required={required}
      type={name === 'userEmail' ? 'email' : name === 'userPhone' ? 'tel' : 'text'}
      autoComplete={index === 0 ? AUTOCOMPLETE[name] : 'off'}
      tooltip={name === 'userEmail' ? t('people.emailTooltip') : undefined}
      value={person[name]}
      onChange={(value) => dispatch({ type: 'setPerson', list, index, field: name, value })}
    />
  );
  return (
    <div className="field-grid">
      {field('userFirstName', true)}
      {field('userLastName', true)}
      {field('userEmail', true)}
      {field('userPhone', false)}
    </div>
  );
}
