import { STATE_CODES } from '../../../../../shared/constants.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { SelectField, TextField } from '../fields/Field.js';
import { COMPANY_LABELS } from '../labels.js';
import type { TCompanyField } from '../state.js';
import { useWizard } from '../wizard-context.js';

const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: code }));

/** Page 1: the testing company. */
export function CompanyStep() {
  const { state, dispatch } = useWizard();
  const { t } = useI18n();
  const text = (
    field: TCompanyField,
    options: { required?: boolean; autoComplete: string; type?: 'text' | 'tel'; tooltip?: string },
  ) => (
    <TextField
      path={`company.${field}`}
      label={t(COMPANY_LABELS[field])}
      value={state.company[field]}
      onChange={(value) => dispatch({ type: 'setCompany', field, value })}
      {...options}
    />
  );
  return (
    <>
      <p>{t('wizard.requiredNote')}</p>
      {text('companyName', {
        required: true,
        autoComplete: 'organization',
        tooltip: t('companyStep.nameTooltip'),
      })}
      {text('companyPhone', { autoComplete: 'tel', type: 'tel' })}
      {text('companyAddress1', { required: true, autoComplete: 'address-line1' })}
      {text('companyAddress2', { autoComplete: 'address-line2' })}
      {text('companyCity', { required: true, autoComplete: 'address-level2' })}
      <SelectField
        path="company.companyState"
        label={t(COMPANY_LABELS.companyState)}
        required
        autoComplete="address-level1"
        placeholder={t('wizard.pleaseSelect')}
        options={STATE_OPTIONS}
        value={state.company.companyState}
        onChange={(value) => dispatch({ type: 'setCompany', field: 'companyState', value })}
      />
      {text('companyZip', { required: true, autoComplete: 'postal-code' })}
    </>
  );
}
