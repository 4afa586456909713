import {
  Create,
  email,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { PageHeading } from '../components/PageHeading';
import { ROLE_CHOICES } from './choices';

/**
 * Invite (/staff/create): the person gets an email with a link to choose their password, valid
 * 72 hours and once.
 */
export function StaffInvite() {
  const notify = useNotify();
  const redirect = useRedirect();
  const invited = () => {
    notify(STAFF_MESSAGES.staffInvited, { type: 'success' });
    redirect('list', 'staff');
  };
  return (
    <>
      <PageHeading title="Invite Staff" />
      <Create resource="staff" title={false} mutationOptions={{ onSuccess: invited }}>
        <SimpleForm defaultValues={{ role: 'viewer' }}>
          <TextInput
            source="email"
            label="Email"
            type="email"
            validate={[required(STAFF_MESSAGES.emailRequired), email(STAFF_MESSAGES.emailInvalid)]}
          />
          <TextInput source="name" label="Name" />
          <SelectInput
            source="role"
            label="Role"
            choices={ROLE_CHOICES}
            validate={required(STAFF_MESSAGES.staffRoleInvalid)}
          />
        </SimpleForm>
      </Create>
    </>
  );
}
