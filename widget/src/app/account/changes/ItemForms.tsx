import { useState } from 'react';
import type { TKey } from '../../../../../shared/i18n/catalogue.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { TextField } from '../../wizard/fields/Field.js';
import { CERTIFICATION_LABELS, TEST_KIT_LABELS } from '../../wizard/labels.js';
import type { TTestKitField } from '../../wizard/state.js';
import {
  CertificationFields,
  certificationBody,
  NO_CERTIFICATION,
  useCertificationOptions,
  WithChoices,
} from './CertificationFields.js';
import { ChangeFrame, DocumentField, NO_DOCUMENT, type TDocument } from './ChangeFrame.js';
import type { TChangeFormProps } from './change.js';
import { sendChange, sendItem } from './changes-api.js';

// A certification's renewal, a test kit's new calibration, a new test kit and a kit retired:
// the wizard's fields, labels and upload control, each sent for review to every organization
// that carries the item (or, for a new one, can take it).

/** What a renewal sends: a new date and its document, for the item its key names. */
interface TRenewal {
  path: string;
  title: TKey;
  intro: TKey;
  dateField: 'certExp' | 'kitCalibDate';
  dateLabel: TKey;
  documentField: 'certDocLink' | 'kitCalibDocLink';
  documentLabel: TKey;
}

const RENEWALS = {
  certification: {
    path: '/certifications/renewal',
    title: 'account.renewTitle',
    intro: 'account.renewIntro',
    dateField: 'certExp',
    dateLabel: CERTIFICATION_LABELS.certExp,
    documentField: 'certDocLink',
    documentLabel: CERTIFICATION_LABELS.certDocLink,
  },
  calibration: {
    path: '/test-kits/calibration',
    title: 'account.calibrationTitle',
    intro: 'account.calibrationIntro',
    dateField: 'kitCalibDate',
    dateLabel: TEST_KIT_LABELS.kitCalibDate,
    documentField: 'kitCalibDocLink',
    documentLabel: TEST_KIT_LABELS.kitCalibDocLink,
  },
} as const satisfies Record<string, TRenewal>;

/** A renewed certificate (its expiration date) or a kit calibrated again: the date and document. */
function RenewalForm({
  renewal,
  itemKey,
  props,
}: {
  renewal: TRenewal;
  itemKey: string;
  props: TChangeFormProps;
}) {
  const { t } = useI18n();
  const [date, setDate] = useState('');
  const [document, setDocument] = useState<TDocument>(NO_DOCUMENT);
  return (
    <ChangeFrame
      level="h4"
      title={t(renewal.title)}
      intro={t(renewal.intro)}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() =>
          sendItem(renewal.path, {
            key: itemKey,
            [renewal.dateField]: date,
            [renewal.documentField]: document.link,
          }),
        )
      }
    >
      <TextField
        path={renewal.dateField}
        label={t(renewal.dateLabel)}
        required
        type="date"
        value={date}
        onChange={setDate}
        error={props.errors[renewal.dateField]}
      />
      <DocumentField
        path={renewal.documentField}
        label={t(renewal.documentLabel)}
        document={document}
        onChange={setDocument}
        props={props}
      />
    </ChangeFrame>
  );
}

export const RenewForm = ({ itemKey, props }: { itemKey: string; props: TChangeFormProps }) => (
  <RenewalForm renewal={RENEWALS.certification} itemKey={itemKey} props={props} />
);

export const CalibrationForm = ({
  itemKey,
  props,
}: {
  itemKey: string;
  props: TChangeFormProps;
}) => <RenewalForm renewal={RENEWALS.calibration} itemKey={itemKey} props={props} />;

/** A certification earned: the wizard's certification fields. */
export function AddCertificationForm({ props }: { props: TChangeFormProps }) {
  const { t } = useI18n();
  const agencies = useCertificationOptions(props);
  const [values, setValues] = useState(NO_CERTIFICATION);
  return (
    <ChangeFrame
      level="h3"
      title={t('account.addCertification')}
      intro={t('account.addCertificationIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() => props.send(() => sendItem('/certifications', certificationBody(values)))}
    >
      <WithChoices agencies={agencies}>
        {(loaded) => (
          <CertificationFields
            prefix=""
            values={values}
            agencies={loaded}
            onChange={setValues}
            props={props}
          />
        )}
      </WithChoices>
    </ChangeFrame>
  );
}

const KIT_FIELDS = ['kitSerial', 'kitMfr', 'kitModel', 'kitCalibDate'] as const;

/** A test kit the person now uses: the wizard's test kit fields. */
export function AddTestKitForm({ props }: { props: TChangeFormProps }) {
  const { t } = useI18n();
  const [kit, setKit] = useState<Record<TTestKitField, string>>({
    kitSerial: '',
    kitMfr: '',
    kitModel: '',
    kitCalibDate: '',
  });
  const [document, setDocument] = useState<TDocument>(NO_DOCUMENT);
  return (
    <ChangeFrame
      level="h3"
      title={t('account.addTestKit')}
      intro={t('account.addTestKitIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() => sendItem('/test-kits', { ...kit, kitCalibDocLink: document.link }))
      }
    >
      <div className="field-grid">
        {KIT_FIELDS.map((field) => (
          <TextField
            key={field}
            path={field}
            label={t(TEST_KIT_LABELS[field])}
            required
            type={field === 'kitCalibDate' ? 'date' : 'text'}
            value={kit[field]}
            onChange={(value) => setKit((current) => ({ ...current, [field]: value }))}
            error={props.errors[field]}
          />
        ))}
      </div>
      <DocumentField
        path="kitCalibDocLink"
        label={t(TEST_KIT_LABELS.kitCalibDocLink)}
        document={document}
        onChange={setDocument}
        props={props}
      />
    </ChangeFrame>
  );
}

/** A kit no longer in use, after the person confirms it. */
export function RetireForm({ itemKey, props }: { itemKey: string; props: TChangeFormProps }) {
  const { t } = useI18n();
  return (
    <ChangeFrame
      level="h4"
      title={t('account.retireTitle')}
      intro={t('account.retireIntro')}
      sendLabel={t('account.retireConfirm')}
      props={props}
      onSend={() => props.send(() => sendChange('/test-kits/retire', { key: itemKey }))}
    />
  );
}

/** Registering again with an organization for its next period, after the person confirms it. */
export function ReregisterForm({
  registrationId,
  props,
}: {
  registrationId: number;
  props: TChangeFormProps;
}) {
  const { t } = useI18n();
  const organization =
    props.view.registrations.find((registration) => registration.id === registrationId)
      ?.organizationName ?? '';
  return (
    <ChangeFrame
      level="h3"
      title={t('account.reregisterTitle', { organization })}
      intro={t('account.reregisterIntro', { organization })}
      sendLabel={t('account.reregisterConfirm')}
      props={props}
      onSend={() => props.send(() => sendChange(`/registrations/${registrationId}/reregister`, {}))}
    />
  );
}
