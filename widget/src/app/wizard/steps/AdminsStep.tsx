import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';
import { PersonFields } from './PersonFields.js';

/** Page 3: the admins (at least one, at most 10). */
export function AdminsStep() {
  const { state } = useWizard();
  return (
    <>
      <p>Fields marked * are required. Each admin needs a unique email address.</p>
      {state.admins.map((admin, index) => (
        <fieldset className="block" key={admin.key}>
          <legend>Admin #{index + 1}</legend>
          <PersonFields list="admins" index={index} person={admin} />
          <RemoveBlockButton list="admins" index={index} label="Remove This Admin" />
        </fieldset>
      ))}
      <AddBlockButton list="admins" label="Add Another Admin" />
    </>
  );
}
