import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import {
  CREDENTIAL_HOLDER_LABELS,
  type TCredentialTypeRecord,
} from '../../../shared/credential-types';
import { SUSPEND_ON_EXPIRY_LABEL } from '../../../shared/organization-requirements';
import type { TCredentialFact } from '../../../shared/requirements';
import { REGISTRATION_VALIDITIES, REGISTRATION_VALIDITY_LABELS } from '../../../shared/standing';
import {
  NEW_REQUIREMENT,
  type OrganizationErrors,
  type OrganizationValues,
  type RequirementValues,
} from './organizationForm';

type RequirementSettings = Pick<
  OrganizationValues,
  'registrationValidity' | 'suspendOnExpiry' | 'credentialRequirements'
>;

interface Props {
  values: RequirementSettings;
  onChange(changes: Partial<RequirementSettings>): void;
  errors: OrganizationErrors;
  credentialTypes: readonly TCredentialTypeRecord[];
  readOnly: boolean;
  /** Guidance while editing (none in the read-only view). */
  guidance(text: string): string | undefined;
}

/**
 * The organization's own requirements (issue 27): how long a registration stays valid,
 * suspension on expiry, and the credential types it requires or accepts when given, each with
 * its minimum coverage and additional insured where the type carries them.
 */
export function RequirementsSection({
  values,
  onChange,
  errors,
  credentialTypes,
  readOnly,
  guidance,
}: Props) {
  const rows = values.credentialRequirements;
  const setRow = (index: number, row: RequirementValues) =>
    onChange({
      credentialRequirements: rows.map((current, position) => (position === index ? row : current)),
    });
  return (
    <Box component="section" aria-labelledby="requirements-heading" sx={{ mt: 3 }}>
      <Typography id="requirements-heading" component="h2" variant="h6">
        Requirements
      </Typography>
      <TextField
        select
        label="Registration is valid"
        name="registrationValidity"
        value={values.registrationValidity}
        onChange={(event) =>
          onChange({
            registrationValidity: event.target.value as RequirementSettings['registrationValidity'],
          })
        }
        disabled={readOnly}
        fullWidth
        margin="normal"
        error={Boolean(errors.registrationValidity)}
        helperText={errors.registrationValidity}
      >
        {REGISTRATION_VALIDITIES.map((validity) => (
          <MenuItem key={validity} value={validity}>
            {REGISTRATION_VALIDITY_LABELS[validity]}
          </MenuItem>
        ))}
      </TextField>
      <FormControl margin="normal" error={Boolean(errors.suspendOnExpiry)}>
        <FormControlLabel
          label={SUSPEND_ON_EXPIRY_LABEL}
          control={
            <Checkbox
              name="suspendOnExpiry"
              checked={values.suspendOnExpiry}
              onChange={(event) => onChange({ suspendOnExpiry: event.target.checked })}
              disabled={readOnly}
            />
          }
        />
        <FormHelperText>
          {errors.suspendOnExpiry ??
            guidance('It is reinstated by itself when the replacement is accepted.')}
        </FormHelperText>
      </FormControl>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2 }}>
        Credentials
      </Typography>
      {errors.credentialRequirements ? (
        <FormHelperText error>{errors.credentialRequirements}</FormHelperText>
      ) : null}
      {rows.length === 0 ? (
        <Typography variant="body2">None beyond certifications and test kits.</Typography>
      ) : null}
      {rows.map((row, index) => (
        <RequirementRow
          // Rows have no identity of their own until a type is chosen; position is what staff see.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          index={index}
          row={row}
          onChange={(changed) => setRow(index, changed)}
          onRemove={() =>
            onChange({ credentialRequirements: rows.filter((_, position) => position !== index) })
          }
          chosenElsewhere={rows
            .filter((_, position) => position !== index)
            .map((other) => other.credentialTypeId)}
          errors={errors}
          credentialTypes={credentialTypes}
          readOnly={readOnly}
          guidance={guidance}
        />
      ))}
      {!readOnly && rows.length < credentialTypes.length ? (
        <Button onClick={() => onChange({ credentialRequirements: [...rows, NEW_REQUIREMENT] })}>
          Add a credential
        </Button>
      ) : null}
    </Box>
  );
}

interface RowProps extends Pick<Props, 'errors' | 'credentialTypes' | 'readOnly' | 'guidance'> {
  index: number;
  row: RequirementValues;
  onChange(row: RequirementValues): void;
  onRemove(): void;
  /** The types other rows ask for: each type is listed once. */
  chosenElsewhere: string[];
}

function RequirementRow({
  index,
  row,
  onChange,
  onRemove,
  chosenElsewhere,
  errors,
  credentialTypes,
  readOnly,
  guidance,
}: RowProps) {
  const type = credentialTypes.find((candidate) => String(candidate.id) === row.credentialTypeId);
  const carries = (fact: TCredentialFact) => Boolean(type?.facts.includes(fact));
  const errorOf = (field: keyof RequirementValues) =>
    errors[`credentialRequirements.${index}.${field}`];
  const choose = (credentialTypeId: string) => {
    const facts = credentialTypes.find(
      (candidate) => String(candidate.id) === credentialTypeId,
    )?.facts;
    // What the new type does not carry is not asked of it.
    onChange({
      ...row,
      credentialTypeId,
      minimumCoverage: facts?.includes('coverage') ? row.minimumCoverage : '',
      additionalInsured: Boolean(facts?.includes('additionalInsured')) && row.additionalInsured,
    });
  };
  const legendId = `credential-requirement-${index}`;
  return (
    <Box
      role="group"
      aria-labelledby={legendId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1, mt: 2 }}
    >
      <Typography id={legendId} variant="subtitle2" sx={{ mt: 1.5 }}>
        {type ? type.name : `Credential ${index + 1}`}
      </Typography>
      <TextField
        select
        label="Credential type"
        name={`credentialRequirements.${index}.credentialTypeId`}
        value={row.credentialTypeId}
        onChange={(event) => choose(event.target.value)}
        disabled={readOnly}
        required
        fullWidth
        margin="normal"
        error={Boolean(errorOf('credentialTypeId'))}
        helperText={
          errorOf('credentialTypeId') ??
          (type ? guidance(`Held by ${CREDENTIAL_HOLDER_LABELS[type.holder].toLowerCase()}.`) : '')
        }
      >
        {credentialTypes.map((candidate) => (
          <MenuItem
            key={candidate.id}
            value={String(candidate.id)}
            disabled={chosenElsewhere.includes(String(candidate.id))}
          >
            {candidate.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Asked as"
        name={`credentialRequirements.${index}.required`}
        value={row.required ? 'required' : 'optional'}
        onChange={(event) => onChange({ ...row, required: event.target.value === 'required' })}
        disabled={readOnly}
        fullWidth
        margin="normal"
        error={Boolean(errorOf('required'))}
        helperText={errorOf('required')}
      >
        <MenuItem value="required">Required</MenuItem>
        <MenuItem value="optional">Accepted when given</MenuItem>
      </TextField>
      {/* A value the type no longer carries stays visible so it can be cleared. */}
      {carries('coverage') || row.minimumCoverage !== '' ? (
        <TextField
          label="Minimum coverage (US dollars)"
          name={`credentialRequirements.${index}.minimumCoverage`}
          value={row.minimumCoverage}
          onChange={(event) => onChange({ ...row, minimumCoverage: event.target.value })}
          disabled={readOnly}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(errorOf('minimumCoverage'))}
          helperText={
            errorOf('minimumCoverage') ?? guidance('Such as $1,000,000. Empty: any amount.')
          }
        />
      ) : null}
      {carries('additionalInsured') || row.additionalInsured ? (
        <FormControl margin="dense" error={Boolean(errorOf('additionalInsured'))}>
          <FormControlLabel
            label="Additional insured required"
            control={
              <Checkbox
                name={`credentialRequirements.${index}.additionalInsured`}
                checked={row.additionalInsured}
                onChange={(event) => onChange({ ...row, additionalInsured: event.target.checked })}
                disabled={readOnly}
              />
            }
          />
          <FormHelperText>
            {errorOf('additionalInsured') ??
              guidance('The certificate must name the organization as additional insured.')}
          </FormHelperText>
        </FormControl>
      ) : null}
      {readOnly ? null : (
        <Box>
          <Button color="error" onClick={onRemove}>
            Remove this credential
          </Button>
        </Box>
      )}
    </Box>
  );
}
