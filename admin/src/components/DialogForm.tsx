import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, type FormProps } from 'react-admin';
import { FormErrorSummary } from './FormErrorSummary';
import { FormSubmitButton } from './FormSubmitButton';

interface Props extends Pick<FormProps, 'defaultValues' | 'validate' | 'onSubmit'> {
  /** The dialog's title and the id its `aria-labelledby` names. */
  title: string;
  titleId: string;
  submitLabel: string;
  onCancel(): void;
  /** The form's inputs. */
  children: ReactNode;
}

/**
 * A react-admin form as a dialog's content: its title, the errors listed above the inputs (the
 * client's checks and the server's field errors alike), Cancel and the submit button. Inside a
 * CreateBase or EditBase it saves through it; otherwise through `onSubmit`.
 */
export function DialogForm({ title, titleId, submitLabel, onCancel, children, ...form }: Props) {
  return (
    <Form {...form} noValidate disableInvalidFormNotification>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormErrorSummary />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <FormSubmitButton label={submitLabel} />
      </DialogActions>
    </Form>
  );
}
