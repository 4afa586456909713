import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TStatusView } from '../../../../shared/review.js';
import {
  DOCUMENT_DECISION_KEYS,
  DOCUMENT_REJECTION_REASON_KEYS,
  REVIEW_STATE_KEYS,
} from '../../../../shared/review-messages.js';
import { AccountLink } from '../AccountLink.js';
import { useFocusHeading } from '../focus.js';
import { useI18n } from '../i18n/use-i18n.js';
import { loadWithTimeout } from '../lazy.js';
import { useForm } from '../org/form-context.js';
import { PageLoading, SupportLink } from '../screens.js';
import { ErrorSummary } from '../wizard/ErrorSummary.js';
import { CERTIFICATION_LABELS, TEST_KIT_LABELS } from '../wizard/labels.js';
import type { TWizardErrors } from '../wizard/state.js';
import {
  CertificationCorrection,
  documentField,
  type TCorrectionForm,
  TestKitCorrection,
} from './CorrectionFields.js';
import { RegisterAgain } from './RegisterAgain.js';
import {
  loadCorrectionChecks,
  lookUpStatus,
  sendCorrections,
  type TStatusLookup,
} from './status-api.js';

type TCertificationView = TStatusView['certifications'][number];
type TTestKitView = TStatusView['testKits'][number];

const NO_ERRORS: TWizardErrors = { general: [], fields: {} };

/** A page of its own: the heading takes focus and names the tab. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  const { org } = useForm();
  const { t } = useI18n();
  const heading = useFocusHeading(`${title} – ${t('org.title', { orgName: org.org_name })}`);
  return (
    <main className="page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <AccountLink />
      <SupportLink />
    </main>
  );
}

function Decision({ item }: { item: TCertificationView | TTestKitView }) {
  const { t } = useI18n();
  return (
    <>
      <p>
        <strong>
          {t('status.decisionLine', { decision: t(DOCUMENT_DECISION_KEYS[item.decision]) })}
        </strong>
      </p>
      {item.decision === 'rejected' && item.reason ? (
        <p>{t('status.reasonLine', { reason: t(DOCUMENT_REJECTION_REASON_KEYS[item.reason]) })}</p>
      ) : null}
      {item.decision === 'rejected' && item.note ? (
        <p>{t('status.noteLine', { note: item.note })}</p>
      ) : null}
    </>
  );
}

const certificationKey = (item: TCertificationView) => `certifications.${item.id}`;
const testKitKey = (item: TTestKitView) => `testKits.${item.id}`;

/** Whether the page takes renewals: something may be renewed and nothing is to be corrected. */
const isRenewing = (status: TStatusView) =>
  !status.canCorrect &&
  status.renewable.certifications.length + status.renewable.testKits.length > 0;

/**
 * The forms of the items the registrant may change, filled with what is on file: the rejected
 * items when changes were requested, else the renewable ones (their new date left to fill in).
 */
function initialForms(status: TStatusView): Record<string, TCorrectionForm> {
  const forms: Record<string, TCorrectionForm> = {};
  const renewing = isRenewing(status);
  const open = (kind: 'certifications' | 'testKits', item: { id: number; decision: string }) =>
    renewing ? status.renewable[kind].includes(item.id) : item.decision === 'rejected';
  for (const item of status.certifications) {
    if (!open('certifications', item)) continue;
    forms[certificationKey(item)] = {
      certNum: item.number,
      certExp: renewing ? '' : item.expiresOn,
      certAgency: item.agencyId === null ? '' : String(item.agencyId),
      certType: item.typeId === null ? '' : String(item.typeId),
      certDocLink: '',
      docName: '',
    };
  }
  for (const item of status.testKits) {
    if (!open('testKits', item)) continue;
    forms[testKitKey(item)] = {
      kitSerial: item.serial,
      kitMfr: item.manufacturer,
      kitModel: item.model,
      kitCalibDate: renewing ? '' : item.calibratedOn,
      kitCalibDocLink: '',
      docName: '',
    };
  }
  return forms;
}

/** What the correction call sends: each rejected item with its id. */
function correctionBody(forms: Record<string, TCorrectionForm>) {
  const entries = Object.entries(forms);
  const withId = (key: string) => Number(key.split('.')[1]);
  return {
    certifications: entries
      .filter(([key]) => key.startsWith('certifications.'))
      .map(([key, form]) => ({
        id: withId(key),
        certNum: form.certNum,
        certExp: form.certExp,
        certAgency: form.certAgency,
        certType: form.certType,
        certDocLink: form.certDocLink,
      })),
    testKits: entries
      .filter(([key]) => key.startsWith('testKits.'))
      .map(([key, form]) => ({
        id: withId(key),
        kitSerial: form.kitSerial,
        kitMfr: form.kitMfr,
        kitModel: form.kitModel,
        kitCalibDate: form.kitCalibDate,
        kitCalibDocLink: form.kitCalibDocLink,
      })),
  };
}

/** The call's problems as the wizard shows them ('Field required.' only beside its field). */
const shownErrors = (errors: { generalErrors: string[]; fieldErrors: Record<string, string> }) => ({
  general: errors.generalErrors.filter((message) => message !== MESSAGES.fieldRequired),
  fields: errors.fieldErrors,
});

function StatusPage({
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
        [certificationKey(item), t('status.certificationTitle', { number: item.number })] as const,
    ),
    ...status.testKits.map(
      (item) => [testKitKey(item), t('status.testKitTitle', { serial: item.serial })] as const,
    ),
  ]);
  const labelOf = (path: string) => {
    const [list, id, field = ''] = path.split('.');
    const labels: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries({ ...CERTIFICATION_LABELS, ...TEST_KIT_LABELS }).map(([name, key]) => [
          name,
          t(key),
        ]),
      ),
      certDocLink: t('status.replacementLabel'),
      kitCalibDocLink: t('status.replacementLabel'),
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
    const checked = checks.checkCorrections(correctionBody(forms));
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
    const outcome = await sendCorrections(hash, token, correctionBody(forms));
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
    title: string,
    facts: [string, string][],
    item: TCertificationView | TTestKitView,
    Correction: typeof CertificationCorrection,
  ) => (
    <section className="block" key={key} aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`}>{title}</h3>
      <dl className="summary">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <Decision item={item} />
      {editable && forms[key] ? (
        <Correction
          prefix={key}
          values={forms[key]}
          errors={errors.fields}
          file={files.get(key)}
          onChange={change(key)}
          onChoose={choose(key)}
        />
      ) : null}
    </section>
  );

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
            certificationKey(item),
            titles.get(certificationKey(item)) ?? '',
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
            testKitKey(item),
            titles.get(testKitKey(item)) ?? '',
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

/**
 * /form/{hash}/status/{token}: a registrant's personal status link. It shows the review, and
 * when changes were requested takes the corrections once; a link that cannot be used says so.
 */
export function StatusRoute({ token }: { token: string }) {
  const { hash, reportUnreachable } = useForm();
  const { t, localize } = useI18n();
  const [lookup, setLookup] = useState<TStatusLookup | null>(null);
  const [sent, setSent] = useState<'corrections' | 'renewal'>();
  const [registeredAgain, setRegisteredAgain] = useState('');

  useEffect(() => {
    let current = true;
    setLookup(null);
    lookUpStatus(hash, token).then((result) => current && setLookup(result));
    return () => {
      current = false;
    };
  }, [hash, token]);

  useEffect(() => {
    if (lookup?.state === 'unreachable') reportUnreachable();
  }, [lookup, reportUnreachable]);

  if (!lookup || lookup.state === 'unreachable') return <PageLoading />;
  if (lookup.state === 'invalid') {
    return (
      <Page title={t('status.invalidLinkTitle')}>
        <p>{localize(MESSAGES.statusLinkInvalid)}</p>
      </Page>
    );
  }
  if (registeredAgain) {
    return (
      <Page title={t('status.registeredAgainTitle')}>
        <p role="status">{localize(registeredAgain)}</p>
      </Page>
    );
  }
  if (sent === 'renewal') {
    return (
      <Page title={t('renewal.sentTitle')}>
        <p role="status">{t('renewal.sentText')}</p>
      </Page>
    );
  }
  if (sent) {
    return (
      <Page title={t('status.correctionsSentTitle')}>
        <p role="status">{localize(MESSAGES.correctionsSent)}</p>
      </Page>
    );
  }
  return (
    <StatusPage
      hash={hash}
      token={token}
      status={lookup.status}
      onSent={() => setSent(isRenewing(lookup.status) ? 'renewal' : 'corrections')}
      onInvalid={() => setLookup({ state: 'invalid' })}
      onRegisteredAgain={setRegisteredAgain}
    />
  );
}
