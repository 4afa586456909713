import { useI18n } from '../../i18n/use-i18n.js';
import { DocumentUpload } from '../fields/DocumentUpload.js';
import { TextField } from '../fields/Field.js';
import { TEST_KIT_LABELS } from '../labels.js';
import type { TTestKitField } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';

/** Page 5: test kits (optional: Skip). */
export function TestKitsStep() {
  const { state, dispatch } = useWizard();
  const { t } = useI18n();
  return (
    <>
      <p>{t('testKits.intro')}</p>
      {state.testKits.map((kit, index) => {
        const field = (name: TTestKitField) => (
          <TextField
            path={`testKits.${index}.${name}`}
            label={t(TEST_KIT_LABELS[name])}
            required
            type={name === 'kitCalibDate' ? 'date' : 'text'}
            value={kit[name]}
            onChange={(value) => dispatch({ type: 'setTestKit', index, field: name, value })}
          />
        );
        return (
          <fieldset className="block" key={kit.key}>
            <legend>{t('labels.testKitBlock', { number: index + 1 })}</legend>
            <div className="field-grid">
              {field('kitSerial')}
              {field('kitMfr')}
              {field('kitModel')}
              {field('kitCalibDate')}
            </div>
            <DocumentUpload
              target={{ kind: 'kit', kit: index }}
              path={`testKits.${index}.kitCalibDocLink`}
              label={t(TEST_KIT_LABELS.kitCalibDocLink)}
            />
            <RemoveBlockButton list="testKits" index={index} label={t('testKits.remove')} />
          </fieldset>
        );
      })}
      <AddBlockButton list="testKits" label={t('testKits.add')} />
    </>
  );
}
