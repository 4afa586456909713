import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type TImportField,
  type TImportMapping,
  type TInventoryImport,
} from '../../../shared/inventory-import';
import { fieldErrorsOf, messageOf, useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';

const NOT_IN_FILE = '';

interface Props {
  inventoryImport: TInventoryImport;
  onPlanned(inventoryImport: TInventoryImport): void;
}

/** A field's error as the server names it: the field, or the field under `mapping`. */
const errorOf = (errors: Record<string, string>, field: TImportField) =>
  errors[`mapping.${field}`] ?? errors[field];

/**
 * Which column of the file fills each field of the inventory: the guess (or the organization's
 * last mapping) chosen already; choosing again plans the import again.
 */
export function ImportMapping({ inventoryImport, onPlanned }: Props) {
  const api = useStaffApi();
  const headingId = useId();
  const [mapping, setMapping] = useState<Partial<TImportMapping>>(inventoryImport.mapping);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMapping(inventoryImport.mapping), [inventoryImport.mapping]);

  const plan = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const planned = await api.mapInventoryImport(
        inventoryImport.id,
        mapping,
        inventoryImport.markMissingRemoved,
      );
      setErrors({});
      setSummary([]);
      onPlanned(planned);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setSummary([...new Set([messageOf(error), ...Object.values(fields)])]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={plan}
      aria-labelledby={headingId}
      sx={{ mt: 3, maxWidth: 1200 }}
    >
      <Typography id={headingId} component="h2" variant="h6">
        Columns
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Which column of {inventoryImport.fileName} holds each field. Fields marked * are needed for
        a row to make a location and an assembly.
      </Typography>
      <ErrorList errors={summary} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          columnGap: 2,
        }}
      >
        {IMPORT_FIELDS.map((field) => {
          const message = errorOf(errors, field);
          return (
            <TextField
              key={field}
              select
              name={field}
              label={`${IMPORT_FIELD_LABELS[field]}${REQUIRED_IMPORT_FIELDS.includes(field) ? ' *' : ''}`}
              value={mapping[field] ?? NOT_IN_FILE}
              onChange={(event) => setMapping({ ...mapping, [field]: event.target.value || null })}
              margin="dense"
              error={Boolean(message)}
              helperText={message}
            >
              <MenuItem value={NOT_IN_FILE}>Not in the file</MenuItem>
              {inventoryImport.headers.map((header) => (
                <MenuItem key={header} value={header}>
                  {header}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 1 }}>
        Plan again with these columns
      </Button>
    </Box>
  );
}
