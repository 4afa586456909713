import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  DataTable,
  DateField,
  Edit,
  ListContextProvider,
  SelectInput,
  SimpleForm,
  TextInput,
  useList,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type {
  TAdminStaffResponse,
  TAdminStaffSessionResponse,
} from '../../../shared/admin-responses';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { STAFF_STATUS_LABELS } from '../../../shared/staff-roles';
import { messageOf, useStaffApi } from '../components/api';
import { PageHeading } from '../components/PageHeading';
import { useNotifiedRun } from '../components/useNotifiedRun';
import { ROLE_CHOICES, signInMethodText } from './choices';

/** Status, sign-in and the account actions: deactivate or reactivate, send a password link. */
function AccountActions() {
  const account = useRecordContext<TAdminStaffResponse>();
  const api = useStaffApi();
  const { run, busy } = useNotifiedRun();
  if (!account) return null;
  const deactivated = account.status === 'deactivated';
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        Account
      </Typography>
      <Typography>Status: {STAFF_STATUS_LABELS[account.status]}</Typography>
      <Typography>Sign-in method: {signInMethodText(account.signInMethods)}</Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {deactivated ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              run(() => api.staffAction(account.id, 'reactivate'), STAFF_MESSAGES.staffReactivated)
            }
          >
            Reactivate
          </Button>
        ) : (
          <>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() =>
                run(
                  () => api.staffAction(account.id, 'password-link'),
                  STAFF_MESSAGES.passwordLinkSent,
                )
              }
            >
              {account.status === 'invited'
                ? 'Send the invitation again'
                : 'Send password reset link'}
            </Button>
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() =>
                run(
                  () => api.staffAction(account.id, 'deactivate'),
                  STAFF_MESSAGES.staffDeactivated,
                )
              }
            >
              Deactivate
            </Button>
          </>
        )}
      </Box>
    </Paper>
  );
}

/** The person's live sessions, each with End, and Sign out everywhere. */
function Sessions() {
  const account = useRecordContext<TAdminStaffResponse>();
  const api = useStaffApi();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [data, setData] = useState<TAdminStaffSessionResponse[]>();
  const [isError, setIsError] = useState(false);
  const accountId = account?.id;
  useEffect(() => {
    if (accountId === undefined) return;
    let current = true;
    api.staffSessions(accountId).then(
      (sessions) => {
        if (!current) return;
        setData(sessions);
        setIsError(false);
      },
      () => current && setIsError(true),
    );
    return () => {
      current = false;
    };
  }, [api, accountId]);
  const list = useList<TAdminStaffSessionResponse>({ data: data ?? [], isPending: !data });
  const end = async (sessionId?: string) => {
    if (!account) return;
    setBusy(true);
    try {
      await api.endStaffSessions(account.id, sessionId);
      notify(STAFF_MESSAGES.sessionsEnded, { type: 'success' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
      await api.staffSessions(account.id).then(setData, () => setIsError(true));
    }
  };
  if (!account) return null;
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Active sessions
        </Typography>
        <Button
          variant="outlined"
          color="error"
          disabled={busy || !data?.length}
          onClick={() => end()}
        >
          Sign out everywhere
        </Button>
      </Box>
      {isError ? (
        <Typography color="error">{MESSAGES.apiRequestError}</Typography>
      ) : (
        <ListContextProvider value={list}>
          <DataTable<TAdminStaffSessionResponse>
            bulkActionButtons={false}
            rowClick={false}
            empty={<Typography sx={{ p: 2 }}>No active sessions.</Typography>}
          >
            <DataTable.Col source="startedAt" label="Started" disableSort>
              <DateField source="startedAt" showTime />
            </DataTable.Col>
            <DataTable.Col source="lastSeenAt" label="Last seen" disableSort>
              <DateField source="lastSeenAt" showTime />
            </DataTable.Col>
            <DataTable.Col source="ipAddress" label="Address" disableSort />
            <DataTable.Col source="userAgent" label="Browser" disableSort />
            <DataTable.Col
              label="End"
              disableSort
              render={(session) => (
                <Button size="small" disabled={busy} onClick={() => end(session.id)}>
                  End
                </Button>
              )}
            />
          </DataTable>
        </ListContextProvider>
      )}
    </Paper>
  );
}

/** One staff account (/staff/{id}): name and role, account actions and sessions. */
export function StaffEdit() {
  const notify = useNotify();
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <PageHeading title="Staff Member" />
      <Edit
        resource="staff"
        title={false}
        actions={false}
        mutationMode="pessimistic"
        redirect={false}
        mutationOptions={{
          onSuccess: () => notify('Staff member saved.', { type: 'success' }),
          onError: (error) => notify(messageOf(error), { type: 'error' }),
        }}
      >
        <SimpleForm>
          <TextInput source="email" label="Email" disabled />
          <TextInput source="name" label="Name" />
          <SelectInput source="role" label="Role" choices={ROLE_CHOICES} />
        </SimpleForm>
        <AccountActions />
        <Sessions />
      </Edit>
    </Box>
  );
}
