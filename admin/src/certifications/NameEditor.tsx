import { Box, Button, TextField } from '@mui/material';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  onAdd(): void;
  onDelete(): void;
  busy: boolean;
  /** The person's role may change agencies and types. */
  allowed: boolean;
}

/** A name input with Add and Delete, both disabled while it is empty, a call runs or the role may not. */
export function NameEditor({ label, value, onChange, onAdd, onDelete, busy, allowed }: Props) {
  const disabled = !allowed || busy || value.trim() === '';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 2 }}>
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        size="small"
        fullWidth
        autoComplete="off"
      />
      <Button variant="contained" onClick={onAdd} disabled={disabled}>
        Add
      </Button>
      <Button variant="outlined" color="error" onClick={onDelete} disabled={disabled}>
        Delete
      </Button>
    </Box>
  );
}
