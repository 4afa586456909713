import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TStatusView } from '../../../../shared/review.js';
import { REVIEW_STATE_KEYS } from '../../../../shared/review-messages.js';
import { useI18n } from '../i18n/use-i18n.js';
import { loadWithTimeout } from '../lazy.js';
import { useForm } from '../org/form-context.js';
import { ErrorSummary } from '../wizard/ErrorSummary.js';
import { CERTIFICATION_LABELS, CREDENTIAL_LABELS, TEST_KIT_LABELS } from '../wizard/labels.js';
import type { TWizardErrors } from '../wizard/state.js';
import {
  CertificationCorrection,
  CredentialCorrection,
  documentField,
  TestKitCorrection,
} from './CorrectionFields.js';
import { RegisterAgain } from './RegisterAgain.js';
import { Decision, Page } from './StatusParts.js';
import { loadCorrectionChecks, sendCorrections } from './status-api.js';
import {
  correctionBody,
  initialForms,
  isRenewing,
  itemKey,
  shownErrors,
  type TCertificationView,
  type TCredentialView,
  type TTestKitView,
} from './status-forms.js';

const NO_ERRORS: TWizardErrors = { general: [], fields: {} };

/** "General liability insurance", "Business license BL-1". */
const credentialTitle = (item: TCredentialView) =>
  [item.typeName, item.number].filter(Boolean).join(' ');

/**
 * The review of one registration as its registrant's link shows it: each item's decision, and
 * the forms of the items they may change now (corrections, or renewals), sent once.
 */
export function StatusPage({
  hash,
  token,
  status,
  onSent,
  onInvalid,
  onRegisteredAgain,
}: {
  hash: string;
  token: string;
  status: TStatusView;
  onSent(): void;
  onInvalid(): void;
  onRegisteredAgain(message: string): void;
}) {
  const { reportUnreachable } = useForm();
  const { t, formatDate } = useI18n();
  const renewing = isRenewing(status);
  const editable = status.canCorrect || renewing;
  const [forms, setForms] = useState(() => initialForms(status));
  const [errors, setErrors] = useState<TWizardErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);
  const files = useRef(new Map<string, File>()).current;
  const sendingRef = useRef(false);
  useEffect(() => {
    if (editable) loadCorrectionChecks().catch(() => {});
  }, [editable]);

  const titles = new Map<string, string>([
    ...status.certifications.map(
      (item) =>
        [
          itemKey('certifications', item),
          t('status.certificationTitle', { number: item.number }),
        ] as const,
    ),
    ...status.testKits.map(
      (item) =>
        [itemKey('testKits', item), t('status.testKitTitle', { serial: item.serial })] as const,
    ),
    ...status.credentials.map(
      (item) => [itemKey('credentials', item), credentialTitle(item)] as const,
    ),
  ]);
  const labelOf = (path: string) => {
    const [list, id, field = ''] = path.split('.');
    const labels: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries({ ...CERTIFICATION_LABELS, ...TEST_KIT_LABELS, ...CREDENTIAL_LABELS }).map(
          ([name, key]) => [name, t(key)],
        ),
      ),
      certDocLink: t('status.replacementLabel'),
      kitCalibDocLink: t('status.replacementLabel'),
      documentLink: t('status.replacementLabel'),
    };
    return `${titles.get(`${list}.${id}`) ?? ''}: ${labels[field] ?? field}`;
  };

  const change = (prefix: string) => (field: string, value: string) =>
    setForms((current) => ({ ...current, [prefix]: { ...current[prefix], [field]: value } }));
  const choose = (prefix: string) => (file: File) => {
    files.set(prefix, file);
    setForms((current) => ({
      ...current,
      [prefix]: { ...current[prefix], docName: file.name, [documentField(prefix)]: '' },
    }));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    // A chosen file that was not uploaded would be lost without a word.
    const notUploaded = Object.entries(forms).filter(
      ([prefix, form]) => files.has(prefix) && !form[documentField(prefix)],
    );
    // The checks' code is normally here long before Send; not arriving counts as unreachable.
    sendingRef.current = true;
    const checks = await loadWithTimeout(loadCorrectionChecks).catch(() => null);
    sendingRef.current = false;
    if (!checks) {
      reportUnreachable();
      return;
    }
    const body = correctionBody(forms);
    const checked = checks.checkStatusCorrections(body, status);
    const fields: Record<string, string> = checked.ok ? {} : { ...checked.errors.fieldErrors };
    for (const [prefix] of notUploaded) {
      fields[`${prefix}.${documentField(prefix)}`] ??= MESSAGES.correctionUploadChosenFile;
    }
    if (!checked.ok || notUploaded.length > 0) {
      setErrors(
        shownErrors({
          generalErrors: checked.ok ? [] : checked.errors.generalErrors,
          fieldErrors: fields,
        }),
      );
      return;
    }
    sendingRef.current = true;
    setSending(true);
    const outcome = await sendCorrections(hash, token, body);
    sendingRef.current = false;
    setSending(false);
    if (outcome.kind === 'sent') onSent();
    else if (outcome.kind === 'invalid') onInvalid();
    else if (outcome.kind === 'unreachable') reportUnreachable();
    else setErrors(shownErrors(outcome.errors));
  };

  const stateText = {
    pending: t('status.pendingText'),
    changes_requested: '',
    approved: t('status.approvedText'),
    rejected: t('status.rejectedText'),
  }[status.state];

  const section = (
    key: string,
    facts: [string, string][],
    item: TCertificationView | TTestKitView | TCredentialView,
    correction: (props: Parameters<typeof TestKitCorrection>[0]) => ReactNode,
  ) => (
    <section className="block" key={key} aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`}>{titles.get(key)}</h3>
      <dl className="summary">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <Decision item={item} />
      {editable && forms[key]
        ? correction({
            prefix: key,
            values: forms[key],
            errors: errors.fields,
            file: files.get(key),
            onChange: change(key),
            onChoose: choose(key),
          })
        : null}
    </section>
  );

  const credentialFacts = (item: TCredentialView): [string, string][] => {
    const facts: [string, string][] = [];
    if (item.issuer !== null) facts.push([t(CREDENTIAL_LABELS.issuer), item.issuer]);
    if (item.number !== null) facts.push([t(CREDENTIAL_LABELS.number), item.number]);
    if (item.coverage !== null) {
      facts.push([t(CREDENTIAL_LABELS.coverage), `$${item.coverage.toLocaleString('en-US')}`]);
    }
    if (item.additionalInsured !== null) {
      facts.push([
        t(CREDENTIAL_LABELS.additionalInsured),
        item.additionalInsured ? t('review.yes') : '',
      ]);
    }
    if (item.expiresOn !== null) {
      facts.push([t(CREDENTIAL_LABELS.expirationDate), formatDate(item.expiresOn)]);
    }
    return facts;
  };

  return (
    <Page title={t('status.title')}>
      <ErrorSummary errors={errors} labelOf={labelOf} />
      <p>{t('status.intro', { organization: status.organizationName })}</p>
      <p className="lead">
        <strong>{t('status.stateLine', { state: t(REVIEW_STATE_KEYS[status.state]) })}</strong>
      </p>
      <p>{t('status.registeredOn', { date: formatDate(status.registeredOn) })}</p>
      {stateText ? <p>{stateText}</p> : null}
      <RegisterAgain
        hash={hash}
        token={token}
        status={status}
        onSent={onRegisteredAgain}
        onInvalid={onInvalid}
        onRefused={(message) => setErrors({ general: [message], fields: {} })}
      />
      {renewing ? <p>{t('renewal.intro')}</p> : null}
      <form noValidate onSubmit={send}>
        {status.certifications.length > 0 ? <h2>{t('status.certificationsHeading')}</h2> : null}
        {status.certifications.map((item) =>
          section(
            itemKey('certifications', item),
            [
              [t(CERTIFICATION_LABELS.certNum), item.number],
              [t(CERTIFICATION_LABELS.certExp), formatDate(item.expiresOn)],
              [t(CERTIFICATION_LABELS.certAgency), item.agencyName],
              [t(CERTIFICATION_LABELS.certType), item.typeName],
            ],
            item,
            CertificationCorrection,
          ),
        )}
        {status.testKits.length > 0 ? <h2>{t('status.testKitsHeading')}</h2> : null}
        {status.testKits.map((item) =>
          section(
            itemKey('testKits', item),
            [
              [t(TEST_KIT_LABELS.kitSerial), item.serial],
              [t(TEST_KIT_LABELS.kitMfr), item.manufacturer],
              [t(TEST_KIT_LABELS.kitModel), item.model],
              [t(TEST_KIT_LABELS.kitCalibDate), formatDate(item.calibratedOn)],
            ],
            item,
            TestKitCorrection,
          ),
        )}
        {status.credentials.length > 0 ? <h2>{t('status.credentialsHeading')}</h2> : null}
        {status.credentials.map((item) =>
          section(itemKey('credentials', item), credentialFacts(item), item, (props) => (
            <CredentialCorrection {...props} credential={item} />
          )),
        )}
        {editable ? (
          <div className="wizard-nav">
            <button type="submit" className="button primary" aria-disabled={sending || undefined}>
              {sending
                ? t('status.sending')
                : renewing
                  ? t('renewal.send')
                  : t('status.sendCorrections')}
            </button>
          </div>
        ) : null}
      </form>
    </Page>
  );
}
