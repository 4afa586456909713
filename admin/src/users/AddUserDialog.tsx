import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import { SubmitButton } from '../components/SubmitButton';
import { useFormErrors } from '../components/useFormErrors';
import type { UserFields } from '../providers/types';
import { UserInputs } from './UserInputs';
import { EMPTY_USER, userServerErrors, validateUser } from './userForm';

/** The Add user dialog: User Type, First Name, Last Name, Email. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose(added: boolean): void }) {
  const api = useStaffApi();
  const notify = useNotify();
  const [values, setValues] = useState<UserFields>(EMPTY_USER);
  const errors = useFormErrors(userServerErrors, { serverMessageOnly: true });
  const [busy, setBusy] = useState(false);

  const close = (added: boolean) => {
    setValues(EMPTY_USER);
    errors.clear();
    onClose(added);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = validateUser(values);
    if (Object.keys(clientErrors).length > 0) {
      errors.showClient(clientErrors);
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      const { userPhone: _phone, ...user } = values;
      const answer = await api.addUser(user);
      notify(
        typeof answer.message === 'string' && answer.message
          ? answer.message
          : STAFF_MESSAGES.userCreated,
        { type: 'success' },
      );
      close(true);
    } catch (error) {
      errors.showServer(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => close(false)} aria-labelledby="add-user-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-user-title">Add User</DialogTitle>
        <DialogContent>
          <ErrorList errors={errors.summary} />
          <UserInputs
            values={values}
            onChange={setValues}
            errors={errors.fieldErrors}
            withPhone={false}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton label="Add User" busy={busy} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
