import { LIST_LIMITS } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { PersonFields } from './PersonFields.js';

/** Page 3: the admins (at least one, at most 10). */
export function AdminsStep() {
  const { state, dispatch } = useWizard();
  return (
    <>
      <p>Fields marked * are required. Each admin needs a unique email address.</p>
      {state.admins.map((admin, index) => (
        <fieldset className="block" key={admin.key}>
          <legend>Admin #{index + 1}</legend>
          <PersonFields list="admins" index={index} person={admin} />
          {index > 0 ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => dispatch({ type: 'remove', list: 'admins', index })}
            >
              Remove This Admin
            </button>
          ) : null}
        </fieldset>
      ))}
      <button
        type="button"
        className="button"
        disabled={state.admins.length >= LIST_LIMITS.admins}
        onClick={() => dispatch({ type: 'add', list: 'admins' })}
      >
        Add Another Admin
      </button>
    </>
  );
}
