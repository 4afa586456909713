import { formatDollars } from '../../../../shared/requirements.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { agencyOptions, typeOptions } from '../wizard/certification-options.js';
import { CheckboxField } from '../wizard/credentials/CheckboxField.js';
import { fieldId } from '../wizard/errors.js';
import { SelectField, TextField } from '../wizard/fields/Field.js';
import { UploadControl } from '../wizard/fields/UploadControl.js';
import { CERTIFICATION_LABELS, CREDENTIAL_LABELS, TEST_KIT_LABELS } from '../wizard/labels.js';
import { uploadDocument } from '../wizard/upload.js';
import type { TCorrectionForm, TCredentialView } from './status-forms.js';

interface Props {
  /** The item's path: certifications.{id}, testKits.{id} or credentials.{id}. */
  prefix: string;
  values: TCorrectionForm;
  errors: Record<string, string>;
  file: File | undefined;
  onChange(field: string, value: string): void;
  onChoose(file: File): void;
}

const DOCUMENT_FIELDS: Record<string, string> = {
  certifications: 'certDocLink',
  testKits: 'kitCalibDocLink',
  credentials: 'documentLink',
};

/** The document field's name in the correction. */
export const documentField = (prefix: string) =>
  DOCUMENT_FIELDS[prefix.split('.')[0] ?? ''] ?? 'certDocLink';

/** The replacement document: the wizard's upload control, rules and messages; optional here. */
function Replacement({ prefix, values, errors, file, onChange, onChoose }: Props) {
  const { hash, reportUnreachable } = useForm();
  const { t } = useI18n();
  const field = documentField(prefix);
  const path = `${prefix}.${field}`;
  return (
    <UploadControl
      id={fieldId(path)}
      label={t('status.replacementLabel')}
      required={false}
      file={file}
      fileName={values.docName ?? ''}
      uploaded={Boolean(values[field])}
      error={errors[path]}
      onChoose={onChoose}
      upload={(chosen, onProgress) => uploadDocument(chosen, hash, onProgress)}
      onUploaded={(link) => onChange(field, link)}
      onUnreachable={reportUnreachable}
    />
  );
}

/** A rejected certification's number, expiry, agency and type, and a replacement document. */
export function CertificationCorrection(props: Props) {
  const { org } = useForm();
  const { t } = useI18n();
  const { prefix, values, errors, onChange } = props;
  const agencies = agencyOptions(org);
  const types = typeOptions(org, values.certAgency ?? '');
  const text = (field: 'certNum' | 'certExp', type: 'text' | 'date' = 'text') => (
    <TextField
      path={`${prefix}.${field}`}
      label={t(CERTIFICATION_LABELS[field])}
      required
      type={type}
      value={values[field] ?? ''}
      error={errors[`${prefix}.${field}`]}
      onChange={(value) => onChange(field, value)}
    />
  );
  return (
    <>
      <p>{t('status.correctIntro')}</p>
      <div className="field-grid">
        {text('certNum')}
        {text('certExp', 'date')}
        <SelectField
          path={`${prefix}.certAgency`}
          label={t(CERTIFICATION_LABELS.certAgency)}
          required
          placeholder={t('wizard.pleaseSelect')}
          options={agencies}
          value={values.certAgency ?? ''}
          error={errors[`${prefix}.certAgency`]}
          onChange={(value) => {
            // Changing the agency clears the type, as in the wizard.
            onChange('certAgency', value);
            onChange('certType', '');
          }}
        />
        <SelectField
          path={`${prefix}.certType`}
          label={t(CERTIFICATION_LABELS.certType)}
          required
          placeholder={t('wizard.pleaseSelect')}
          options={types}
          disabled={!values.certAgency}
          value={values.certType ?? ''}
          error={errors[`${prefix}.certType`]}
          onChange={(value) => onChange('certType', value)}
        />
      </div>
      <Replacement {...props} />
    </>
  );
}

/** A rejected test kit's serial, manufacturer, model and calibration date, and a document. */
export function TestKitCorrection(props: Props) {
  const { t } = useI18n();
  const { prefix, values, errors, onChange } = props;
  const fields = [
    ['kitSerial', 'text'],
    ['kitMfr', 'text'],
    ['kitModel', 'text'],
    ['kitCalibDate', 'date'],
  ] as const;
  return (
    <>
      <p>{t('status.correctIntro')}</p>
      <div className="field-grid">
        {fields.map(([field, type]) => (
          <TextField
            key={field}
            path={`${prefix}.${field}`}
            label={t(TEST_KIT_LABELS[field])}
            required
            type={type}
            value={values[field] ?? ''}
            error={errors[`${prefix}.${field}`]}
            onChange={(value) => onChange(field, value)}
          />
        ))}
      </div>
      <Replacement {...props} />
    </>
  );
}

/**
 * A credential's facts as its organization asks them (its type's facts, additional insured where
 * required, the expiry of a type that expires), and a replacement document.
 */
export function CredentialCorrection(props: Props & { credential: TCredentialView }) {
  const { t } = useI18n();
  const { prefix, values, errors, onChange, credential } = props;
  const { rule } = credential;
  if (!rule) return null;
  const text = (
    field: 'issuer' | 'number' | 'coverage' | 'expirationDate',
    options: { type?: 'date'; hint?: string } = {},
  ) => (
    <TextField
      key={field}
      path={`${prefix}.${field}`}
      label={t(CREDENTIAL_LABELS[field])}
      required
      value={values[field] ?? ''}
      error={errors[`${prefix}.${field}`]}
      onChange={(value) => onChange(field, value)}
      {...options}
    />
  );
  return (
    <>
      <p>{t('status.correctIntro')}</p>
      <div className="field-grid">
        {rule.facts.includes('issuer') ? text('issuer') : null}
        {rule.facts.includes('number') ? text('number') : null}
        {rule.facts.includes('coverage')
          ? text(
              'coverage',
              rule.minimumCoverage === null
                ? {}
                : {
                    hint: t('credentials.minimumCoverage', {
                      amount: formatDollars(rule.minimumCoverage),
                    }),
                  },
            )
          : null}
        {rule.expires ? text('expirationDate', { type: 'date' }) : null}
      </div>
      {rule.facts.includes('additionalInsured') && rule.additionalInsured ? (
        <CheckboxField
          path={`${prefix}.additionalInsured`}
          label={t(CREDENTIAL_LABELS.additionalInsured)}
          checked={values.additionalInsured === 'true'}
          error={errors[`${prefix}.additionalInsured`]}
          onChange={(checked) => onChange('additionalInsured', checked ? 'true' : '')}
        />
      ) : null}
      <Replacement {...props} />
    </>
  );
}
