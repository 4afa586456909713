import { Fragment, type ReactNode } from 'react';
import type {
  TAccountCertification,
  TAccountItemStatus,
  TAccountTestKit,
  TAccountView,
} from '../../../../shared/account.js';
import type { TKey } from '../../../../shared/i18n/catalogue.js';
import { REVIEW_STATE_KEYS } from '../../../../shared/review-messages.js';
import { type TI18n, useI18n } from '../i18n/use-i18n.js';

// What the signed-in registrant sees of their record, as it is on file: their organizations,
// company, certifications, test kits and a company admin's people (credentials: the changes'
// chunk, changes/CredentialsRecord.tsx, with these parts). The record (SignedIn.tsx)
// puts the changes it offers beside each: `result` after a section's heading, `actions` at the
// end of an item, `children` at the end of a section.

export const STATUS_KEYS = {
  valid: 'account.statuses.valid',
  expiring: 'account.statuses.expiring',
  expired: 'account.statuses.expired',
  renewalWaiting: 'account.statuses.renewalWaiting',
  reviewWaiting: 'account.statuses.reviewWaiting',
} as const satisfies Record<TAccountItemStatus, TKey>;

export const USER_TYPE_KEYS = {
  tester: 'account.userTypes.tester',
  admin: 'account.userTypes.admin',
} as const satisfies Record<TAccountView['person']['userType'], TKey>;

/** Several names or dates as a sentence writes them ("A, B and C"). */
export const listed = (language: string, items: readonly string[]) =>
  new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/** The day an instant fell on where the reader is (YYYY-MM-DD), for formatDate. */
function localDay(instant: string): string {
  const date = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A second-level part of the page, named by its heading (which a closing form focuses). */
export function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the record puts beside a list of items. */
export interface TChanges<T> {
  /** What the last change made here came to. */
  result?: ReactNode;
  /** The changes offered for one item, named by its title (its buttons, or its open form). */
  actions?: (item: T, title: string) => ReactNode;
  /** The changes offered for the list (adding one). */
  children?: ReactNode;
}

/** Label and value pairs. */
export function Facts({ facts }: { facts: readonly [string, ReactNode][] }) {
  return (
    <dl className="summary">
      {facts.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

const STANDING_KEYS = {
  active: 'account.standings.active',
  suspended: 'account.standings.suspended',
  lapsed: 'account.standings.lapsed',
} as const satisfies Record<TAccountView['registrations'][number]['standing'], TKey>;

type TAccountRegistration = TAccountView['registrations'][number];

export function Registrations({
  registrations,
  result,
  actions,
}: {
  registrations: TAccountView['registrations'];
} & Omit<TChanges<TAccountRegistration>, 'children'>) {
  const { t, formatDate } = useI18n();
  const id = 'account-registrations';
  if (registrations.length === 0) {
    return (
      <Part id={id} title={t('account.registrationsHeading')}>
        <p>{t('account.noRegistrations')}</p>
      </Part>
    );
  }
  const offered = actions
    ? registrations.flatMap((registration) => {
        const offer = actions(registration, registration.organizationName);
        return offer ? [<Fragment key={registration.id}>{offer}</Fragment>] : [];
      })
    : [];
  // Scrolls sideways on a narrow phone rather than squeezing the columns.
  return (
    <>
      <h2 id={id} tabIndex={-1}>
        {t('account.registrationsHeading')}
      </h2>
      {result}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="table-scroll" aria-labelledby={id} tabIndex={0}>
        <table aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{t('account.organization')}</th>
              <th scope="col">{t('account.review')}</th>
              <th scope="col">{t('account.standing')}</th>
              <th scope="col">{t('account.enrollment')}</th>
              <th scope="col">{t('account.registered')}</th>
            </tr>
          </thead>
          <tbody>
            {registrations.map((registration) => (
              <tr key={registration.id}>
                <th scope="row">{registration.organizationName}</th>
                <td>{t(REVIEW_STATE_KEYS[registration.reviewState])}</td>
                <td>
                  {t(STANDING_KEYS[registration.standing])}
                  {registration.validThrough
                    ? `, ${t('account.validThrough', { date: formatDate(registration.validThrough) })}`
                    : ''}
                </td>
                <td>{t(registration.enrolled ? 'account.enrolled' : 'account.notEnrolled')}</td>
                <td>{formatDate(registration.registeredOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {offered}
    </>
  );
}

export function Company({ company }: { company: TAccountView['company'] }) {
  const { t } = useI18n();
  if (!company) {
    return (
      <Part id="account-company" title={t('account.companyHeading')}>
        <p>{t('account.noCompany')}</p>
      </Part>
    );
  }
  const place = [company.city, [company.state, company.zip].filter(Boolean).join(' ')];
  const address = [company.address1, company.address2, place.filter(Boolean).join(', ')];
  return (
    <Part id="account-company" title={t('account.companyHeading')}>
      <Facts
        facts={[
          [t('labels.companyName'), company.name],
          [t('labels.companyPhone'), company.phone || '—'],
          [t('labels.companyAddress1'), address.filter(Boolean).join(', ') || '—'],
        ]}
      />
    </Part>
  );
}

/** What a certification and a test kit both show: where it is on file, its document, reminders. */
export function OnFile({
  item,
  i18n,
}: {
  item: Pick<TAccountCertification, 'organizations' | 'document' | 'reminders'>;
  i18n: TI18n;
}) {
  const { t, language, formatDate } = i18n;
  const reminders = item.reminders.map((reminder) => formatDate(localDay(reminder.sentAt)));
  return (
    <>
      <p>{t('account.registeredWith', { organizations: listed(language, item.organizations) })}</p>
      {item.document ? (
        <p>
          <a href={item.document.url} target="_blank" rel="noopener">
            {t('account.document', { name: item.document.name })}
            <span className="visually-hidden">{t('site.opensInNewTab')}</span>
          </a>
        </p>
      ) : null}
      {reminders.length > 0 ? (
        <p>{t('account.remindersSent', { dates: listed(language, reminders) })}</p>
      ) : null}
    </>
  );
}

/** One certification or test kit, named by its heading. */
export function Item({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="block" aria-labelledby={id}>
      <h3 id={id} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The heading ids of a certification and a test kit (by their place in the record). */
export const certificationHeading = (index: number) => `account-certification-${index}`;
export const testKitHeading = (index: number) => `account-test-kit-${index}`;
export const credentialHeading = (index: number) => `account-credential-${index}`;

export function Certifications({
  items,
  result,
  actions,
  children,
}: { items: readonly TAccountCertification[] } & TChanges<TAccountCertification>) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  return (
    <Part id="account-certifications" title={t('account.certificationsHeading')}>
      {result}
      {items.length === 0 ? <p>{t('account.noCertifications')}</p> : null}
      {items.map((item, index) => {
        const title = t('account.certificationTitle', {
          agency: item.agencyName,
          type: item.typeName,
          number: item.number,
        });
        return (
          <Item key={item.key} id={certificationHeading(index)} title={title}>
            <p>
              <strong>{t('account.status', { status: t(STATUS_KEYS[item.status]) })}</strong>
            </p>
            <p>{t('account.expiresOn', { date: formatDate(item.expiresOn) })}</p>
            <OnFile item={item} i18n={i18n} />
            {actions?.(item, title)}
          </Item>
        );
      })}
      {children}
    </Part>
  );
}

export function TestKits({
  items,
  result,
  actions,
  children,
}: { items: readonly TAccountTestKit[] } & TChanges<TAccountTestKit>) {
  const i18n = useI18n();
  const { t, formatDate } = i18n;
  return (
    <Part id="account-test-kits" title={t('account.testKitsHeading')}>
      {result}
      {items.length === 0 ? <p>{t('account.noTestKits')}</p> : null}
      {items.map((item, index) => {
        const title = t('account.testKitTitle', {
          manufacturer: item.manufacturer,
          model: item.model,
          serial: item.serial,
        });
        return (
          <Item key={item.key} id={testKitHeading(index)} title={title}>
            {item.status ? (
              <p>
                <strong>{t('account.status', { status: t(STATUS_KEYS[item.status]) })}</strong>
              </p>
            ) : null}
            <p>{t('account.calibratedOn', { date: formatDate(item.calibratedOn) })}</p>
            {item.dueOn ? (
              <p>{t('account.calibrationDue', { date: formatDate(item.dueOn) })}</p>
            ) : null}
            <OnFile item={item} i18n={i18n} />
            {actions?.(item, title)}
          </Item>
        );
      })}
      {children}
    </Part>
  );
}

type TCompanyPerson = TAccountView['companyPeople'][number];

/** A company admin's colleagues: name, role and email, each with what the admin may change. */
export function CompanyPeople({
  people,
  result,
  actions,
  children,
}: { people: readonly TCompanyPerson[] } & TChanges<TCompanyPerson>) {
  const { t } = useI18n();
  return (
    <Part id="account-people" title={t('account.peopleHeading')}>
      {result}
      <ul className="people">
        {people.map((person) => (
          <li key={person.id}>
            <p>
              <strong>
                {t('account.personLine', {
                  name: `${person.firstName} ${person.lastName}`,
                  role: t(USER_TYPE_KEYS[person.userType]),
                })}
              </strong>
              <br />
              {person.email}
            </p>
            {actions?.(person, `${person.firstName} ${person.lastName}`)}
          </li>
        ))}
      </ul>
      {children}
    </Part>
  );
}
