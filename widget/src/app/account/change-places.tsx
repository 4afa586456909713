import type { TAccountView } from '../../../../shared/account.js';
import type { TChange } from './changes/change.js';
import { certificationHeading, credentialHeading, testKitHeading } from './RecordSections.js';

// Where each change of the record opens and shows its result, and where focus returns when its
// form is cancelled.

/** Where a change's form and its result show. */
export const PLACES = {
  email: 'person',
  renew: 'certifications',
  addCertification: 'certifications',
  calibration: 'testKits',
  retire: 'testKits',
  addTestKit: 'testKits',
  renewCredential: 'credentials',
  addCredential: 'credentials',
  addPerson: 'people',
  removePerson: 'people',
  reregister: 'registrations',
} as const satisfies Record<TChange['kind'], string>;
export type TPlace = (typeof PLACES)[TChange['kind']];

export const sameChange = (a: TChange, b: TChange) => JSON.stringify(a) === JSON.stringify(b);

/** The heading focus returns to when a change's form is cancelled. */
export function headingOf(change: TChange, view: TAccountView): string {
  switch (change.kind) {
    case 'email':
      return 'account-person';
    case 'renew':
      return certificationHeading(view.certifications.findIndex((c) => c.key === change.key));
    case 'calibration':
    case 'retire':
      return testKitHeading(view.testKits.findIndex((k) => k.key === change.key));
    case 'renewCredential':
      return credentialHeading(view.credentials.findIndex((d) => d.key === change.key));
    case 'addCertification':
      return 'account-certifications';
    case 'addTestKit':
      return 'account-test-kits';
    case 'addCredential':
      return 'account-credentials';
    case 'addPerson':
    case 'removePerson':
      return 'account-people';
    case 'reregister':
      return 'account-registrations';
  }
}

/** A button that opens a change; `context` names its item for assistive technology. */
export function OpenButton({
  label,
  context,
  onOpen,
}: {
  label: string;
  context?: string;
  onOpen(): void;
}) {
  return (
    <button type="button" className="button" onClick={onOpen}>
      {label}
      {context ? <span className="visually-hidden"> {context}</span> : null}
    </button>
  );
}
