import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_PATH } from '../../../../shared/account.js';
import { DEFAULT_LANGUAGE, languageOf } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { periodStart } from '../../../../shared/requirements.js';
import {
  REVIEW_STAFF_MESSAGES,
  type TDocumentDecisionRequest,
  type TRegistrationRejectionReason,
  type TReviewDecisionRequest,
  type TReviewState,
} from '../../../../shared/review.js';
import { REREGISTRATION_APPROVED } from '../../../../shared/standing.js';
import { Registration, type TCredential, type TRegistration } from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { type Actor, recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import { liftSatisfiedSuspensions } from '../standing/run.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import {
  registrationApproved,
  registrationChangesRequested,
  registrationRejected,
} from '../webhooks/payloads.js';
import { decideCopies, resumeAccountRegistrations } from './copies.js';
import { type Decision, decisionEmails } from './emails.js';
import {
  acceptRenewal,
  audited,
  findReviewedItem,
  rejectedItem,
  reviewedItemsOf,
} from './items.js';
import {
  bumpReviewVersions,
  companyAdmins,
  lockSubmissionRegistrations,
  type ReviewRow,
  reviewRegistration,
} from './queries.js';
import { issueStatusLink } from './status-links.js';

// Staff decisions. Each runs in one transaction that locks the registration (and the others of
// its submission, whose test kits it shares), refuses a decision based on a stale version, makes
// the change, records it in the audit log, stages its emails and moves the version on: all of
// it commits or none of it does.

export interface ReviewSettings {
  publicUrl: string;
  links: { support: string; knowledgeBase: string };
}

interface Locked {
  tx: EntityManager;
  registration: TRegistration;
  /** The registration's person, organization and company, as the emails name them. */
  row: ReviewRow;
  /** This registration and the others of its submission, locked. */
  submissionRegistrationIds: number[];
}

/** The states a decision may be made in, and the answer in any other. */
interface Allowed {
  states: readonly TReviewState[];
  refusal: string;
}
/** Waiting for review: document decisions, approval, sending the decision. */
const WAITING: Allowed = { states: ['pending'], refusal: REVIEW_STAFF_MESSAGES.notWaiting };
/** Not decided for good: rejection. */
const NOT_FINAL: Allowed = {
  states: ['pending', 'changes_requested'],
  refusal: REVIEW_STAFF_MESSAGES.alreadyFinal,
};

async function decide<T>(
  em: EntityManager,
  registrationId: number,
  version: number,
  allowed: Allowed,
  work: (locked: Locked) => Promise<T>,
): Promise<T> {
  return em.transactional(async (tx) => {
    const submissionRegistrationIds = await lockSubmissionRegistrations(tx, registrationId);
    const registration = await tx.findOne(Registration, registrationId, { refresh: true });
    const row = await reviewRegistration(tx, registrationId);
    if (!registration || !row) {
      throw AppError.notFound(REVIEW_STAFF_MESSAGES.registrationNotFound);
    }
    if (registration.reviewVersion !== version) {
      throw AppError.conflict(REVIEW_STAFF_MESSAGES.staleVersion);
    }
    if (!allowed.states.includes(registration.reviewState)) {
      throw AppError.conflict(allowed.refusal);
    }
    return work({ tx, registration, row, submissionRegistrationIds });
  });
}

/** The language a registration was made in (emails to its person are written in it). */
const languageOfRow = (language: string) => languageOf(language) ?? DEFAULT_LANGUAGE;

async function stageDecisionEmails(locked: Locked, decision: Decision, settings: ReviewSettings) {
  const { tx, row } = locked;
  const admins = row.user_type === 'tester' ? await companyAdmins(tx, row.id) : [];
  for (const email of decisionEmails(decision, {
    registrationId: row.id,
    version: row.version + 1,
    person: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      language: languageOfRow(row.language),
    },
    organization: { name: row.organization_name, homeBanner: row.home_banner },
    companyName: row.company_name,
    admins: admins.map((admin) => ({
      email: admin.email,
      language: languageOfRow(admin.language),
    })),
    links: { ...settings.links, account: `${settings.publicUrl}${ACCOUNT_PATH}` },
  })) {
    stageEmail(tx, email);
  }
}

/**
 * Accepts or rejects one certification or credential of the registration, or one test kit of its
 * submission.
 */
export async function decideDocument(
  em: EntityManager,
  actor: Actor,
  registrationId: number,
  request: TDocumentDecisionRequest,
): Promise<void> {
  await decide(em, registrationId, request.version, WAITING, async (locked) => {
    const { tx, registration } = locked;
    const item = await findReviewedItem(tx, registration, request.item, request.itemId);
    if (!item) throw AppError.notFound(REVIEW_STAFF_MESSAGES.itemNotFound);
    const before = audited(request.item, item);
    item.reviewDecision = request.decision;
    item.reviewReason = request.reason;
    item.reviewNote = request.note;
    if (request.decision === 'accepted') acceptRenewal(tx, request.item, item);
    recordAudit(tx, actor, {
      action: 'review_document',
      entityType: 'registration',
      entityId: registrationId,
      before: { items: [before] },
      after: { items: [audited(request.item, item)] },
    });
    // The same item sent to other organizations from My registrations: the same decision.
    const copiedTo = await decideCopies(
      tx,
      actor,
      { kind: request.item, item, fromRegistrationId: registrationId },
      request,
    );
    // A test kit, and a company's credential (copied to each), is every registration of the
    // submission's: each of their reviews changed.
    const sharedBySubmission =
      request.item === 'testKit' ||
      (request.item === 'credential' && (item as TCredential).holder === 'company');
    const changed = [
      ...(sharedBySubmission ? locked.submissionRegistrationIds : [registrationId]),
      ...copiedTo,
    ];
    await resumeAccountRegistrations(tx, actor, changed);
    if (request.decision === 'accepted') {
      // An accepted replacement of what expired lifts an automatic suspension at once.
      await tx.flush();
      await liftSatisfiedSuspensions(tx, [...new Set(changed)], new Date());
    }
    await bumpReviewVersions(tx, [...new Set(changed)]);
  });
}

/** Approves a registration whose every document is accepted: enrolls the person, welcomes them. */
export async function approveRegistration(
  em: EntityManager,
  actor: Actor,
  registrationId: number,
  request: TReviewDecisionRequest,
  settings: ReviewSettings,
): Promise<void> {
  await decide(em, registrationId, request.version, WAITING, async (locked) => {
    const { tx, registration } = locked;
    const { certifications, testKits, credentials } = await reviewedItemsOf(tx, registration);
    const items = [...certifications, ...testKits, ...credentials];
    if (items.some((item) => item.reviewDecision !== 'accepted')) {
      throw AppError.conflict(REVIEW_STAFF_MESSAGES.documentsNotAccepted);
    }
    const { enrolled, standing } = registration;
    const now = new Date();
    registration.reviewState = 'approved';
    registration.reviewedAt = now;
    registration.enrolled = true;
    // A first approval or a re-registration starts a period (valid_through follows by trigger);
    // a lapsed registration that re-registered is Active again.
    registration.approvedOn = periodStart(
      {
        approvedOn: registration.approvedOn ?? null,
        validThrough: registration.validThrough ?? null,
        reregistered: registration.reregisteredAt != null,
      },
      todayInProgramZone(now),
    );
    registration.reregisteredAt = null;
    if (standing === 'lapsed') {
      registration.standing = 'active';
      registration.standingReason = REREGISTRATION_APPROVED;
      registration.standingChangedAt = now;
    }
    recordAudit(tx, actor, {
      action: 'approve',
      entityType: 'registration',
      entityId: registrationId,
      before: { state: 'pending', enrolled, standing },
      after: { state: 'approved', enrolled: true, standing: registration.standing },
    });
    recordWebhookEvent(tx, registrationApproved(locked.row));
    await stageDecisionEmails(locked, { kind: 'welcome' }, settings);
    await bumpReviewVersions(tx, [registrationId]);
  });
}

/**
 * Sends the decision on a registration with rejected documents: Changes requested, and the
 * registrant receives a personal link to correct them.
 */
export async function requestChanges(
  em: EntityManager,
  actor: Actor,
  registrationId: number,
  request: TReviewDecisionRequest,
  settings: ReviewSettings,
): Promise<void> {
  await decide(em, registrationId, request.version, WAITING, async (locked) => {
    const { tx, registration, row } = locked;
    const { certifications, testKits, credentials } = await reviewedItemsOf(tx, registration);
    const items = [
      ...certifications.map((item) => ({ kind: 'certification' as const, item })),
      ...testKits.map((item) => ({ kind: 'testKit' as const, item })),
      ...credentials.map((item) => ({ kind: 'credential' as const, item })),
    ];
    if (items.some(({ item }) => item.reviewDecision === 'pending')) {
      throw AppError.conflict(REVIEW_STAFF_MESSAGES.documentsUndecided);
    }
    const rejected = items.filter(({ item }) => item.reviewDecision === 'rejected');
    if (rejected.length === 0) throw AppError.conflict(REVIEW_STAFF_MESSAGES.nothingRejected);
    registration.reviewState = 'changes_requested';
    registration.reviewedAt = new Date();
    recordAudit(tx, actor, {
      action: 'request_changes',
      entityType: 'registration',
      entityId: registrationId,
      before: { state: 'pending' },
      after: {
        state: 'changes_requested',
        items: rejected.map(({ kind, item }) => audited(kind, item)),
      },
    });
    recordWebhookEvent(
      tx,
      registrationChangesRequested(
        row,
        rejected.map(({ kind, item }) => ({
          kind,
          id: item.id,
          reason: item.reviewReason ?? null,
        })),
      ),
    );
    const statusLink = issueStatusLink(
      tx,
      { id: registrationId, formHash: row.form_hash },
      settings.publicUrl,
    );
    await stageDecisionEmails(
      locked,
      {
        kind: 'changes_requested',
        items: rejected.map(({ kind, item }) => rejectedItem(kind, item)),
        statusLink,
      },
      settings,
    );
    await bumpReviewVersions(tx, [registrationId]);
  });
}

/** Rejects the whole registration (final), waiting or waiting for corrections. */
export async function rejectRegistration(
  em: EntityManager,
  actor: Actor,
  registrationId: number,
  request: TReviewDecisionRequest & {
    reason: TRegistrationRejectionReason;
    note: string | null;
  },
  settings: ReviewSettings,
): Promise<void> {
  await decide(em, registrationId, request.version, NOT_FINAL, async (locked) => {
    const { tx, registration } = locked;
    const before = registration.reviewState;
    registration.reviewState = 'rejected';
    registration.reviewedAt = new Date();
    registration.rejectionReason = request.reason;
    registration.rejectionNote = request.note;
    recordAudit(tx, actor, {
      action: 'reject',
      entityType: 'registration',
      entityId: registrationId,
      before: { state: before },
      after: { state: 'rejected', reason: request.reason, note: request.note },
    });
    recordWebhookEvent(tx, registrationRejected(locked.row, request.reason));
    await stageDecisionEmails(
      locked,
      { kind: 'rejected', reason: request.reason, note: request.note },
      settings,
    );
    await bumpReviewVersions(tx, [registrationId]);
  });
}
