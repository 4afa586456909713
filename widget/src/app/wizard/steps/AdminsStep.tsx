import { useI18n } from '../../i18n/use-i18n.js';
import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';
import { PersonFields } from './PersonFields.js';

/** Page 3: the admins (at least one, at most 10). */
export function AdminsStep() {
  const { state } = useWizard();
  const { t } = useI18n();
  return (
    <>
      <p>{t('people.adminsIntro')}</p>
      {state.admins.map((admin, index) => (
        <fieldset className="block" key={admin.key}>
          <legend>{t('labels.adminBlock', { number: index + 1 })}</legend>
          <PersonFields list="admins" index={index} person={admin} />
          <RemoveBlockButton list="admins" index={index} label={t('people.removeAdmin')} />
        </fieldset>
      ))}
      <AddBlockButton list="admins" label={t('people.addAdmin')} />
    </>
  );
}
