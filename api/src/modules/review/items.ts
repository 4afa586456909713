import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CertificationAgency,
  CertificationType,
  Document,
  type TCertification,
  type TTestKit,
} from '../../db/entities/index.js';
import type { AuditedItem } from './records.js';

// The reviewed items (a registration's certifications, its submission's test kits): how the
// console and the audit log name them, and what accepting a renewal does to one.

export const certificationLabel = (certification: Pick<TCertification, 'number'>) =>
  `Certification ${certification.number}`;
export const testKitLabel = (kit: Pick<TTestKit, 'serial'>) => `Test kit ${kit.serial}`;

/** An item as the audit log keeps a decision on it. */
export function audited(kind: AuditedItem['item'], item: TCertification | TTestKit): AuditedItem {
  return {
    item: kind,
    itemId: item.id,
    label:
      kind === 'certification'
        ? certificationLabel(item as TCertification)
        : testKitLabel(item as TTestKit),
    decision: item.reviewDecision,
    reason: item.reviewReason ?? null,
    note: item.reviewNote ?? null,
  };
}

/**
 * An accepted renewal replaces the item it waited beside: its values and document become the
 * item's (a kit's next calibration date follows by trigger), so reminders start again from them.
 */
export function acceptRenewal(tx: EntityManager, item: TCertification | TTestKit) {
  const { renewal } = item;
  if (!renewal) return;
  if ('expiresOn' in renewal) {
    const certification = item as TCertification;
    certification.number = renewal.number;
    certification.expiresOn = renewal.expiresOn;
    // A renewal keeps the reference data it was sent with (none, when staff deleted it since).
    if (renewal.agencyId) {
      certification.agency = tx.getReference(CertificationAgency, renewal.agencyId);
    }
    certification.agencyName = renewal.agencyName;
    if (renewal.typeId) certification.type = tx.getReference(CertificationType, renewal.typeId);
    certification.typeName = renewal.typeName;
  } else {
    const kit = item as TTestKit;
    kit.serial = renewal.serial;
    kit.manufacturer = renewal.manufacturer;
    kit.model = renewal.model;
    kit.calibratedOn = renewal.calibratedOn;
  }
  if (renewal.documentId) item.document = tx.getReference(Document, renewal.documentId);
  item.renewal = null;
}
