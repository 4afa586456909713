import { Box, Button, Paper } from '@mui/material';
import { useState } from 'react';
import { Edit, Form, useNotify, useRedirect } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { FormSubmitButton } from '../components/FormSubmitButton';
import { EditLoadFailure, retryUnlessAnswered } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { useAllowed } from '../components/useAllowed';
import { UserInputs } from './UserInputs';
import {
  UserCertifications,
  UserCredentials,
  UserOrganizations,
  UserReminders,
  UserReviewHistory,
  UserServiceProviders,
  UserTestKits,
} from './UserRelations';
import { userFields, validateUser } from './userForm';

interface ButtonsProps {
  editing: boolean;
  onEdit(): void;
  onCancel(): void;
}

/** Back, then Edit, or Cancel Edits (the loaded values back) and Save Edits. */
function UserInfoButtons({ editing, onEdit, onCancel }: ButtonsProps) {
  const redirect = useRedirect();
  const { reset, formState } = useFormContext();
  const mayEdit = useAllowed('users', 'edit');
  const busy = formState.isSubmitting;
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
      <Button onClick={() => redirect('list', 'users')} disabled={busy}>
        Back
      </Button>
      {editing ? (
        <>
          <Button
            onClick={() => {
              reset();
              onCancel();
            }}
            disabled={busy}
          >
            Cancel Edits
          </Button>
          <FormSubmitButton label="Save Edits" />
        </>
      ) : mayEdit ? (
        <Button variant="contained" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * User Info (/users/{userId}): the users resource's edit, read-only until Edit; below the form,
 * the person's organizations, service providers and certifications from the same record, and the
 * history of their registrations' review.
 */
export function UserInfo() {
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const saved = () => {
    notify(STAFF_MESSAGES.userEdited, { type: 'success' });
    setEditing(false);
  };
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <Edit
        resource="users"
        component="div"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        redirectOnError={false}
        transform={userFields}
        mutationOptions={{ onSuccess: saved }}
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<EditLoadFailure title="User Info" />}
      >
        <PageHeading title="User Info" />
        <Paper sx={{ p: 2 }}>
          <Form validate={validateUser} noValidate disableInvalidFormNotification>
            <FormErrorSummary />
            <UserInputs disabled={!editing} />
            <UserInfoButtons
              editing={editing}
              onEdit={() => setEditing(true)}
              onCancel={() => setEditing(false)}
            />
          </Form>
        </Paper>
        <UserOrganizations />
        <UserServiceProviders />
        <UserCertifications />
        <UserCredentials />
        <UserTestKits />
        <UserReminders />
        <UserReviewHistory />
      </Edit>
    </Box>
  );
}
