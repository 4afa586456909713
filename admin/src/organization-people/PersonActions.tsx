import { Box, Button, Dialog } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { TOrganizationPersonRecord } from '../../../shared/organization-people';
import type { TOrganizationRole } from '../../../shared/organization-roles';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { fieldErrorsOf, messageOf, useStaffApi } from '../components/api';
import { ConfirmButton } from '../components/ConfirmButton';
import { DialogForm } from '../components/DialogForm';
import { useAllowed } from '../components/useAllowed';
import { useNotifiedRun } from '../components/useNotifiedRun';
import { RoleInput } from './RoleInput';

const RESOURCE = 'organization-people';

/** How a row names its person: their name, else their email. */
export const personName = (person: TOrganizationPersonRecord) => person.name || person.email;

/** Change role, in a dialog with the roles' descriptions; it holds from their next request. */
function ChangeRole({ person }: { person: TOrganizationPersonRecord }) {
  const titleId = useId();
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const save = async ({ role }: { role?: TOrganizationRole }) => {
    try {
      await api.update(RESOURCE, { id: person.id, data: { role }, previousData: person });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      notify(messageOf(error), { type: 'error' });
      return undefined;
    }
    notify('Role changed.', { type: 'success' });
    close();
    refresh();
    return undefined;
  };
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        aria-label={`Change role of ${personName(person)}`}
        onClick={() => setOpen(true)}
      >
        Change role
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogForm
          title={`Change the role of ${personName(person)}`}
          titleId={titleId}
          submitLabel="Save role"
          defaultValues={{ role: person.role }}
          onSubmit={save}
          onCancel={close}
        >
          <RoleInput />
        </DialogForm>
      </Dialog>
    </>
  );
}

interface Props {
  person: TOrganizationPersonRecord;
  organizationName: string;
}

/**
 * A person's actions: change their role, send an invitation not taken up again, and remove
 * them from the organization (asked first).
 */
export function PersonActions({ person, organizationName }: Props) {
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, busy } = useNotifiedRun();
  const mayRemove = useAllowed(RESOURCE, 'delete');
  const name = personName(person);
  const remove = async () => {
    await api.delete(RESOURCE, { id: person.id, previousData: person });
    notify(`${name} was removed from ${organizationName}.`, { type: 'success' });
    refresh();
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <ChangeRole person={person} />
      {person.status === 'invited' ? (
        <Button
          variant="outlined"
          size="small"
          aria-label={`Resend link to ${name}`}
          disabled={busy}
          onClick={() =>
            run(() => api.sendOrganizationPersonLink(person.id), STAFF_MESSAGES.passwordLinkSent)
          }
        >
          Resend link
        </Button>
      ) : null}
      {mayRemove ? (
        <ConfirmButton
          label="Remove"
          ariaLabel={`Remove ${name}`}
          title={`Remove ${name} from ${organizationName}?`}
          text="They lose their role in this organization at once. Someone with no other organization can no longer sign in."
          color="error"
          size="small"
          disabled={busy}
          onConfirm={remove}
        />
      ) : null}
    </Box>
  );
}
