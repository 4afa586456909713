import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  TextField,
  Typography,
} from '@mui/material';
import { DIRECTORY_SLUG_MAX, DIRECTORY_SLUG_PATTERN } from '../../../shared/directory';
import {
  directoryUrl,
  ORGANIZATION_DIRECTORY_LABELS as LABELS,
} from '../../../shared/organization-directory';
import { CopyButton } from '../components/CopyButton';
import type { OrganizationErrors, OrganizationValues } from './organizationForm';

type DirectorySettings = Pick<
  OrganizationValues,
  | 'directoryEnabled'
  | 'directorySlug'
  | 'directoryIntro'
  | 'directoryDisclaimer'
  | 'directoryNoindex'
>;

interface Props {
  values: DirectorySettings;
  onChange(changes: Partial<DirectorySettings>): void;
  errors: OrganizationErrors;
  /** The public site's address (PUBLIC_URL); unknown until the organization is saved. */
  publicUrl: string | undefined;
  readOnly: boolean;
  /** Guidance while editing (none in the read-only view). */
  guidance(text: string): string | undefined;
}

/**
 * The organization's public directory of approved testers (issue 28): published or not, its
 * address with the full link and Copy (as the form link), the introduction, the disclaimer and
 * whether search engines are asked not to index it.
 */
export function DirectorySection({
  values,
  onChange,
  errors,
  publicUrl,
  readOnly,
  guidance,
}: Props) {
  const slug = values.directorySlug.trim().toLowerCase();
  const url =
    publicUrl && slug.length <= DIRECTORY_SLUG_MAX && DIRECTORY_SLUG_PATTERN.test(slug)
      ? directoryUrl(publicUrl, slug)
      : undefined;
  const checkbox = (key: 'directoryEnabled' | 'directoryNoindex', hint: string) => (
    <FormControl margin="normal" error={Boolean(errors[key])}>
      <FormControlLabel
        label={LABELS[key === 'directoryEnabled' ? 'enabled' : 'noindex']}
        control={
          <Checkbox
            name={key}
            checked={values[key]}
            onChange={(event) => onChange({ [key]: event.target.checked })}
            disabled={readOnly}
          />
        }
      />
      <FormHelperText>{errors[key] ?? guidance(hint)}</FormHelperText>
    </FormControl>
  );
  const text = (key: 'directoryIntro' | 'directoryDisclaimer', label: string, hint: string) => (
    <TextField
      label={label}
      name={key}
      value={values[key]}
      onChange={(event) => onChange({ [key]: event.target.value })}
      disabled={readOnly}
      fullWidth
      multiline
      minRows={2}
      margin="normal"
      error={Boolean(errors[key])}
      helperText={errors[key] ?? guidance(hint)}
    />
  );
  return (
    <Box component="section" aria-labelledby="directory-heading" sx={{ mt: 3 }}>
      <Typography id="directory-heading" component="h2" variant="h6">
        {LABELS.heading}
      </Typography>
      {checkbox(
        'directoryEnabled',
        'Residents find the testers approved for this organization, with current certifications, at an address of its own. It never shows the registration link.',
      )}
      {values.directoryEnabled ? (
        <>
          <TextField
            label={LABELS.slug}
            name="directorySlug"
            value={values.directorySlug}
            onChange={(event) => onChange({ directorySlug: event.target.value })}
            disabled={readOnly}
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: DIRECTORY_SLUG_MAX, spellCheck: false } }}
            error={Boolean(errors.directorySlug)}
            helperText={
              errors.directorySlug ??
              guidance(
                "Lower-case words joined by hyphens, such as springfield-water. Empty: one is given from the organization's name when you save.",
              )
            }
          />
          {url ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <TextField
                label={LABELS.url}
                value={url}
                fullWidth
                margin="normal"
                slotProps={{ htmlInput: { readOnly: true } }}
              />
              <CopyButton text={url} />
            </Box>
          ) : null}
          {text(
            'directoryIntro',
            LABELS.intro,
            'Shown above the list, such as how to hire a tester or whom to call with questions.',
          )}
          {text(
            'directoryDisclaimer',
            LABELS.disclaimer,
            "Empty: the product's own words, saying the organization does not endorse, recommend or guarantee any tester on the list.",
          )}
          {checkbox(
            'directoryNoindex',
            'On: the directory asks search engines such as Google not to list its pages. Off: anyone can find it by searching.',
          )}
        </>
      ) : null}
    </Box>
  );
}
