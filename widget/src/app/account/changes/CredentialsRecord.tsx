import type { TAccountCredential } from '../../../../../shared/account.js';
import { formatDollars } from '../../../../../shared/requirements.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { CREDENTIAL_LABELS } from '../../wizard/labels.js';
import {
  credentialHeading,
  Facts,
  Item,
  OnFile,
  Part,
  STATUS_KEYS,
  type TChanges,
} from '../RecordSections.js';

// The credentials an organization asks for (issue 27) as the record shows them: a tester's own,
// a company admin's company's. In the changes' chunk, so /account's first screen does not carry
// them; the record (SignedIn.tsx) puts each one's Renew and the Add form beside them.

/** A credential's title: its type, and its number where it carries one. */
export const credentialTitle = (item: Pick<TAccountCredential, 'typeName' | 'number'>) =>
  item.number ? `${item.typeName}: ${item.number}` : item.typeName;

function CredentialFacts({ item }: { item: TAccountCredential }) {
  const { t, formatDate } = useI18n();
  const facts: [string, string][] = [];
  if (item.issuer !== null) facts.push([t(CREDENTIAL_LABELS.issuer), item.issuer]);
  if (item.coverage !== null) {
    facts.push([t(CREDENTIAL_LABELS.coverage), formatDollars(item.coverage)]);
  }
  facts.push([
    t(CREDENTIAL_LABELS.expirationDate),
    item.expiresOn ? formatDate(item.expiresOn) : t('account.doesNotExpire'),
  ]);
  return (
    <>
      <Facts facts={facts} />
      {item.additionalInsured === null ? null : (
        <p>
          {t(
            item.additionalInsured
              ? 'account.namesAdditionalInsured'
              : 'account.notAdditionalInsured',
          )}
        </p>
      )}
    </>
  );
}

export function Credentials({
  items,
  result,
  actions,
  children,
}: { items: readonly TAccountCredential[] } & TChanges<TAccountCredential>) {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <Part id="account-credentials" title={t('account.credentialsHeading')}>
      {result}
      {items.length === 0 ? <p>{t('account.noCredentials')}</p> : null}
      {items.map((item, index) => {
        const title = credentialTitle(item);
        return (
          <Item key={item.key} id={credentialHeading(index)} title={title}>
            {item.status ? (
              <p>
                <strong>{t('account.status', { status: t(STATUS_KEYS[item.status]) })}</strong>
              </p>
            ) : null}
            {item.holder === 'company' ? <p>{t('account.heldByCompany')}</p> : null}
            <CredentialFacts item={item} />
            <OnFile item={item} i18n={i18n} />
            {actions?.(item, title)}
          </Item>
        );
      })}
      {children}
    </Part>
  );
}
