import { DocumentUpload } from '../fields/DocumentUpload.js';
import { TextField } from '../fields/Field.js';
import { TEST_KIT_LABELS } from '../labels.js';
import type { TTestKitField } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';

/** Page 5: test kits (optional: Skip). */
export function TestKitsStep() {
  const { state, dispatch } = useWizard();
  return (
    <>
      <p>
        Test kit information is optional. Choose Skip to continue without a test kit. For each kit
        you enter, every field and the calibration document are required.
      </p>
      {state.testKits.map((kit, index) => {
        const field = (name: TTestKitField) => (
          <TextField
            path={`testKits.${index}.${name}`}
            label={TEST_KIT_LABELS[name]}
            required
            type={name === 'kitCalibDate' ? 'date' : 'text'}
            value={kit[name]}
            onChange={(value) => dispatch({ type: 'setTestKit', index, field: name, value })}
          />
        );
        return (
          <fieldset className="block" key={kit.key}>
            <legend>Test Kit #{index + 1}</legend>
            <div className="field-grid">
              {field('kitSerial')}
              {field('kitMfr')}
              {field('kitModel')}
              {field('kitCalibDate')}
            </div>
            <DocumentUpload
              target={{ kind: 'kit', kit: index }}
              path={`testKits.${index}.kitCalibDocLink`}
              label={TEST_KIT_LABELS.kitCalibDocLink}
            />
            <RemoveBlockButton list="testKits" index={index} label="Remove Test Kit" />
          </fieldset>
        );
      })}
      <AddBlockButton list="testKits" label="Add Another Test Kit" />
    </>
  );
}
