import { Banner } from '../../banner/Banner.js';
import { fieldId } from '../errors.js';
import type { TUserTypeChoice } from '../state.js';
import { useWizard } from '../wizard-context.js';

const OPTIONS: { value: TUserTypeChoice; label: string }[] = [
  { value: 'tester', label: 'Tester' },
  { value: 'admin', label: 'Admin (I will be submitting tests for others)*' },
];

/** Page 0: tester or admin. */
export function UserTypeStep() {
  const { state, dispatch, org } = useWizard();
  const id = fieldId('userType');
  const error = state.errors.fields.userType;
  return (
    <>
      <p>Welcome to the {org.org_name} tester registration.</p>
      {org.org_banner?.trim() ? <Banner text={org.org_banner} /> : null}
      <fieldset
        className={error ? 'field field-error' : 'field'}
        aria-describedby={[`${id}-note`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      >
        <legend>Are you registering as a tester or an admin?</legend>
        {error ? (
          <p id={`${id}-error`} className="error-message">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        ) : null}
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
            <label htmlFor={index === 0 ? id : `${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
        <p id={`${id}-note`} className="hint">
          Admin accounts are not allowed to submit tests for others in the state of Texas.
        </p>
      </fieldset>
    </>
  );
}
