import { Paper, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { EditBase, type RaRecord, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { FormErrorSummary } from '../components/FormErrorSummary';
import { useAllowed } from '../components/useAllowed';

/**
 * A section of the organization's page that edits one of its settings records (`resource`, by
 * the organization's id): its heading and introduction, the form checked by the shared rule
 * (`validate`), sent as `transform` makes it, and a save button for those who may change it
 * (everyone else reads it, `children` receiving whether they may edit).
 */
export function SettingsSection<T extends RaRecord>(props: {
  organizationId: number;
  resource: string;
  title: string;
  intro: ReactNode;
  saveLabel: string;
  transform: (values: Record<string, unknown>) => unknown;
  validate: (values: Record<string, unknown>) => Record<string, unknown>;
  saved: (record: T) => string;
  children: (mayEdit: boolean) => ReactNode;
}) {
  const headingId = useId();
  const mayEdit = useAllowed(props.resource, 'edit');
  const notify = useNotify();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3, maxWidth: 1200 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {props.title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{props.intro}</Typography>
      <EditBase<T>
        resource={props.resource}
        id={props.organizationId}
        mutationMode="pessimistic"
        redirect={false}
        // The page itself is the organization's; saving is checked by the server's roles.
        disableAuthentication
        transform={props.transform}
        mutationOptions={{
          onSuccess: (record: T) => notify(props.saved(record), { type: 'success' }),
        }}
      >
        <SimpleForm
          aria-label={props.title}
          validate={props.validate}
          noValidate
          disableInvalidFormNotification
          toolbar={
            mayEdit ? (
              <Toolbar>
                <SaveButton label={props.saveLabel} />
              </Toolbar>
            ) : (
              false
            )
          }
        >
          <FormErrorSummary />
          {props.children(mayEdit)}
        </SimpleForm>
      </EditBase>
    </Paper>
  );
}
