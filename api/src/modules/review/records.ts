import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ZAdminReviewResponse } from '../../../../shared/admin-responses.js';
import type { TUserType } from '../../../../shared/constants.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { expiryStatus } from '../../../../shared/reminders.js';
import { EXPIRING_SOON_DAYS, REVIEW_STAFF_MESSAGES } from '../../../../shared/review.js';
import { AppError } from '../../errors.js';
import { credentialFacts, reviewCredentials } from './credentials.js';
import { documentOf, earlierVersions, historyEntry, iso } from './history.js';
import {
  type CertificationReviewRow,
  type QueueConditions,
  type QueueRow,
  queuePage,
  reviewCertifications,
  reviewHistory,
  reviewRegistration,
  reviewTestKits,
  type TestKitReviewRow,
} from './queries.js';

// The read side of review: the queue and one registration's whole review (history.ts tells its
// history in the console's words).

type ReviewRecord = z.output<typeof ZAdminReviewResponse>;

export { userReviewHistory } from './history.js';
export type { AuditedItem } from './items.js';
export { QUEUE_SORT_FIELDS } from './queries.js';

function queueRecord(row: QueueRow): ReviewRecord {
  return {
    id: row.id,
    version: row.version,
    state: row.state,
    queuedAt: iso(row.queued_at),
    registeredAt: iso(row.registered_at),
    resubmitted: row.resubmitted_at !== null,
    fromAccount: row.account_change_at !== null,
    reregistered: row.reregistered_at !== null,
    userId: row.user_id,
    userType: row.user_type as TUserType,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    companyName: row.company_name,
    standing: row.standing,
  };
}

/** The Review Queue: registrations waiting (new and resubmitted), oldest first by default. */
export async function listQueue(
  em: EntityManager,
  filter: QueueConditions,
  page: { sort: string; order: 'ASC' | 'DESC'; offset: number; limit: number },
) {
  const { rows, total } = await queuePage(em, filter, {
    sort: page.sort,
    direction: page.order === 'DESC' ? 'desc' : 'asc',
    offset: page.offset,
    limit: page.limit,
  });
  return { rows: rows.map(queueRecord), total };
}

/** A certification's recorded facts and its decision, as staff and its registrant read them. */
export const certificationFacts = (row: CertificationReviewRow) => ({
  id: row.id,
  number: row.number,
  expiresOn: row.expires_on,
  agencyId: row.agency_id,
  agencyName: row.agency_name,
  typeId: row.type_id,
  typeName: row.type_name,
  decision: row.decision,
  reason: row.reason,
  note: row.note,
});

/** A test kit's recorded facts and its decision. */
export const testKitFacts = (row: TestKitReviewRow) => ({
  id: row.id,
  serial: row.serial,
  manufacturer: row.manufacturer,
  model: row.model,
  calibratedOn: row.calibrated_on,
  decision: row.decision,
  reason: row.reason,
  note: row.note,
});

/** One registration's whole review: who, which company, each document with its decision. */
export async function getReview(
  em: EntityManager,
  id: number,
  today: string = todayInProgramZone(),
): Promise<ReviewRecord> {
  const row = await reviewRegistration(em, id);
  if (!row) throw AppError.notFound(REVIEW_STAFF_MESSAGES.registrationNotFound);
  const [certifications, testKits, credentials, history] = [
    await reviewCertifications(em, id),
    await reviewTestKits(em, row.submission_id),
    await reviewCredentials(em, id),
    await reviewHistory(em, id),
  ];
  const earlier = earlierVersions(history);
  const earlierOf = (kind: string, itemId: number) => earlier.get(`${kind}:${itemId}`) ?? [];
  return {
    ...queueRecord(row),
    phone: row.phone,
    enrolled: row.enrolled,
    reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
    rejectionReason: row.rejection_reason,
    rejectionNote: row.rejection_note,
    company:
      row.company_id === null
        ? null
        : {
            id: row.company_id,
            name: row.company_name ?? '',
            phone: row.company_phone ?? '',
            address1: row.address1 ?? '',
            address2: row.address2 ?? '',
            city: row.city ?? '',
            state: row.state_code ?? '',
            zip: row.zip ?? '',
            matched: row.company_matched,
          },
    certifications: certifications.map((certification) => ({
      ...certificationFacts(certification),
      expiry: expiryStatus(certification.expires_on, today, EXPIRING_SOON_DAYS).status,
      document: documentOf(certification),
      earlierVersions: earlierOf('certification', certification.id),
      renewal: certification.renewal,
    })),
    testKits: testKits.map((kit) => ({
      ...testKitFacts(kit),
      document: documentOf(kit),
      earlierVersions: earlierOf('testKit', kit.id),
      renewal: kit.renewal,
    })),
    credentials: credentials.map((credential) => ({
      ...credentialFacts(credential),
      expiry: credential.expires_on
        ? expiryStatus(credential.expires_on, today, EXPIRING_SOON_DAYS).status
        : null,
      document: documentOf(credential),
      earlierVersions: earlierOf('credential', credential.id),
      renewal: credential.renewal,
    })),
    history: history
      .filter((entry) => Number(entry.registration_id) === id || entry.action === 'resubmit')
      .map(historyEntry),
  };
}
