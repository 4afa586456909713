import { accountHref } from '../../AccountLink.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { WithLink } from '../../i18n/WithLink.js';
import {
  CERTIFICATION_LABELS,
  CREDENTIAL_LABELS,
  PERSON_LABELS,
  TEST_KIT_LABELS,
} from '../labels.js';
import type { TAccountRun, TPersonForm } from '../state.js';
import { Row } from './Row.js';

// What a run from My registrations sends as it is on file (from-account.ts): shown, not typed,
// on the pages that ask for more and on the review. Changing it is My registrations' work.

type TOnFile = TAccountRun['onFile'];

/** The run's note: filled in from the record, which is where it changes. */
export function OnFileNote() {
  const { language, t } = useI18n();
  return (
    <p>
      <WithLink
        text={t('account.wizardIntro')}
        link={<a href={accountHref(language)}>{t('account.link')}</a>}
      />
    </p>
  );
}

/** The signed-in person, as on file. */
export function OnFilePerson({ person, id }: { person: TPersonForm; id: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('account.yourDetails')}</h2>
      <dl className="summary">
        <Row label={t(PERSON_LABELS.userFirstName)} value={person.userFirstName} />
        <Row label={t(PERSON_LABELS.userLastName)} value={person.userLastName} />
        <Row label={t(PERSON_LABELS.userEmail)} value={person.userEmail} />
        <Row label={t(PERSON_LABELS.userPhone)} value={person.userPhone} />
      </dl>
    </section>
  );
}

/** The certifications on file that the organization takes. */
export function OnFileCertifications({
  certifications,
  id,
}: {
  certifications: TOnFile['certifications'];
  id: string;
}) {
  const { t, formatDate } = useI18n();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('account.onFileCertifications')}</h2>
      {certifications.length === 0 ? <p>{t('account.noneOnFile')}</p> : null}
      {certifications.map((certification) => (
        <dl
          className="summary nested"
          key={`${certification.agencyId}.${certification.typeId}.${certification.number}`}
        >
          <Row label={t(CERTIFICATION_LABELS.certNum)} value={certification.number} />
          <Row
            label={t(CERTIFICATION_LABELS.certExp)}
            value={formatDate(certification.expiresOn)}
          />
          <Row label={t(CERTIFICATION_LABELS.certAgency)} value={certification.agencyName} />
          <Row label={t(CERTIFICATION_LABELS.certType)} value={certification.typeName} />
          <Row label={t(CERTIFICATION_LABELS.certDocLink)} value={t('account.onFileDocument')} />
        </dl>
      ))}
    </section>
  );
}

/** The credentials on file that the organization's requirements take. */
export function OnFileCredentials({
  credentials,
  id,
}: {
  credentials: TOnFile['credentials'];
  id: string;
}) {
  const { t, formatDate } = useI18n();
  if (credentials.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('account.onFileCredentials')}</h2>
      {credentials.map((credential) => (
        <dl className="summary nested" key={`${credential.holder}.${credential.credentialTypeId}`}>
          <Row label={credential.typeName} value={t('account.onFileDocument')} />
          {credential.issuer !== null ? (
            <Row label={t(CREDENTIAL_LABELS.issuer)} value={credential.issuer} />
          ) : null}
          {credential.number !== null ? (
            <Row label={t(CREDENTIAL_LABELS.number)} value={credential.number} />
          ) : null}
          {credential.coverage !== null ? (
            <Row label={t(CREDENTIAL_LABELS.coverage)} value={String(credential.coverage)} />
          ) : null}
          {credential.additionalInsured !== null ? (
            <Row
              label={t(CREDENTIAL_LABELS.additionalInsured)}
              value={credential.additionalInsured ? t('review.yes') : ''}
            />
          ) : null}
          {credential.expiresOn !== null ? (
            <Row
              label={t(CREDENTIAL_LABELS.expirationDate)}
              value={formatDate(credential.expiresOn)}
            />
          ) : null}
        </dl>
      ))}
    </section>
  );
}

/** The test kits in use on file. */
export function OnFileTestKits({ testKits, id }: { testKits: TOnFile['testKits']; id: string }) {
  const { t, formatDate } = useI18n();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('account.onFileTestKits')}</h2>
      {testKits.length === 0 ? <p>{t('account.noneOnFile')}</p> : null}
      {testKits.map((kit) => (
        <dl className="summary nested" key={`${kit.serial}.${kit.manufacturer}.${kit.model}`}>
          <Row label={t(TEST_KIT_LABELS.kitSerial)} value={kit.serial} />
          <Row label={t(TEST_KIT_LABELS.kitMfr)} value={kit.manufacturer} />
          <Row label={t(TEST_KIT_LABELS.kitModel)} value={kit.model} />
          <Row label={t(TEST_KIT_LABELS.kitCalibDate)} value={formatDate(kit.calibratedOn)} />
          <Row label={t(TEST_KIT_LABELS.kitCalibDocLink)} value={t('account.onFileDocument')} />
        </dl>
      ))}
    </section>
  );
}
