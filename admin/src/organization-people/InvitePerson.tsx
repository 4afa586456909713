import { Button, Dialog } from '@mui/material';
import { useId, useState } from 'react';
import { CreateBase, TextInput, useNotify, useRefresh } from 'react-admin';
import { ZOrganizationPersonInvite } from '../../../shared/organization-people';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { DialogForm } from '../components/DialogForm';
import { zodValidator } from '../components/zodValidator';
import { RoleInput } from './RoleInput';

const validateInvitation = zodValidator(ZOrganizationPersonInvite);

/**
 * Invite, in a dialog: the person's email, name and role. They get an email with a link to
 * choose a password (or, already signing in for another organization, word of the new role).
 */
export function InvitePerson({ organizationId }: { organizationId: number }) {
  const titleId = useId();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const invited = () => {
    notify(STAFF_MESSAGES.staffInvited, { type: 'success' });
    close();
    refresh();
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        Invite
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <CreateBase
          resource="organization-people"
          redirect={false}
          mutationOptions={{ onSuccess: invited }}
        >
          <DialogForm
            title="Invite a person"
            titleId={titleId}
            submitLabel="Send invitation"
            validate={validateInvitation}
            defaultValues={{ organizationId, email: '', name: '', role: 'viewer' }}
            onCancel={close}
          >
            <TextInput source="email" label="Email" type="email" autoFocus fullWidth />
            <TextInput source="name" label="Name" fullWidth />
            <RoleInput />
          </DialogForm>
        </CreateBase>
      </Dialog>
    </>
  );
}
