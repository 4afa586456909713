import { SelectInput, TextInput } from 'react-admin';
import { USER_TYPES } from '../../../shared/constants';

const TYPE_LABELS: Record<(typeof USER_TYPES)[number], string> = {
  tester: 'Tester',
  admin: 'Admin',
};
const TYPE_CHOICES = USER_TYPES.map((type) => ({ id: type, name: TYPE_LABELS[type] }));

interface Props {
  /** User Info shows the fields read-only until Edit. */
  disabled?: boolean;
  /** The Add user dialog has no phone field. */
  withPhone?: boolean;
}

/** A person's fields, shared by the Add user dialog (create) and User Info (edit). */
export function UserInputs({ disabled = false, withPhone = true }: Props) {
  const layout = { disabled, fullWidth: true, margin: 'normal' } as const;
  return (
    <>
      <TextInput source="firstName" label="First Name" isRequired {...layout} />
      <TextInput source="lastName" label="Last Name" isRequired {...layout} />
      <SelectInput source="type" label="User Type" choices={TYPE_CHOICES} isRequired {...layout} />
      <TextInput source="email" label="Email" type="email" isRequired {...layout} />
      {withPhone ? <TextInput source="phone" label="Phone" type="tel" {...layout} /> : null}
    </>
  );
}
