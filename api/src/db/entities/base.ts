import { p } from '@mikro-orm/core';
import { DOCUMENT_DECISIONS, DOCUMENT_REJECTION_REASONS } from '../../../../shared/review.js';

/** Columns every table has: a serial id and creation/update timestamps. */
export function baseProperties() {
  return {
    id: p.integer().primary().autoincrement(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .defaultRaw('now()'),
  };
}

/**
 * A reviewed document's decision (certifications and test kits): pending until a reviewer
 * accepts or rejects it, with a reason and a note for the registrant when rejected.
 */
export function documentReviewProperties() {
  return {
    reviewDecision: p
      .enum([...DOCUMENT_DECISIONS])
      .columnType('text')
      .default('pending'),
    reviewReason: p
      .enum([...DOCUMENT_REJECTION_REASONS])
      .columnType('text')
      .nullable(),
    reviewNote: p.text().nullable(),
  };
}

/**
 * A certification's values as a registrant sends them (the submit writes them; a renewal waits in
 * this shape beside the certification until it is accepted).
 */
export interface TCertificationValues {
  number: string;
  expiresOn: string;
  agencyId: number;
  agencyName: string;
  typeId: number;
  typeName: string;
  documentId: string;
}

/** A test kit's values as a registrant sends them (submit, and a renewal waiting for review). */
export interface TTestKitValues {
  serial: string;
  manufacturer: string;
  model: string;
  calibratedOn: string;
  documentId: string;
}
