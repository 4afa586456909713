import { useState } from 'react';
import type { TAccountCredentialOptions } from '../../../../../shared/account.js';
import { formatDollars } from '../../../../../shared/requirements.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { CheckboxField } from '../../wizard/credentials/CheckboxField.js';
import { SelectField, TextField } from '../../wizard/fields/Field.js';
import { CREDENTIAL_LABELS } from '../../wizard/labels.js';
import { listed } from '../RecordSections.js';
import { ChangeFrame, DocumentField, NO_DOCUMENT, type TDocument } from './ChangeFrame.js';
import type { TChangeFormProps } from './change.js';
import { lookUpCredentialOptions, sendItem } from './changes-api.js';
import { useChoices } from './use-choices.js';

// A credential renewed or added from the record: the wizard's credential fields (the facts its
// type carries, its expiry, its document), with what each organization asks of it beside them.
// The server judges it by each organization's rules and names each refusal.

type TType = TAccountCredentialOptions['types'][number];

interface TCredentialValues {
  issuer: string;
  number: string;
  coverage: string;
  additionalInsured: boolean;
  expirationDate: string;
  document: TDocument;
}

const BLANK: TCredentialValues = {
  issuer: '',
  number: '',
  coverage: '',
  additionalInsured: false,
  expirationDate: '',
  document: NO_DOCUMENT,
};

/** What the calls send for the values. */
const credentialBody = ({ document, ...values }: TCredentialValues) => ({
  ...values,
  documentLink: document.link,
});

/** The credential types the person's organizations ask of them, once loaded (null until then). */
const useCredentialTypes = (props: TChangeFormProps): TType[] | null =>
  useChoices(props, lookUpCredentialOptions)?.types ?? null;

/** The fields of a credential of `type`, with each organization's minimum coverage as a hint. */
function CredentialInputs({
  type,
  values,
  onChange,
  props,
}: {
  type: Pick<TType, 'expires' | 'facts' | 'organizations'>;
  values: TCredentialValues;
  onChange(update: (current: TCredentialValues) => TCredentialValues): void;
  props: TChangeFormProps;
}) {
  const { t, language } = useI18n();
  const carries = (fact: TType['facts'][number]) => type.facts.includes(fact);
  const minimums = type.organizations.flatMap((organization) =>
    organization.minimumCoverage === null
      ? []
      : [
          t('account.coverageMinimum', {
            amount: formatDollars(organization.minimumCoverage),
            organization: organization.organizationName,
          }),
        ],
  );
  const text = (
    field: 'issuer' | 'number' | 'coverage' | 'expirationDate',
    options: { type?: 'date'; hint?: string } = {},
  ) => (
    <TextField
      path={field}
      label={t(CREDENTIAL_LABELS[field])}
      required
      value={values[field]}
      onChange={(value) => onChange((current) => ({ ...current, [field]: value }))}
      error={props.errors[field]}
      {...options}
    />
  );
  const asksAdditionalInsured =
    carries('additionalInsured') &&
    type.organizations.some((organization) => organization.additionalInsured);
  return (
    <>
      <div className="field-grid">
        {carries('issuer') ? text('issuer') : null}
        {carries('number') ? text('number') : null}
        {carries('coverage')
          ? text('coverage', {
              ...(minimums.length
                ? { hint: t('account.coverageMinimums', { minimums: listed(language, minimums) }) }
                : {}),
            })
          : null}
        {type.expires ? text('expirationDate', { type: 'date' }) : null}
      </div>
      {asksAdditionalInsured ? (
        <CheckboxField
          path="additionalInsured"
          label={t(CREDENTIAL_LABELS.additionalInsured)}
          checked={values.additionalInsured}
          error={props.errors.additionalInsured}
          onChange={(checked) =>
            onChange((current) => ({ ...current, additionalInsured: checked }))
          }
        />
      ) : null}
      <DocumentField
        path="documentLink"
        label={t(CREDENTIAL_LABELS.documentLink)}
        document={values.document}
        onChange={(update) =>
          onChange((current) => ({ ...current, document: update(current.document) }))
        }
        props={props}
      />
    </>
  );
}

function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" className="loading">
      {t('wizard.loading')}
    </p>
  );
}

/** A credential renewed: what the new certificate says (on file to start with) and its document. */
export function RenewCredentialForm({
  itemKey,
  props,
}: {
  itemKey: string;
  props: TChangeFormProps;
}) {
  const { t } = useI18n();
  const types = useCredentialTypes(props);
  const item = props.view.credentials.find((credential) => credential.key === itemKey);
  const [values, setValues] = useState<TCredentialValues>({
    ...BLANK,
    issuer: item?.issuer ?? '',
    number: item?.number ?? '',
    coverage: item?.coverage === null || !item ? '' : formatDollars(item.coverage),
  });
  const typeId = Number(itemKey.split('|')[0]);
  // The type as the organizations ask it; one no longer asked shows what is on file.
  const type = types?.find((candidate) => candidate.id === typeId) ?? {
    expires: Boolean(item?.expiresOn),
    facts: [
      ...(item?.issuer === null ? [] : (['issuer'] as const)),
      ...(item?.number === null ? [] : (['number'] as const)),
      ...(item?.coverage === null ? [] : (['coverage'] as const)),
    ],
    organizations: [],
  };
  return (
    <ChangeFrame
      level="h4"
      title={t('account.renewCredentialTitle')}
      intro={t('account.renewCredentialIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() =>
          sendItem('/credentials/renewal', { key: itemKey, ...credentialBody(values) }),
        )
      }
    >
      {types ? (
        <CredentialInputs type={type} values={values} onChange={setValues} props={props} />
      ) : (
        <Loading />
      )}
    </ChangeFrame>
  );
}

/** A credential of a type one of the person's organizations asks for. */
export function AddCredentialForm({ props }: { props: TChangeFormProps }) {
  const { t } = useI18n();
  const types = useCredentialTypes(props);
  const [typeId, setTypeId] = useState('');
  const [values, setValues] = useState(BLANK);
  const type = types?.find((candidate) => String(candidate.id) === typeId);
  return (
    <ChangeFrame
      level="h3"
      title={t('account.addCredential')}
      intro={t('account.addCredentialIntro')}
      sendLabel={t('account.sendForReview')}
      props={props}
      onSend={() =>
        props.send(() =>
          sendItem('/credentials', {
            credentialTypeId: Number(typeId || 0),
            ...credentialBody(values),
          }),
        )
      }
    >
      {!types ? <Loading /> : null}
      {types && types.length === 0 ? <p>{t('account.noCredentialTypes')}</p> : null}
      {types?.length ? (
        <SelectField
          path="credentialTypeId"
          label={t('account.credentialType')}
          required
          placeholder={t('wizard.pleaseSelect')}
          options={types.map((option) => ({ value: String(option.id), label: option.name }))}
          value={typeId}
          onChange={setTypeId}
          error={props.errors.credentialTypeId}
        />
      ) : null}
      {type ? (
        <CredentialInputs type={type} values={values} onChange={setValues} props={props} />
      ) : null}
    </ChangeFrame>
  );
}
