import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import {
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_KEYS,
  MAX_CALIBRATION_INTERVAL_MONTHS,
} from '../../../shared/constants';
import type { TCredentialTypeRecord } from '../../../shared/credential-types';
import { IsoDateInput } from '../components/IsoDateInput';
import type { AgencyEntry } from '../providers/types';
import { DirectorySection } from './DirectorySection';
import {
  MAX_EXTRA_EMAILS,
  type OrganizationErrors,
  type OrganizationValues,
} from './organizationForm';
import { RequirementsSection } from './RequirementsSection';

interface Props {
  values: OrganizationValues;
  onChange(values: OrganizationValues): void;
  errors: OrganizationErrors;
  agencies: Record<string, AgencyEntry>;
  /** What the organization can ask for beyond certifications. */
  credentialTypes: readonly TCredentialTypeRecord[];
  /** View mode: everything read-only. */
  readOnly?: boolean;
  /** The name cannot change after creation. */
  nameDisabled?: boolean;
  /** Create needs at least 1 certification; edit allows 0 (spec section 5). */
  minCertifications: number;
  /** The public site's address, for the directory's link; unknown before the first save. */
  publicUrl?: string;
  /**
   * An organization's Program manager edits the organization's own settings: its access end is
   * the provider's (shown, never editable) and the provider's notes about it are not shown.
   */
  ownSettingsOnly?: boolean;
  /** "Require two-step sign-in of its people", for those who may change it. */
  showTwoFactor?: boolean;
}

/** The organization fields, shared by Add Organization and the view/edit page. */
export function OrganizationInputs({
  values,
  onChange,
  errors,
  agencies,
  credentialTypes,
  readOnly = false,
  nameDisabled = false,
  minCertifications,
  publicUrl,
  ownSettingsOnly = false,
  showTwoFactor = true,
}: Props) {
  const set = <K extends keyof OrganizationValues>(key: K, value: OrganizationValues[K]) =>
    onChange({ ...values, [key]: value });
  const setEmail = (index: number, email: string) =>
    set(
      'extraEmails',
      values.extraEmails.map((current, position) => (position === index ? email : current)),
    );
  const toggleAgency = (id: string, checked: boolean) =>
    set(
      'agencyIds',
      checked ? [...values.agencyIds, id] : values.agencyIds.filter((agencyId) => agencyId !== id),
    );
  // Guidance is for editing; in the read-only view it would be grey text on grey (low contrast).
  const guidance = (text: string | undefined) => (readOnly ? undefined : text);
  const frequency = EMAIL_FREQUENCIES[values.reportFrequency as keyof typeof EMAIL_FREQUENCIES];
  const textArea = (
    key: 'homeBanner' | 'formBanner' | 'internalNotes' | 'embedOrigins',
    label: string,
    hint?: string,
  ) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      disabled={readOnly}
      fullWidth
      multiline
      minRows={2}
      margin="normal"
      error={Boolean(errors[key])}
      helperText={errors[key] ?? hint}
    />
  );

  const checkbox = (
    key: 'acceptExpiredCertifications' | 'requireTwoFactor',
    label: string,
    hint: string,
  ) => (
    <FormControl margin="normal" error={Boolean(errors[key])}>
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            name={key}
            checked={values[key]}
            onChange={(event) => set(key, event.target.checked)}
            disabled={readOnly}
          />
        }
      />
      <FormHelperText>{errors[key] ?? guidance(hint)}</FormHelperText>
    </FormControl>
  );

  const wholeNumber = (
    key: 'requiredCertifications' | 'calibrationIntervalMonths',
    label: string,
    bounds: { min: number; max?: number },
    hint?: string,
  ) => (
    <TextField
      label={label}
      name={key}
      type="number"
      value={values[key]}
      onChange={(event) => set(key, event.target.value)}
      disabled={readOnly}
      required
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { ...bounds, step: 1 } }}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? hint}
    />
  );

  return (
    <Box sx={{ maxWidth: 720 }}>
      <TextField
        label="Organization Name"
        name="name"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        disabled={readOnly || nameDisabled}
        required
        fullWidth
        margin="normal"
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        label="Primary Internal Email"
        name="primaryEmail"
        type="email"
        value={values.primaryEmail}
        onChange={(event) => set('primaryEmail', event.target.value)}
        disabled={readOnly}
        fullWidth
        margin="normal"
        error={Boolean(errors.primaryEmail)}
        helperText={errors.primaryEmail ?? guidance('Receives sign-up notifications.')}
      />
      {values.extraEmails.map((email, index) => (
        // Emails have no identity of their own; position is what the user sees.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={`Additional Email ${index + 1}`}
            name={`extraEmails.${index}`}
            type="email"
            value={email}
            onChange={(event) => setEmail(index, event.target.value)}
            disabled={readOnly}
            fullWidth
            margin="normal"
            error={Boolean(errors[`extraEmails.${index}`])}
            helperText={errors[`extraEmails.${index}`]}
          />
          {index > 0 && !readOnly ? (
            <Button
              sx={{ mt: 3, flexShrink: 0 }}
              color="error"
              onClick={() =>
                set(
                  'extraEmails',
                  values.extraEmails.filter((_, position) => position !== index),
                )
              }
            >
              Remove This Email
            </Button>
          ) : null}
        </Box>
      ))}
      {!readOnly && values.extraEmails.length < MAX_EXTRA_EMAILS ? (
        <Button onClick={() => set('extraEmails', [...values.extraEmails, ''])}>
          Add Another Email
        </Button>
      ) : null}
      <TextField
        select
        label="Email Report Frequency"
        name="reportFrequency"
        value={values.reportFrequency}
        onChange={(event) => set('reportFrequency', event.target.value)}
        disabled={readOnly}
        fullWidth
        margin="normal"
        error={Boolean(errors.reportFrequency)}
        helperText={
          errors.reportFrequency ?? (frequency ? `Sent ${frequency.schedule}` : undefined)
        }
      >
        {EMAIL_FREQUENCY_KEYS.map((key) => (
          <MenuItem key={key} value={key}>
            {EMAIL_FREQUENCIES[key].label} ({EMAIL_FREQUENCIES[key].schedule})
          </MenuItem>
        ))}
      </TextField>
      <IsoDateInput
        label="Allowed Access Until"
        name="allowedUntil"
        value={values.allowedUntil}
        onChange={(value) => set('allowedUntil', value)}
        error={errors.allowedUntil}
        disabled={readOnly || ownSettingsOnly}
        textField={{ required: true, fullWidth: true, margin: 'normal' }}
      />
      {wholeNumber('requiredCertifications', 'Required Certifications', { min: minCertifications })}
      <FormControl
        component="fieldset"
        margin="normal"
        error={Boolean(errors.agencyIds)}
        disabled={readOnly}
      >
        <FormLabel component="legend">Enabled Certification Agencies</FormLabel>
        <FormGroup row>
          {Object.entries(agencies).map(([id, entry]) => (
            <FormControlLabel
              key={id}
              label={entry.agency}
              control={
                <Checkbox
                  checked={values.agencyIds.includes(id)}
                  onChange={(event) => toggleAgency(id, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        {errors.agencyIds ? <FormHelperText>{errors.agencyIds}</FormHelperText> : null}
      </FormControl>
      {textArea(
        'homeBanner',
        'Home Banner Message',
        guidance(
          'Shown in the Registration Info box of the organization home page. Text between -b markers is bold.',
        ),
      )}
      {textArea('formBanner', 'Form Banner Message')}
      {ownSettingsOnly ? null : textArea('internalNotes', 'Internal Notes')}
      {textArea(
        'embedOrigins',
        'Allowed Embedding Sites',
        guidance(
          'Sites whose pages may show the form, one per line, such as https://www.example.gov. Empty: any https site.',
        ),
      )}
      {wholeNumber(
        'calibrationIntervalMonths',
        'Calibration Interval (months)',
        { min: 1, max: MAX_CALIBRATION_INTERVAL_MONTHS },
        guidance("A test kit's calibration is due this many months after its calibration date."),
      )}
      {checkbox(
        'acceptExpiredCertifications',
        'Accept expired certifications at registration',
        'Off: a certification that expired before today is refused on the form. On: it is accepted and flagged for review.',
      )}
      {showTwoFactor
        ? checkbox(
            'requireTwoFactor',
            'Require two-step sign-in of its people',
            "On: the organization's own people set up two-step sign-in with an authenticator app before they can work in it.",
          )
        : null}
      <RequirementsSection
        values={values}
        onChange={(changes) => onChange({ ...values, ...changes })}
        errors={errors}
        credentialTypes={credentialTypes}
        readOnly={readOnly}
        guidance={guidance}
      />
      <DirectorySection
        values={values}
        onChange={(changes) => onChange({ ...values, ...changes })}
        errors={errors}
        publicUrl={publicUrl}
        readOnly={readOnly}
        guidance={guidance}
      />
    </Box>
  );
}
