import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { CreateBase, type RaRecord, useRefresh } from 'react-admin';
import { DialogForm } from '../components/DialogForm';
import { SecretContent } from './SecretDialog';

interface Props {
  resource: 'api-keys' | 'webhook-endpoints';
  /** The opening button's words, also the dialog's title and its submit button's. */
  label: string;
  /** The title once created: 'API key created'. */
  createdTitle: string;
  secretLabel: string;
  secretNote: string;
  defaultValues: Record<string, unknown>;
  validate(values: Record<string, unknown>): Record<string, string>;
  transform(values: Record<string, unknown>): Record<string, unknown>;
  /** The form's inputs. */
  children: ReactNode;
}

/**
 * Creates a record whose answer carries its secret, in a dialog: the form, then in the same
 * dialog the secret with Copy. Escape and a click outside do not close the secret: only Done
 * does, and focus returns to the button that opened it.
 */
export function CreateWithSecret({
  resource,
  label,
  createdTitle,
  secretLabel,
  secretNote,
  defaultValues,
  validate,
  transform,
  children,
}: Props) {
  const titleId = useId();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string>();
  const created = (record: RaRecord) => {
    setSecret(String(record.secret));
    refresh();
  };
  const close = () => {
    setOpen(false);
    setSecret(undefined);
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={secret === undefined ? close : undefined}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
      >
        {secret === undefined ? (
          <CreateBase
            resource={resource}
            redirect={false}
            transform={transform}
            mutationOptions={{ onSuccess: created }}
          >
            <DialogForm
              title={label}
              titleId={titleId}
              submitLabel={label}
              validate={validate}
              defaultValues={defaultValues}
              onCancel={close}
            >
              {children}
            </DialogForm>
          </CreateBase>
        ) : (
          <>
            <DialogTitle id={titleId}>{createdTitle}</DialogTitle>
            <DialogContent>
              <SecretContent label={secretLabel} secret={secret} note={secretNote} />
            </DialogContent>
            <DialogActions>
              <Button variant="contained" onClick={close}>
                Done
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
