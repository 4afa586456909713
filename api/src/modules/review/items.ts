import type { EntityManager } from '@mikro-orm/postgresql';
import type { TReviewItemKind } from '../../../../shared/review.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Credential,
  Document,
  type TCertification,
  type TCertificationValues,
  type TCredential,
  TestKit,
  type TRegistration,
  type TTestKit,
} from '../../db/entities/index.js';
import type { RejectedItem } from './emails.js';

// The reviewed items (a registration's certifications and credentials, its submission's test
// kits): how the console and the audit log name them, where they are found, and what accepting a
// renewal does to one.

export type ReviewedItem = TCertification | TTestKit | TCredential;

/** An item as the audit log keeps it (decisions and resubmissions). */
export interface AuditedItem {
  item: TReviewItemKind;
  itemId: number;
  label: string;
  decision?: string;
  reason?: string | null;
  note?: string | null;
  /** What the item said, for resubmissions: its fields and its document. */
  details?: string;
  document?: { id: string; contentType: string; size: number } | null;
}

export const certificationLabel = (certification: Pick<TCertification, 'number'>) =>
  `Certification ${certification.number}`;
export const testKitLabel = (kit: Pick<TTestKit, 'serial'>) => `Test kit ${kit.serial}`;
/** "General liability insurance", "Business license BL-1". */
export const credentialLabel = (credential: Pick<TCredential, 'typeName' | 'number'>) =>
  [credential.typeName, credential.number].filter(Boolean).join(' ');

const LABELS: { [K in TReviewItemKind]: (item: ReviewedItem) => string } = {
  certification: (item) => certificationLabel(item as TCertification),
  testKit: (item) => testKitLabel(item as TTestKit),
  credential: (item) => credentialLabel(item as TCredential),
};

/** An item as the audit log keeps a decision on it. */
export function audited(kind: TReviewItemKind, item: ReviewedItem): AuditedItem {
  return {
    item: kind,
    itemId: item.id,
    label: LABELS[kind](item),
    decision: item.reviewDecision,
    reason: item.reviewReason ?? null,
    note: item.reviewNote ?? null,
  };
}

/** The facts the decision email names an item by (emails.ts): the first, second and third. */
const EMAILED_FIELDS: { [K in TReviewItemKind]: (item: ReviewedItem) => RejectedItem['fields'] } = {
  certification: (item) => {
    const shown = (item as TCertification).renewal ?? (item as TCertification);
    return { first: shown.number, second: shown.agencyName, third: shown.typeName };
  },
  testKit: (item) => {
    const shown = (item as TTestKit).renewal ?? (item as TTestKit);
    return { first: shown.serial, second: shown.manufacturer, third: shown.model };
  },
  credential: (item) => {
    const credential = item as TCredential;
    const shown = credential.renewal ?? credential;
    const facts = [shown.issuer, shown.number].filter(Boolean).join(', ');
    return { first: credential.typeName, second: facts, third: '' };
  },
};

/** A rejected item as the decision email names it: a renewal as sent, not the item on file. */
export const rejectedItem = (kind: TReviewItemKind, item: ReviewedItem): RejectedItem => ({
  kind,
  fields: EMAILED_FIELDS[kind](item),
  reason: item.reviewReason ?? 'other',
  note: item.reviewNote ?? null,
});

const submissionOf = (registration: TRegistration) =>
  registration.submission ? Number(registration.submission.id) : null;

/** One item the registration shows (its own, or its submission's kit); null when not one. */
export async function findReviewedItem(
  tx: EntityManager,
  registration: TRegistration,
  kind: TReviewItemKind,
  id: number,
): Promise<ReviewedItem | null> {
  const submission = submissionOf(registration);
  switch (kind) {
    case 'certification':
      return tx.findOne(Certification, { id, registration: registration.id }, { refresh: true });
    case 'credential':
      return tx.findOne(Credential, { id, registration: registration.id }, { refresh: true });
    case 'testKit':
      return submission === null
        ? null
        : tx.findOne(TestKit, { id, submission }, { refresh: true });
  }
}

/** Every item the registration shows, by kind, as entities. */
export async function reviewedItemsOf(tx: EntityManager, registration: TRegistration) {
  const submission = submissionOf(registration);
  const own = { registration: registration.id };
  const options = { orderBy: { id: 'asc' as const }, refresh: true };
  return {
    certifications: await tx.find(Certification, own, options),
    testKits: submission === null ? [] : await tx.find(TestKit, { submission }, options),
    credentials: await tx.find(Credential, own, options),
  };
}

/** A certification takes its renewal's values and the reference data it was sent with. */
function takeCertificationValues(
  tx: EntityManager,
  certification: TCertification,
  renewal: TCertificationValues,
) {
  certification.number = renewal.number;
  certification.expiresOn = renewal.expiresOn;
  // The reference data staff deleted since is left as it was (its name is kept below).
  if (renewal.agencyId) {
    certification.agency = tx.getReference(CertificationAgency, renewal.agencyId);
  }
  certification.agencyName = renewal.agencyName;
  if (renewal.typeId) certification.type = tx.getReference(CertificationType, renewal.typeId);
  certification.typeName = renewal.typeName;
}

/**
 * An accepted renewal replaces the item it waited beside: its values and document become the
 * item's (a kit's next calibration date follows by trigger), so reminders start again from them.
 */
export function acceptRenewal(tx: EntityManager, kind: TReviewItemKind, item: ReviewedItem) {
  const { renewal } = item;
  if (!renewal) return;
  const { documentId, ...values } = renewal;
  if (kind === 'certification') {
    takeCertificationValues(tx, item as TCertification, renewal as TCertificationValues);
  } else {
    // A kit's and a credential's values are its own columns, named alike.
    Object.assign(item, values);
  }
  if (documentId) item.document = tx.getReference(Document, documentId);
  item.renewal = null;
}
