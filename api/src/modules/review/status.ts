import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  checkCorrections,
  STATUS_CODES,
  type TCorrectionErrors,
  type TStatusView,
} from '../../../../shared/review.js';
import {
  Certification,
  Credential,
  Document,
  Registration,
  StatusToken,
  TestKit,
} from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { hashSecretToken, isSecretTokenShaped } from '../../security/secret-tokens.js';
import { recordAudit } from '../audit/service.js';
import { isRenewable, RENEWABLE_STATES, renewableItems } from '../compliance/renewals.js';
import { findLinkRow } from '../registration/queries.js';
import { reregistrationState } from '../reregistration/service.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationFactsOf, registrationSubmitted } from '../webhooks/payloads.js';
import { credentialFacts, credentialRule, reviewCredentials } from './credentials.js';
import type { AuditedItem } from './items.js';
import {
  bumpReviewVersions,
  claimDocuments,
  findStatusToken,
  lockSubmissionRegistrations,
  reviewCertifications,
  reviewRegistration,
  reviewTestKits,
} from './queries.js';
import { certificationFacts, testKitFacts } from './records.js';
import { documentPath, failed, matchCorrections } from './status-corrections.js';

// The registrant's side of review: their personal status link shows the registration's state
// and each document's decision, and sends corrections of the rejected items once. A link that is
// unknown, expired or used (or another form's) changes nothing and says so.

const UNPROCESSABLE = 422;

const linkUnusable = () => new AppError(404, STATUS_CODES.invalid, MESSAGES.statusLinkInvalid);

const correctionErrors = (errors: TCorrectionErrors) =>
  new AppError(UNPROCESSABLE, STATUS_CODES.correctionErrors, errors);

interface StatusKey {
  formHash: string;
  token: string;
}

/** The registration the link opens, or the invalid-link answer; `lock` for sending corrections. */
async function registrationOfLink(
  em: EntityManager,
  key: StatusKey,
  options: { lock?: boolean; now?: Date } = {},
) {
  if (!isSecretTokenShaped(key.token)) throw linkUnusable();
  const token = await findStatusToken(
    em,
    { tokenHash: hashSecretToken(key.token), formHash: key.formHash },
    { lock: options.lock },
  );
  const now = options.now ?? new Date();
  if (!token || token.used_at !== null || new Date(token.expires_at) <= now) throw linkUnusable();
  return token;
}

/**
 * Uses a status link up for an action of its own (registering again), in the caller's
 * transaction: answers the registration it opens, or the invalid-link answer.
 */
export async function useStatusLink(tx: EntityManager, key: StatusKey, now: Date): Promise<number> {
  const token = await registrationOfLink(tx, key, { lock: true, now });
  const used = await tx.findOneOrFail(StatusToken, token.id);
  used.usedAt = now;
  return token.registration_id;
}

/** GET /api/tr/status/{hash}/{token}: what the status page shows (viewing keeps the link). */
export async function statusView(em: EntityManager, key: StatusKey): Promise<TStatusView> {
  const token = await registrationOfLink(em, key);
  const row = await reviewRegistration(em, token.registration_id);
  if (!row) throw linkUnusable();
  const certifications = await reviewCertifications(em, row.id);
  const testKits = await reviewTestKits(em, row.submission_id);
  const credentials = await reviewCredentials(em, row.id);
  const renewable = renewableItems(
    row.state,
    {
      certifications: certifications.map((c) => ({ id: c.id, expiresOn: c.expires_on })),
      testKits: testKits.map((k) => ({ id: k.id, dueOn: k.calibration_due_on })),
      // A credential whose type is gone cannot be judged, so it is not offered.
      credentials: credentials.flatMap((c) =>
        credentialRule(c) ? [{ id: c.id, expiresOn: c.expires_on }] : [],
      ),
    },
    todayInProgramZone(),
  );
  return {
    organizationName: row.organization_name,
    firstName: row.first_name,
    lastName: row.last_name,
    state: row.state,
    registeredOn: todayInProgramZone(new Date(row.registered_at)),
    canCorrect: row.state === 'changes_requested',
    renewable,
    certifications: certifications.map(certificationFacts),
    testKits: testKits.map(testKitFacts),
    credentials: credentials.map((c) => ({ ...credentialFacts(c), rule: credentialRule(c) })),
    ...(await reregistrationState(em, row.id)),
  };
}

/**
 * POST /api/tr/status/{hash}/{token}: the corrected items go back to Pending, the registration
 * back to the queue as resubmitted (the earlier documents stay in its history), and the link is
 * used up. All in one transaction; any problem changes nothing.
 */
export async function sendCorrections(
  em: EntityManager,
  key: StatusKey,
  body: unknown,
): Promise<void> {
  const checked = checkCorrections(body);
  await em.transactional(async (tx) => {
    const token = await registrationOfLink(tx, key, { lock: true });
    if (!checked.ok) throw correctionErrors(checked.errors);
    const submissionRegistrationIds = await lockSubmissionRegistrations(tx, token.registration_id);
    const registration = await tx.findOne(Registration, token.registration_id, {
      refresh: true,
      populate: ['user', 'organization'],
    });
    const link = await findLinkRow(tx, key.formHash);
    if (!registration || !link) throw linkUnusable();
    const stateBefore = registration.reviewState;
    const renewing = RENEWABLE_STATES.includes(stateBefore);
    if (stateBefore !== 'changes_requested' && !renewing) {
      throw AppError.conflict(MESSAGES.correctionsNotAwaited);
    }
    const today = todayInProgramZone();
    const submission = registration.submission ? Number(registration.submission.id) : null;
    const [certifications, testKits, credentials] = [
      await tx.find(
        Certification,
        renewing
          ? { registration: registration.id }
          : { registration: registration.id, reviewDecision: 'rejected' },
        { refresh: true, populate: ['document'] },
      ),
      submission === null
        ? []
        : await tx.find(
            TestKit,
            renewing ? { submission } : { submission, reviewDecision: 'rejected' },
            { refresh: true, populate: ['document'] },
          ),
      await tx.find(
        Credential,
        renewing
          ? { registration: registration.id }
          : { registration: registration.id, reviewDecision: 'rejected' },
        { refresh: true, populate: ['document'] },
      ),
    ];
    const credentialRules = new Map(
      (await reviewCredentials(tx, registration.id)).map((row) => [row.id, credentialRule(row)]),
    );
    const open = renewing
      ? {
          certifications: certifications.filter((c) => isRenewable(c.expiresOn, today)),
          testKits: testKits.filter((k) => isRenewable(k.calibrationDueOn ?? null, today)),
          credentials: credentials.filter(
            (c) => credentialRules.get(c.id) && isRenewable(c.expiresOn ?? null, today),
          ),
          credentialRules,
        }
      : { certifications, testKits, credentials, credentialRules };
    const errors: TCorrectionErrors = { generalErrors: [], fieldErrors: {} };
    const corrections = matchCorrections(open, checked.corrections, link, errors, {
      today,
      renewing,
    });
    if (failed(errors)) throw correctionErrors(errors);

    const replacements = corrections.flatMap((c) => (c.documentId ? [c.documentId] : []));
    const claimed = await claimDocuments(tx, {
      documentIds: replacements,
      organizationId: link.id,
    });
    for (const correction of corrections) {
      if (correction.documentId && !claimed.has(correction.documentId)) {
        errors.fieldErrors[documentPath(correction)] = MESSAGES.documentLinkInvalid;
      }
    }
    if (failed(errors)) throw correctionErrors(errors);

    const before: AuditedItem[] = [];
    const after: AuditedItem[] = [];
    for (const correction of corrections) {
      const { item } = correction;
      const { document } = item;
      before.push({
        item: correction.kind,
        itemId: item.id,
        label: correction.label(),
        decision: item.reviewDecision,
        reason: item.reviewReason ?? null,
        note: item.reviewNote ?? null,
        details: correction.details(),
        document: document
          ? { id: document.id, contentType: document.contentType, size: Number(document.size) }
          : null,
      });
      // A renewal (or the correction of a rejected one) waits beside the item until a reviewer
      // accepts it; a correction replaces the rejected values at once.
      if (renewing || item.renewal) correction.holdAsRenewal();
      else {
        correction.apply(tx);
        if (correction.documentId) {
          item.document = tx.getReference(Document, correction.documentId);
        }
      }
      item.reviewDecision = 'pending';
      item.reviewReason = null;
      item.reviewNote = null;
      after.push({
        item: correction.kind,
        itemId: item.id,
        label: correction.label(),
        decision: 'pending',
        details: correction.details(),
        document: correction.documentId
          ? { id: correction.documentId, contentType: '', size: 0 }
          : null,
      });
    }
    const now = new Date();
    if (stateBefore !== 'pending') {
      const via = stateBefore === 'changes_requested' ? 'corrections' : 'renewal';
      recordWebhookEvent(tx, registrationSubmitted(registrationFactsOf(registration), via));
    }
    registration.reviewState = 'pending';
    registration.queuedAt = now;
    registration.resubmittedAt = now;
    const used = await tx.findOneOrFail(StatusToken, token.id);
    used.usedAt = now;
    recordAudit(
      tx,
      { id: null, email: registration.user.email },
      {
        action: 'resubmit',
        entityType: 'registration',
        entityId: registration.id,
        before: { state: stateBefore, items: before },
        after: { state: 'pending', items: after },
      },
    );
    // Corrected test kits are every registration of the submission's.
    const kitsCorrected = corrections.some((c) => c.kind === 'testKit');
    await bumpReviewVersions(tx, kitsCorrected ? submissionRegistrationIds : [registration.id]);
  });
}
