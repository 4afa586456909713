import { useState } from 'react';
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

/** A renewed certificate: its expiration date and document. */
export function RenewForm({ itemKey, props }: { itemKey: string; props: TChangeFormProps }) {
  const { t } = useI18n();
  const [certExp, setCertExp] = useState('');
  const [document, setDocument] = useState<TDocument>(NO_DOCUMENT);
  return (
    <ChangeFrame
      level="h4"
      title={t('account.renewTitle')}
      intro={t('account.renewIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() =>
          sendItem('/certifications/renewal', {
            key: itemKey,
            certExp,
            certDocLink: document.link,
          }),
        )
      }
    >
      <TextField
        path="certExp"
        label={t(CERTIFICATION_LABELS.certExp)}
        required
        type="date"
        value={certExp}
        onChange={setCertExp}
        error={props.errors.certExp}
      />
      <DocumentField
        path="certDocLink"
        label={t(CERTIFICATION_LABELS.certDocLink)}
        document={document}
        onChange={setDocument}
        props={props}
      />
    </ChangeFrame>
  );
}

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

/** A test kit calibrated again: the date and its document. */
export function CalibrationForm({ itemKey, props }: { itemKey: string; props: TChangeFormProps }) {
  const { t } = useI18n();
  const [kitCalibDate, setKitCalibDate] = useState('');
  const [document, setDocument] = useState<TDocument>(NO_DOCUMENT);
  return (
    <ChangeFrame
      level="h4"
      title={t('account.calibrationTitle')}
      intro={t('account.calibrationIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() =>
          sendItem('/test-kits/calibration', {
            key: itemKey,
            kitCalibDate,
            kitCalibDocLink: document.link,
          }),
        )
      }
    >
      <TextField
        path="kitCalibDate"
        label={t(TEST_KIT_LABELS.kitCalibDate)}
        required
        type="date"
        value={kitCalibDate}
        onChange={setKitCalibDate}
        error={props.errors.kitCalibDate}
      />
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
