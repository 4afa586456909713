import { useFormState } from 'react-hook-form';
import { SubmitButton } from './SubmitButton';

/** A react-admin form's submit button, showing progress while the save runs. */
export function FormSubmitButton({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  return <SubmitButton label={label} busy={isSubmitting} />;
}
