import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, Form, useNotify, useRefresh } from 'react-admin';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { FormSubmitButton } from '../components/FormSubmitButton';
import { UserInputs } from './UserInputs';
import { validateUser } from './userForm';

/** The Add user dialog: User Type, First Name, Last Name, Email (a create of the users resource). */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const added = () => {
    notify(STAFF_MESSAGES.userCreated, { type: 'success' });
    refresh();
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="add-user-title">
      <CreateBase resource="users" redirect={false} mutationOptions={{ onSuccess: added }}>
        <Form validate={validateUser} noValidate disableInvalidFormNotification>
          <DialogTitle id="add-user-title">Add User</DialogTitle>
          <DialogContent>
            <FormErrorSummary />
            <UserInputs withPhone={false} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <FormSubmitButton label="Add User" />
          </DialogActions>
        </Form>
      </CreateBase>
    </Dialog>
  );
}
