import type { TKey } from '../../../../../shared/i18n/catalogue.js';
import { Banner } from '../../banner/Banner.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { fieldId } from '../errors.js';
import { ErrorMessage } from '../fields/ErrorMessage.js';
import type { TUserTypeChoice } from '../state.js';
import { useWizard } from '../wizard-context.js';

const OPTIONS: { value: TUserTypeChoice; label: TKey }[] = [
  { value: 'tester', label: 'userType.tester' },
  { value: 'admin', label: 'userType.admin' },
];

/** Page 0: tester or admin. */
export function UserTypeStep() {
  const { state, dispatch, org } = useWizard();
  const { t } = useI18n();
  const id = fieldId('userType');
  const error = state.errors.fields.userType;
  return (
    <>
      <p>{t('userType.welcome', { orgName: org.org_name })}</p>
      {org.org_banner?.trim() ? <Banner text={org.org_banner} /> : null}
      <fieldset
        className={error ? 'field field-error' : 'field'}
        aria-describedby={[`${id}-note`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      >
        <legend>{t('userType.question')}</legend>
        <ErrorMessage id={`${id}-error`} message={error} />
        {OPTIONS.map((option, index) => (
          <div className="radio" key={option.value}>
            <input
              type="radio"
              name="userType"
              id={index === 0 ? id : `${id}-${option.value}`}
              value={option.value}
              checked={state.userType === option.value}
              onChange={() => dispatch({ type: 'setUserType', userType: option.value })}
            />
            <label htmlFor={index === 0 ? id : `${id}-${option.value}`}>{t(option.label)}</label>
          </div>
        ))}
        <p id={`${id}-note`} className="hint">
          {t('userType.texasNote')}
        </p>
      </fieldset>
    </>
  );
}
