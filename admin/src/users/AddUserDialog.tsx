import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { fieldErrorsOf, messageOf, useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import type { UserFields } from '../providers/types';
import { UserInputs } from './UserInputs';
import { EMPTY_USER, type UserErrors, userServerErrors, validateUser } from './userForm';

/** The Add user dialog: User Type, First Name, Last Name, Email. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose(added: boolean): void }) {
  const api = useStaffApi();
  const notify = useNotify();
  const [values, setValues] = useState<UserFields>(EMPTY_USER);
  const [errors, setErrors] = useState<UserErrors>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const close = (added: boolean) => {
    setValues(EMPTY_USER);
    setErrors({});
    setSummary([]);
    onClose(added);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = validateUser(values);
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      setSummary(Object.values(clientErrors).filter((m): m is string => Boolean(m)));
      return;
    }
    setBusy(true);
    setErrors({});
    setSummary([]);
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
      setErrors(userServerErrors(fieldErrorsOf(error)));
      setSummary([messageOf(error)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => close(false)} aria-labelledby="add-user-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="add-user-title">Add User</DialogTitle>
        <DialogContent>
          <ErrorList errors={summary} />
          <UserInputs values={values} onChange={setValues} errors={errors} withPhone={false} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Add User
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
