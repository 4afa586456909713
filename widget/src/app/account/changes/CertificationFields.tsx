import type { ReactNode } from 'react';
import type { TAccountCertificationOptions } from '../../../../../shared/account.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { agencyOptions, typeOptions } from '../../wizard/certification-options.js';
import { SelectField, TextField } from '../../wizard/fields/Field.js';
import { CERTIFICATION_LABELS } from '../../wizard/labels.js';
import { DocumentField, NO_DOCUMENT, type TDocument } from './ChangeFrame.js';
import type { TChangeFormProps } from './change.js';
import { lookUpCertificationOptions } from './changes-api.js';
import { useChoices } from './use-choices.js';

// A certification's fields as the wizard asks them (number, expiry, agency, then one of its
// types, and the document), for a certification of one's own or a new tester's.

export interface TCertificationValues {
  certNum: string;
  certExp: string;
  certAgency: string;
  certType: string;
  document: TDocument;
}

export const NO_CERTIFICATION: TCertificationValues = {
  certNum: '',
  certExp: '',
  certAgency: '',
  certType: '',
  document: NO_DOCUMENT,
};

/** What the call sends for a certification. */
export const certificationBody = ({ document, ...fields }: TCertificationValues) => ({
  ...fields,
  certDocLink: document.link,
});

type TAgencies = TAccountCertificationOptions['agencies'];

/** The agencies the person's organizations accept, once loaded (null until then). */
export const useCertificationOptions = (props: TChangeFormProps): TAgencies | null =>
  useChoices(props, lookUpCertificationOptions)?.agencies ?? null;

export function CertificationFields({
  prefix,
  values,
  agencies,
  onChange,
  props,
}: {
  /** Before each field's path: '' or 'certs.0.' (errors and ids follow it). */
  prefix: string;
  values: TCertificationValues;
  agencies: TAgencies;
  onChange(update: (current: TCertificationValues) => TCertificationValues): void;
  props: TChangeFormProps;
}) {
  const { t } = useI18n();
  const options = { org_associated_certs: agencies };
  const set = (field: Exclude<keyof TCertificationValues, 'document'>) => (value: string) =>
    onChange((current) =>
      // Changing the agency clears the type, as in the wizard.
      field === 'certAgency'
        ? { ...current, certAgency: value, certType: '' }
        : { ...current, [field]: value },
    );
  return (
    <>
      <div className="field-grid">
        <TextField
          path={`${prefix}certNum`}
          label={t(CERTIFICATION_LABELS.certNum)}
          required
          value={values.certNum}
          onChange={set('certNum')}
          error={props.errors[`${prefix}certNum`]}
        />
        <TextField
          path={`${prefix}certExp`}
          label={t(CERTIFICATION_LABELS.certExp)}
          required
          type="date"
          value={values.certExp}
          onChange={set('certExp')}
          error={props.errors[`${prefix}certExp`]}
        />
        <SelectField
          path={`${prefix}certAgency`}
          label={t(CERTIFICATION_LABELS.certAgency)}
          required
          placeholder={t('wizard.pleaseSelect')}
          options={agencyOptions(options)}
          value={values.certAgency}
          onChange={set('certAgency')}
          error={props.errors[`${prefix}certAgency`]}
        />
        <SelectField
          path={`${prefix}certType`}
          label={t(CERTIFICATION_LABELS.certType)}
          required
          hint={values.certAgency ? undefined : t('people.chooseAgencyFirst')}
          placeholder={t('wizard.pleaseSelect')}
          options={typeOptions(options, values.certAgency)}
          disabled={!values.certAgency}
          value={values.certType}
          onChange={set('certType')}
          error={props.errors[`${prefix}certType`]}
        />
      </div>
      <DocumentField
        path={`${prefix}certDocLink`}
        label={t(CERTIFICATION_LABELS.certDocLink)}
        document={values.document}
        onChange={(update) =>
          onChange((current) => ({ ...current, document: update(current.document) }))
        }
        props={props}
      />
    </>
  );
}

/** The certification fields once their choices are here: loading, none, or the fields. */
export function WithChoices({
  agencies,
  children,
}: {
  agencies: TAgencies | null;
  children(agencies: TAgencies): ReactNode;
}) {
  const { t } = useI18n();
  if (!agencies) {
    return (
      <p role="status" className="loading">
        {t('wizard.loading')}
      </p>
    );
  }
  if (Object.keys(agencies).length === 0) return <p>{t('account.noAgencies')}</p>;
  return children(agencies);
}
