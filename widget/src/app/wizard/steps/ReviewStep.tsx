import { Suspense } from 'react';
import { kitsToSend } from '../../../../../shared/test-kits.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { askedCredentials, credentialNames } from '../credentials/asked.js';
import { errorsUnder, fieldId } from '../errors.js';
import {
  CERTIFICATION_LABELS,
  COMPANY_LABELS,
  errorLabel,
  PERSON_LABELS,
  TEST_KIT_LABELS,
} from '../labels.js';
import { credentialsReviewPart } from '../load.js';
import type { TPersonForm } from '../state.js';
import { useWizard } from '../wizard-context.js';
import { OnFileCertifications, OnFileCredentials, OnFileNote, OnFileTestKits } from './OnFile.js';
import { Row } from './Row.js';

const CredentialsReview = credentialsReviewPart.Screen;

/** The errors of one reviewed entry (FINAL ERRORS are shown per user). */
function EntryErrors({ prefix }: { prefix: string }) {
  const { state, org } = useWizard();
  const { t, localize } = useI18n();
  const errors = errorsUnder(state.errors, prefix);
  if (!errors.length) return null;
  return (
    <ul className="entry-errors">
      {errors.map(([path, message]) => (
        <li key={path} id={fieldId(path)} tabIndex={-1}>
          {errorLabel(path, t, credentialNames(org))}: {localize(message)}
        </li>
      ))}
    </ul>
  );
}

function Person({ title, person, prefix }: { title: string; person: TPersonForm; prefix: string }) {
  const { t } = useI18n();
  return (
    <>
      <h3>{title}</h3>
      <dl className="summary">
        <Row label={t(PERSON_LABELS.userFirstName)} value={person.userFirstName} />
        <Row label={t(PERSON_LABELS.userLastName)} value={person.userLastName} />
        <Row label={t(PERSON_LABELS.userEmail)} value={person.userEmail} />
        <Row label={t(PERSON_LABELS.userPhone)} value={person.userPhone} />
      </dl>
      <EntryErrors prefix={prefix} />
    </>
  );
}

/** Page 6: everything entered, with Print and Submit. */
export function ReviewStep() {
  const { state, org } = useWizard();
  const { t, formatDate } = useI18n();
  const { company } = state;
  const agencyName = (id: string) => org.org_associated_certs?.[id]?.agency ?? id;
  const typeName = (agency: string, type: string) =>
    org.org_associated_certs?.[agency]?.associatedTypes?.[type] ?? type;
  const { account } = state;
  return (
    <>
      {account ? <OnFileNote /> : null}
      <p>{t('review.intro')}</p>
      <p className="no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          {t('review.print')}
        </button>
      </p>
      <section aria-labelledby="review-company">
        <h2 id="review-company">{t('review.company')}</h2>
        {company.companyID !== null ? <p>{t('review.existingCompany')}</p> : null}
        <dl className="summary">
          <Row label={t(COMPANY_LABELS.companyName)} value={company.companyName} />
          <Row label={t(COMPANY_LABELS.companyPhone)} value={company.companyPhone} />
          <Row
            label={t(COMPANY_LABELS.companyAddress1)}
            value={[company.companyAddress1, company.companyAddress2].filter(Boolean).join(', ')}
          />
          <Row label={t(COMPANY_LABELS.companyCity)} value={company.companyCity} />
          <Row label={t(COMPANY_LABELS.companyState)} value={company.companyState} />
          <Row label={t(COMPANY_LABELS.companyZip)} value={company.companyZip} />
        </dl>
        <EntryErrors prefix="company" />
      </section>
      {account ? (
        <OnFileCredentials
          credentials={account.onFile.credentials}
          id="review-on-file-credentials"
        />
      ) : null}
      {askedCredentials(org, 'company').length ? (
        <section aria-labelledby="review-company-credentials">
          <h2 id="review-company-credentials">{t('review.companyCredentials')}</h2>
          <Suspense fallback={null}>
            <CredentialsReview owner="company" />
          </Suspense>
          <EntryErrors prefix="companyCredentials" />
        </section>
      ) : null}
      {account && state.userType === 'tester' ? (
        <OnFileCertifications
          certifications={account.onFile.certifications}
          id="review-on-file-certifications"
        />
      ) : null}
      {state.userType === 'admin' ? (
        <section aria-labelledby="review-admins">
          <h2 id="review-admins">{t('review.admins')}</h2>
          {state.admins.map((admin, index) => (
            <Person
              key={admin.key}
              title={t('labels.adminBlock', { number: index + 1 })}
              person={admin}
              prefix={`admins.${index}`}
            />
          ))}
        </section>
      ) : null}
      {state.testers.length ? (
        <section aria-labelledby="review-testers">
          <h2 id="review-testers">{t('review.testers')}</h2>
          {state.testers.map((tester, index) => (
            <div key={tester.key}>
              <Person
                title={t('labels.testerBlock', { number: index + 1 })}
                person={tester}
                prefix={`testers.${index}`}
              />
              {tester.userCerts.map((cert, certIndex) => (
                <dl className="summary nested" key={cert.key}>
                  <Row
                    label={t('labels.certificationBlock', { number: certIndex + 1 })}
                    value={cert.certNum}
                  />
                  <Row label={t(CERTIFICATION_LABELS.certExp)} value={formatDate(cert.certExp)} />
                  <Row
                    label={t(CERTIFICATION_LABELS.certAgency)}
                    value={agencyName(cert.certAgency)}
                  />
                  <Row
                    label={t(CERTIFICATION_LABELS.certType)}
                    value={typeName(cert.certAgency, cert.certType)}
                  />
                  <Row label={t(CERTIFICATION_LABELS.certDocLink)} value={cert.certDocName} />
                </dl>
              ))}
              {askedCredentials(org, 'tester').length ? (
                <Suspense fallback={null}>
                  <CredentialsReview owner={index} />
                </Suspense>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
      {account ? (
        <OnFileTestKits testKits={account.onFile.testKits} id="review-on-file-kits" />
      ) : (
        <TestKitsReview />
      )}
    </>
  );
}

/** The test kits entered. */
function TestKitsReview() {
  const { state } = useWizard();
  const { t, formatDate } = useI18n();
  const kits = kitsToSend(state.testKits);
  return (
    <section aria-labelledby="review-kits">
      <h2 id="review-kits">{t('review.testKits')}</h2>
      {kits.length === 0 ? <p>{t('review.noTestKits')}</p> : null}
      {kits.map((kit, index) => (
        <div key={kit.key}>
          <h3>{t('labels.testKitBlock', { number: index + 1 })}</h3>
          <dl className="summary">
            <Row label={t(TEST_KIT_LABELS.kitSerial)} value={kit.kitSerial} />
            <Row label={t(TEST_KIT_LABELS.kitMfr)} value={kit.kitMfr} />
            <Row label={t(TEST_KIT_LABELS.kitModel)} value={kit.kitModel} />
            <Row label={t(TEST_KIT_LABELS.kitCalibDate)} value={formatDate(kit.kitCalibDate)} />
            <Row label={t(TEST_KIT_LABELS.kitCalibDocLink)} value={kit.kitCalibDocName} />
          </dl>
          <EntryErrors prefix={`testKits.${index}`} />
        </div>
      ))}
    </section>
  );
}
