import { Box, Typography } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { CONTACT_ROLES, type TContactRole } from '../../../shared/assemblies';
import { ZLocationCreate } from '../../../shared/inventory-api';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { usePicksOrganization } from '../components/useSessionOrganization';
import { emptyForNull, zodFieldValidator } from '../components/zodValidator';

export const CONTACT_ROLE_LABELS: Record<TContactRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  tenant: 'Tenant',
};
export const LANGUAGE_CHOICES = [
  { id: 'en', name: 'English' },
  { id: 'es', name: 'Spanish' },
];

/** What a create or an edit sends: the form's values with cleared texts as ''. */
export const locationRequest = (values: Record<string, unknown>) =>
  emptyForNull(values) as Record<string, unknown>;

/** The server's own rule, checked before sending (contacts' fields at their inputs). */
export const validateLocation = zodFieldValidator(ZLocationCreate, locationRequest);

function ContactInputs({ role }: { role: TContactRole }) {
  const label = CONTACT_ROLE_LABELS[role];
  const headingId = `contact-${role}`;
  return (
    <Box role="group" aria-labelledby={headingId} sx={{ width: '100%', mt: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle1">
        {label}
      </Typography>
      <TextInput source={`contacts.${role}.name`} label={`${label}: name`} />
      <TextInput source={`contacts.${role}.email`} label={`${label}: email`} type="email" />
      <TextInput source={`contacts.${role}.phone`} label={`${label}: phone`} type="tel" />
      <SelectInput
        source={`contacts.${role}.language`}
        label={`${label}: language`}
        choices={LANGUAGE_CHOICES}
        defaultValue="en"
      />
      <TextInput
        source={`contacts.${role}.address`}
        label={`${label}: postal address`}
        multiline
        fullWidth
      />
    </Box>
  );
}

/**
 * A location's fields, the same to add and to change: its account and service address, notes,
 * and its owner, manager and tenant (a contact left empty is not kept). The provider's staff
 * choose the organization of a new location.
 */
export function LocationInputs({ creating = false }: { creating?: boolean }) {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      {creating && picksOrganization ? <OrganizationFilter source="organizationId" /> : null}
      <TextInput source="accountNumber" label="Account number" />
      <TextInput source="name" label="Name" helperText="A business or building name, if any." />
      <TextInput source="address1" label="Service address" />
      <TextInput source="address2" label="Address line 2" />
      <TextInput source="city" label="City" />
      <TextInput source="state" label="State" />
      <TextInput source="zip" label="ZIP code" />
      <TextInput source="notes" label="Notes" multiline fullWidth />
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        Contacts
      </Typography>
      {CONTACT_ROLES.map((role) => (
        <ContactInputs key={role} role={role} />
      ))}
    </>
  );
}
