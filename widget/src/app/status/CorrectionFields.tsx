import { useI18n } from '../i18n/use-i18n.js';
import { useForm } from '../org/form-context.js';
import { agencyOptions, typeOptions } from '../wizard/certification-options.js';
import { fieldId } from '../wizard/errors.js';
import { SelectField, TextField } from '../wizard/fields/Field.js';
import { UploadControl } from '../wizard/fields/UploadControl.js';
import { CERTIFICATION_LABELS, TEST_KIT_LABELS } from '../wizard/labels.js';
import { uploadDocument } from '../wizard/upload.js';

/** One rejected item's corrected values, as typed (the document: its link once uploaded). */
export type TCorrectionForm = Record<string, string>;

interface Props {
  /** The item's path: certifications.{id} or testKits.{id}. */
  prefix: string;
  values: TCorrectionForm;
  errors: Record<string, string>;
  file: File | undefined;
  onChange(field: string, value: string): void;
  onChoose(file: File): void;
}

/** The document field's name in the correction. */
export const documentField = (prefix: string) =>
  prefix.startsWith('certifications') ? 'certDocLink' : 'kitCalibDocLink';

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
