import { Box, MenuItem, TextField } from '@mui/material';
import { USER_TYPES } from '../../../shared/constants';
import type { UserFields } from '../providers/types';
import type { UserErrors } from './userForm';

interface Props {
  values: UserFields;
  onChange(values: UserFields): void;
  errors: UserErrors;
  readOnly?: boolean;
  /** The Add user dialog has no phone field. */
  withPhone?: boolean;
}

const TYPE_LABELS: Record<string, string> = { tester: 'Tester', admin: 'Admin' };

/** User fields, shared by the Add user dialog and User Info. */
export function UserInputs({
  values,
  onChange,
  errors,
  readOnly = false,
  withPhone = true,
}: Props) {
  const field = (key: keyof UserFields, label: string, required: boolean, type = 'text') => (
    <TextField
      label={label}
      name={key}
      type={type}
      value={values[key]}
      onChange={(event) => onChange({ ...values, [key]: event.target.value })}
      disabled={readOnly}
      required={required}
      fullWidth
      margin="normal"
      error={Boolean(errors[key])}
      helperText={errors[key]}
    />
  );
  return (
    <Box>
      {field('userFirstName', 'First Name', true)}
      {field('userLastName', 'Last Name', true)}
      <TextField
        select
        label="User Type"
        name="userType"
        value={values.userType}
        onChange={(event) => onChange({ ...values, userType: event.target.value })}
        disabled={readOnly}
        required
        fullWidth
        margin="normal"
        error={Boolean(errors.userType)}
        helperText={errors.userType}
      >
        {USER_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {TYPE_LABELS[type] ?? type}
          </MenuItem>
        ))}
      </TextField>
      {field('userEmail', 'Email', true, 'email')}
      {withPhone ? field('userPhone', 'Phone', false, 'tel') : null}
    </Box>
  );
}
