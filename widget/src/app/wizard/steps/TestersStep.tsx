import { Suspense } from 'react';
import { useI18n } from '../../i18n/use-i18n.js';
import { agencyOptions, typeOptions } from '../certification-options.js';
import { askedCredentials } from '../credentials/asked.js';
import { fieldId } from '../errors.js';
import { DocumentUpload } from '../fields/DocumentUpload.js';
import { SelectField, TextField } from '../fields/Field.js';
import { CERTIFICATION_LABELS } from '../labels.js';
import { testerCredentialsPart } from '../load.js';
import { MAX_CERTIFICATIONS, type TCertificationField, type TCertificationForm } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { AddBlockButton, RemoveBlockButton } from './ListButtons.js';
import { OnFileCertifications, OnFileNote, OnFilePerson } from './OnFile.js';
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
  const { t } = useI18n();
  const path = `testers.${tester}.certs.${index}`;
  const agencies = agencyOptions(org);
  const types = typeOptions(org, cert.certAgency);
  const set = (field: TCertificationField, value: string) =>
    dispatch({ type: 'setCertification', tester, cert: index, field, value });
  return (
    <fieldset className="block nested">
      <legend>{t('labels.certificationBlock', { number: index + 1 })}</legend>
      <div className="field-grid">
        <TextField
          path={`${path}.certNum`}
          label={t(CERTIFICATION_LABELS.certNum)}
          required
          value={cert.certNum}
          onChange={(value) => set('certNum', value)}
        />
        <TextField
          path={`${path}.certExp`}
          label={t(CERTIFICATION_LABELS.certExp)}
          required
          type="date"
          value={cert.certExp}
          onChange={(value) => set('certExp', value)}
        />
        <SelectField
          path={`${path}.certAgency`}
          label={t(CERTIFICATION_LABELS.certAgency)}
          required
          placeholder={t('wizard.pleaseSelect')}
          options={agencies}
          value={cert.certAgency}
          onChange={(value) => set('certAgency', value)}
        />
        <SelectField
          path={`${path}.certType`}
          label={t(CERTIFICATION_LABELS.certType)}
          required
          hint={cert.certAgency ? undefined : t('people.chooseAgencyFirst')}
          placeholder={t('wizard.pleaseSelect')}
          options={types}
          disabled={!cert.certAgency}
          value={cert.certType}
          onChange={(value) => set('certType', value)}
        />
      </div>
      <DocumentUpload
        target={{ kind: 'cert', tester, cert: index }}
        path={`${path}.certDocLink`}
        label={t(CERTIFICATION_LABELS.certDocLink)}
      />
      {index >= state.requiredCerts ? (
        <button
          type="button"
          className="button secondary"
          onClick={() => dispatch({ type: 'removeCertification', tester, cert: index })}
        >
          {t('people.removeCertification', { number: index + 1 })}
        </button>
      ) : null}
    </fieldset>
  );
}

const TesterCredentials = testerCredentialsPart.Screen;

/**
 * Page 4: testers, their certifications and the credentials the organization asks of each
 * (optional for admins: Skip).
 */
export function TestersStep() {
  const { state } = useWizard();
  return state.account ? <AccountTesterStep /> : <TestersBlocks />;
}

/**
 * The tester's certifications, the button adding one, and the credentials asked of them;
 * Remove This Tester after both.
 */
function TesterItems({ index, removable }: { index: number; removable: boolean }) {
  const { state, dispatch, org } = useWizard();
  const { t, localize } = useI18n();
  const tester = state.testers[index];
  if (!tester) return null;
  const asksCredentials = askedCredentials(org, 'tester').length > 0;
  const remove = removable ? (
    <RemoveBlockButton list="testers" index={index} label={t('people.removeTester')} />
  ) : null;
  const countError = state.errors.fields[`testers.${index}.userCerts`];
  return (
    <>
      {countError ? (
        <p id={fieldId(`testers.${index}.userCerts`)} className="error-message" tabIndex={-1}>
          {localize(countError)}
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
          {t('people.addCertification')}
        </button>
        {asksCredentials ? null : remove}
      </div>
      {asksCredentials ? (
        <>
          <Suspense fallback={null}>
            <TesterCredentials tester={index} />
          </Suspense>
          {remove ? <div className="actions-inline">{remove}</div> : null}
        </>
      ) : null}
    </>
  );
}

/**
 * The testers page of a run from My registrations: the person and their certifications as on
 * file, then only what the organization needs beyond them.
 */
function AccountTesterStep() {
  const { state, org } = useWizard();
  const { t } = useI18n();
  const [tester] = state.testers;
  if (!state.account || !tester) return null;
  const needs = { organization: org.org_name, count: state.requiredCerts };
  return (
    <>
      <OnFileNote />
      <OnFilePerson person={tester} id="on-file-person" />
      <OnFileCertifications
        certifications={state.account.onFile.certifications}
        id="on-file-certifications"
      />
      <p>
        {state.requiredCerts > 0
          ? t('account.wizardCertsNeeded', needs)
          : t('account.wizardNeedsIntro', needs)}
      </p>
      <TesterItems index={0} removable={false} />
    </>
  );
}

/** The testers page of a registration typed from the start. */
function TestersBlocks() {
  const { state } = useWizard();
  const { t } = useI18n();
  return (
    <>
      {state.userType === 'admin' ? <p>{t('people.testersForAdmins')}</p> : null}
      <p>{t('people.testersIntro', { count: state.requiredCerts })}</p>
      {state.testers.map((tester, index) => (
        <fieldset className="block" key={tester.key}>
          <legend>{t('labels.testerBlock', { number: index + 1 })}</legend>
          <PersonFields list="testers" index={index} person={tester} />
          <TesterItems index={index} removable />
        </fieldset>
      ))}
      <AddBlockButton list="testers" label={t('people.addTester')} />
    </>
  );
}
