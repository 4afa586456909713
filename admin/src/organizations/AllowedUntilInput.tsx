import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { format, isValid, parseISO } from 'date-fns';

interface Props {
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}

/** Allowed Access Until: a MUI X date picker over a YYYY-MM-DD string ('' when cleared). */
export function AllowedUntilInput({ value, onChange, error, disabled }: Props) {
  const date = value ? parseISO(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label="Allowed Access Until"
        format="yyyy-MM-dd"
        value={date && isValid(date) ? date : null}
        disabled={disabled}
        onChange={(next) => onChange(next && isValid(next) ? format(next, 'yyyy-MM-dd') : '')}
        slotProps={{
          textField: {
            name: 'allowedUntil',
            required: true,
            fullWidth: true,
            margin: 'normal',
            error: Boolean(error),
            helperText: error,
          },
        }}
      />
    </LocalizationProvider>
  );
}
