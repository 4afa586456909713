import { TextField } from '../fields/Field.js';
import { PERSON_LABELS } from '../labels.js';
import type { TPersonField, TPersonForm } from '../state.js';
import { useWizard } from '../wizard-context.js';

const EMAIL_TOOLTIP =
  'This must be a unique, individual email address. A unique email address is required for each tester or admin being registered.';

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
  const field = (name: TPersonField, required: boolean) => (
    <TextField
      path={`${list}.${index}.${name}`}
      label={PERSON_LABELS[name]}
      required={required}
      type={name === 'userEmail' ? 'email' : name === 'userPhone' ? 'tel' : 'text'}
      autoComplete={index === 0 ? AUTOCOMPLETE[name] : 'off'}
      tooltip={name === 'userEmail' ? EMAIL_TOOLTIP : undefined}
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
