import { required, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ORGANIZATION_PEOPLE_MESSAGES } from '../../../shared/organization-people';
import {
  ORGANIZATION_ROLE_DESCRIPTIONS,
  ORGANIZATION_ROLE_LABELS,
  ORGANIZATION_ROLES,
  type TOrganizationRole,
} from '../../../shared/organization-roles';

const ROLE_CHOICES = ORGANIZATION_ROLES.map((id) => ({ id, name: ORGANIZATION_ROLE_LABELS[id] }));

/** The role in the organization, with what the chosen one may do beneath it. */
export function RoleInput() {
  const role = useWatch<{ role?: TOrganizationRole }>({ name: 'role' });
  return (
    <SelectInput
      source="role"
      label="Role"
      choices={ROLE_CHOICES}
      validate={required(ORGANIZATION_PEOPLE_MESSAGES.roleInvalid)}
      helperText={role ? ORGANIZATION_ROLE_DESCRIPTIONS[role] : false}
      fullWidth
    />
  );
}
