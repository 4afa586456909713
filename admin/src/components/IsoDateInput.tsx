import type { SxProps, Theme } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** YYYY-MM-DD bounds. */
  min?: string;
  max?: string;
  error?: string;
  disabled?: boolean;
  /** Layout of the text field. */
  textField?: {
    required?: boolean;
    fullWidth?: boolean;
    margin?: 'none' | 'dense' | 'normal';
    sx?: SxProps<Theme>;
  };
}

/** A MUI X date picker over a YYYY-MM-DD string ('' when cleared). */
export function IsoDateInput({
  label,
  name,
  value,
  onChange,
  min,
  max,
  error,
  disabled,
  textField,
}: Props) {
  const date = value ? parseISO(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label={label}
        format="yyyy-MM-dd"
        value={date && isValid(date) ? date : null}
        minDate={min ? parseISO(min) : undefined}
        maxDate={max ? parseISO(max) : undefined}
        disabled={disabled}
        onChange={(next) => onChange(next && isValid(next) ? format(next, 'yyyy-MM-dd') : '')}
        slotProps={{
          textField: { name, error: Boolean(error), helperText: error, ...textField },
        }}
      />
    </LocalizationProvider>
  );
}
