import type { TCredentialRequirementInfo } from '../../../../../shared/credentials.js';
import { formatDollars } from '../../../../../shared/requirements.js';
import { useFocusOnRender } from '../../focus.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { fieldId } from '../errors.js';
import { DocumentUpload } from '../fields/DocumentUpload.js';
import { TextField } from '../fields/Field.js';
import { CREDENTIAL_LABELS } from '../labels.js';
import {
  BLANK_CREDENTIAL,
  credentialsOf,
  type TCredentialField,
  type TCredentialForm,
  type TCredentialOwner,
} from '../state.js';
import { OnFileNote } from '../steps/OnFile.js';
import { Row } from '../steps/Row.js';
import { documentKey, useWizard } from '../wizard-context.js';
import { askedCredentials } from './asked.js';
import { CheckboxField } from './CheckboxField.js';

// The credentials an organization asks for beyond certifications (issue 27): the company's on a
// page of their own, each tester's beside their certifications, and both on the review. Loaded
// only where an organization asks for some, when its page is reached.

/** The error path of one owner's credentials. */
const pathOf = (owner: TCredentialOwner) =>
  owner === 'company' ? 'companyCredentials' : `testers.${owner}.credentials`;

/** The path of a credential's first field (where focus goes when it is added). */
function firstFieldPath(path: string, requirement: TCredentialRequirementInfo): string {
  const fact = (['issuer', 'number', 'coverage'] as const).find((name) =>
    requirement.facts.includes(name),
  );
  return `${path}.${fact ?? (requirement.expires ? 'expirationDate' : 'documentLink')}`;
}

function AdditionalInsured({
  path,
  checked,
  onChange,
}: {
  path: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { state } = useWizard();
  const { t } = useI18n();
  return (
    <CheckboxField
      path={path}
      label={t(CREDENTIAL_LABELS.additionalInsured)}
      checked={checked}
      error={state.errors.fields[path]}
      onChange={onChange}
    />
  );
}

/** One credential: the facts its type carries, its expiry when it expires, and its document. */
function CredentialBlock({
  owner,
  requirement,
  onRemoved,
}: {
  owner: TCredentialOwner;
  requirement: TCredentialRequirementInfo;
  onRemoved(): void;
}) {
  const { state, dispatch, files } = useWizard();
  const { t, localize } = useI18n();
  const typeId = String(requirement.id);
  const path = `${pathOf(owner)}.${typeId}`;
  const credential: TCredentialForm = credentialsOf(state, owner)[typeId] ?? BLANK_CREDENTIAL;
  const carries = (fact: TCredentialRequirementInfo['facts'][number]) =>
    requirement.facts.includes(fact);
  const missing = state.errors.fields[`${path}.credential`];
  const set = (changes: Partial<Pick<TCredentialForm, TCredentialField | 'additionalInsured'>>) =>
    dispatch({ type: 'setCredential', owner, typeId, changes });
  const text = (field: TCredentialField, options: { type?: 'date'; hint?: string } = {}) => (
    <TextField
      path={`${path}.${field}`}
      label={t(CREDENTIAL_LABELS[field])}
      required
      value={credential[field]}
      onChange={(value) => set({ [field]: value })}
      {...options}
    />
  );
  const target = { kind: 'credential', owner, typeId } as const;
  const remove = () => {
    const key = documentKey(state, target);
    if (key) files.delete(key);
    dispatch({ type: 'removeCredential', owner, typeId });
    onRemoved();
  };
  return (
    <fieldset className="block nested">
      <legend>
        {requirement.required
          ? requirement.name
          : t('credentials.optional', { name: requirement.name })}
      </legend>
      {missing ? (
        <p id={fieldId(`${path}.credential`)} className="error-message" tabIndex={-1}>
          {localize(missing)}
        </p>
      ) : null}
      <div className="field-grid">
        {carries('issuer') ? text('issuer') : null}
        {carries('number') ? text('number') : null}
        {carries('coverage')
          ? text('coverage', {
              ...(requirement.minimumCoverage === null
                ? {}
                : {
                    hint: t('credentials.minimumCoverage', {
                      amount: formatDollars(requirement.minimumCoverage),
                    }),
                  }),
            })
          : null}
        {requirement.expires ? text('expirationDate', { type: 'date' }) : null}
      </div>
      {carries('additionalInsured') && requirement.additionalInsured ? (
        <AdditionalInsured
          path={`${path}.additionalInsured`}
          checked={credential.additionalInsured}
          onChange={(checked) => set({ additionalInsured: checked })}
        />
      ) : null}
      <DocumentUpload
        target={target}
        path={`${path}.documentLink`}
        label={t(CREDENTIAL_LABELS.documentLink)}
      />
      {requirement.required ? null : (
        <button type="button" className="button secondary" onClick={remove}>
          {t('credentials.remove', { name: requirement.name })}
        </button>
      )}
    </fieldset>
  );
}

/** An owner's credentials: every required type, the optional ones given, and Add for the rest. */
function CredentialList({
  owner,
  asked,
}: {
  owner: TCredentialOwner;
  asked: readonly TCredentialRequirementInfo[];
}) {
  const { state, dispatch } = useWizard();
  const { t } = useI18n();
  const given = credentialsOf(state, owner);
  const shown = asked.filter((requirement) => requirement.required || given[requirement.id]);
  const offered = asked.filter((requirement) => !requirement.required && !given[requirement.id]);
  // Added, focus goes to the credential's first field; taken back, to its Add button again.
  const moveFocus = useFocusOnRender();
  const setFocusPath = (path: string) => moveFocus(fieldId(path));
  const pathOfType = (requirement: TCredentialRequirementInfo) =>
    `${pathOf(owner)}.${requirement.id}`;
  return (
    <>
      {shown.map((requirement) => (
        <CredentialBlock
          key={requirement.id}
          owner={owner}
          requirement={requirement}
          onRemoved={() => setFocusPath(`${pathOfType(requirement)}.add`)}
        />
      ))}
      {offered.length ? (
        <div className="actions-inline">
          {offered.map((requirement) => (
            <button
              key={requirement.id}
              id={fieldId(`${pathOfType(requirement)}.add`)}
              type="button"
              className="button"
              onClick={() => {
                dispatch({ type: 'addCredential', owner, typeId: String(requirement.id) });
                setFocusPath(firstFieldPath(pathOfType(requirement), requirement));
              }}
            >
              {t('credentials.add', { name: requirement.name })}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The company's credentials: a page after the company, for an organization that asks. */
export function CompanyCredentialsStep() {
  const { org, state } = useWizard();
  const { t } = useI18n();
  return (
    <>
      {state.account ? (
        <>
          <OnFileNote />
          <p>{t('account.wizardNeedsIntro', { organization: org.org_name })}</p>
        </>
      ) : (
        <p>{t('credentials.companyIntro')}</p>
      )}
      <CredentialList owner="company" asked={askedCredentials(org, 'company')} />
    </>
  );
}

/** A tester's credentials, beside their certifications (nothing when none are asked). */
export function TesterCredentials({ tester }: { tester: number }) {
  const { org } = useWizard();
  const { t } = useI18n();
  const asked = askedCredentials(org, 'tester');
  if (!asked.length) return null;
  return (
    <>
      <p>{t('credentials.testerIntro')}</p>
      <CredentialList owner={tester} asked={asked} />
    </>
  );
}

/** An owner's credentials as the review lists them: those given, each with what it carries. */
export function CredentialsReview({ owner }: { owner: TCredentialOwner }) {
  const { state, org } = useWizard();
  const { t, formatDate } = useI18n();
  const given = credentialsOf(state, owner);
  const asked = askedCredentials(org, owner === 'company' ? 'company' : 'tester').filter(
    (requirement) => given[requirement.id],
  );
  return (
    <>
      {asked.map((requirement) => {
        const credential = given[requirement.id] ?? BLANK_CREDENTIAL;
        const carries = (fact: TCredentialRequirementInfo['facts'][number]) =>
          requirement.facts.includes(fact);
        return (
          <dl className="summary nested" key={requirement.id}>
            <Row label={requirement.name} value={credential.documentName} />
            {carries('issuer') ? (
              <Row label={t(CREDENTIAL_LABELS.issuer)} value={credential.issuer} />
            ) : null}
            {carries('number') ? (
              <Row label={t(CREDENTIAL_LABELS.number)} value={credential.number} />
            ) : null}
            {carries('coverage') ? (
              <Row label={t(CREDENTIAL_LABELS.coverage)} value={credential.coverage} />
            ) : null}
            {carries('additionalInsured') && requirement.additionalInsured ? (
              <Row
                label={t(CREDENTIAL_LABELS.additionalInsured)}
                value={credential.additionalInsured ? t('review.yes') : ''}
              />
            ) : null}
            {requirement.expires ? (
              <Row
                label={t(CREDENTIAL_LABELS.expirationDate)}
                value={formatDate(credential.expirationDate)}
              />
            ) : null}
          </dl>
        );
      })}
    </>
  );
}
