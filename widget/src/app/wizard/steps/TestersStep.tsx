import { agencyOptions, typeOptions } from '../certification-options.js';
import { fieldId } from '../errors.js';
import { DocumentUpload } from '../fields/DocumentUpload.js';
import { SelectField, TextField } from '../fields/Field.js';
import { CERTIFICATION_LABELS } from '../labels.js';
import { MAX_CERTIFICATIONS, type TCertificationField, type TCertificationForm } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';
import { PersonFields } from './PersonFields.js';

function CertificationBlock({
  tester,
  index,
  cert,
}: {
  tester: number;
  index: number;
  cert: TCertificationForm;
}) {
  const { state, dispatch, org } = useWizard();
  const path = `testers.${tester}.certs.${index}`;
  const agencies = agencyOptions(org);
  const types = typeOptions(org, cert.certAgency);
  const set = (field: TCertificationField, value: string) =>
    dispatch({ type: 'setCertification', tester, cert: index, field, value });
  return (
    <fieldset className="block nested">
      <legend>Certification #{index + 1}</legend>
      <div className="field-grid">
        <TextField
          path={`${path}.certNum`}
          label={CERTIFICATION_LABELS.certNum}
          required
          value={cert.certNum}
          onChange={(value) => set('certNum', value)}
        />
        <TextField
          path={`${path}.certExp`}
          label={CERTIFICATION_LABELS.certExp}
          required
          type="date"
          value={cert.certExp}
          onChange={(value) => set('certExp', value)}
        />
        <SelectField
          path={`${path}.certAgency`}
          label={CERTIFICATION_LABELS.certAgency}
          required
          placeholder="Please select"
          options={agencies}
          value={cert.certAgency}
          onChange={(value) => set('certAgency', value)}
        />
        <SelectField
          path={`${path}.certType`}
          label={CERTIFICATION_LABELS.certType}
          required
          hint={cert.certAgency ? undefined : 'Choose an agency first.'}
          placeholder="Please select"
          options={types}
          disabled={!cert.certAgency}
          value={cert.certType}
          onChange={(value) => set('certType', value)}
        />
      </div>
      <DocumentUpload
        target={{ kind: 'cert', tester, cert: index }}
        path={`${path}.certDocLink`}
        label={CERTIFICATION_LABELS.certDocLink}
      />
      {index >= state.requiredCerts ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => dispatch({ type: 'removeCertification', tester, cert: index })}
        >
          Remove Cert #{index + 1}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Page 4: testers and their certifications (optional for admins: Skip). */
export function TestersStep() {
  const { state, dispatch } = useWizard();
  return (
    <>
      {state.userType === 'admin' ? (
        <p>
          You may also register the testers of your company here. Choose Skip to continue without
          registering testers.
        </p>
      ) : null}
      <p>
        Fields marked * are required. Each tester needs a unique email address
        {state.requiredCerts > 0
          ? ` and at least ${state.requiredCerts} certification${state.requiredCerts > 1 ? 's' : ''}, each with its document uploaded`
          : ''}
        .
      </p>
      {state.testers.map((tester, index) => {
        const countError = state.errors.fields[`testers.${index}.userCerts`];
        return (
          <fieldset className="block" key={tester.key}>
            <legend>Tester #{index + 1}</legend>
            <PersonFields list="testers" index={index} person={tester} />
            {countError ? (
              <p id={fieldId(`testers.${index}.userCerts`)} className="error-message" tabIndex={-1}>
                {countError}
              </p>
            ) : null}
            {tester.userCerts.map((cert, certIndex) => (
              <CertificationBlock key={cert.key} tester={index} index={certIndex} cert={cert} />
            ))}
            <div className="actions-inline">
              <button
                type="button"
                className="button"
                disabled={tester.userCerts.length >= MAX_CERTIFICATIONS}
                onClick={() => dispatch({ type: 'addCertification', tester: index })}
              >
                Add Another Cert
              </button>
              <RemoveBlockButton list="testers" index={index} label="Remove This Tester" />
            </div>
          </fieldset>
        );
      })}
      <AddBlockButton list="testers" label="Add Another Tester" />
    </>
  );
}
