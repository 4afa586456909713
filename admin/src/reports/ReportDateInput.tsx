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
  max: string;
  error?: string;
}

/** A report range end: a MUI X date picker over a YYYY-MM-DD string ('' when cleared). */
export function ReportDateInput({ label, name, value, onChange, min, max, error }: Props) {
  const date = value ? parseISO(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns}>
      <DatePicker
        label={label}
        format="yyyy-MM-dd"
        value={date && isValid(date) ? date : null}
        minDate={min ? parseISO(min) : undefined}
        maxDate={parseISO(max)}
        onChange={(next) => onChange(next && isValid(next) ? format(next, 'yyyy-MM-dd') : '')}
        slotProps={{
          textField: { name, error: Boolean(error), helperText: error, sx: { minWidth: 200 } },
        }}
      />
    </LocalizationProvider>
  );
}
