import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  checkCorrections,
  correctionPath,
  STATUS_CODES,
  type TCertificationCorrection,
  type TCorrectionErrors,
  type TStatusView,
  type TTestKitCorrection,
} from '../../../../shared/review.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Document,
  Registration,
  StatusToken,
  type TCertification,
  TestKit,
  type TTestKit,
} from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { hashSecretToken, isSecretTokenShaped } from '../../security/secret-tokens.js';
import { recordAudit } from '../audit/service.js';
import {
  checkRenewal,
  isRenewable,
  RENEWABLE_STATES,
  type RenewalInput,
  renewableItems,
} from '../compliance/renewals.js';
import { findLinkRow, type LinkRow } from '../registration/queries.js';
import { reregistrationState } from '../reregistration/service.js';
import { type AuditedItem, certificationLabel, testKitLabel } from './items.js';
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
  const renewable = renewableItems(
    row.state,
    {
      certifications: certifications.map((c) => ({ id: c.id, expiresOn: c.expires_on })),
      testKits: testKits.map((k) => ({ id: k.id, dueOn: k.calibration_due_on })),
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
    ...(await reregistrationState(em, row.id)),
  };
}

const certificationDetails = (
  c: Pick<TCertification, 'number' | 'agencyName' | 'typeName' | 'expiresOn'>,
) => `${c.number} · ${c.agencyName} · ${c.typeName} · expires ${c.expiresOn}`;
const testKitDetails = (k: Pick<TTestKit, 'serial' | 'manufacturer' | 'model' | 'calibratedOn'>) =>
  `${k.serial} · ${k.manufacturer} ${k.model} · calibrated ${k.calibratedOn}`;

interface Correction {
  kind: 'certification' | 'testKit';
  item: TCertification | TTestKit;
  /** The replacement document, when one was uploaded. */
  documentId: string | undefined;
  apply(tx: EntityManager): void;
  /** Keeps the values sent beside the item, to replace it once accepted (a renewal). */
  holdAsRenewal(): void;
  unchanged: boolean;
  /** The date sent: a certification's expiry, a kit's calibration date. */
  newDate: string;
  details(): string;
  label(): string;
}

function certificationCorrection(
  item: TCertification,
  input: TCertificationCorrection,
  rules: LinkRow['certs'],
  errors: TCorrectionErrors,
): Correction {
  const path = (field: string) => correctionPath('certification', item.id, field);
  const agency = rules[String(input.certAgency)];
  const typeName = agency?.associatedTypes[String(input.certType)];
  if (!agency) errors.fieldErrors[path('certAgency')] = MESSAGES.certAgencyNotAccepted;
  else if (typeName === undefined) {
    errors.fieldErrors[path('certType')] = MESSAGES.certTypeNotForAgency;
  }
  return {
    kind: 'certification',
    item,
    documentId: input.certDocLink,
    unchanged: item.renewal
      ? item.renewal.number === input.certNum &&
        item.renewal.expiresOn === input.certExp &&
        item.renewal.agencyId === input.certAgency &&
        item.renewal.typeId === input.certType
      : item.number === input.certNum &&
        item.expiresOn === input.certExp &&
        item.agency?.id === input.certAgency &&
        item.type?.id === input.certType,
    newDate: input.certExp,
    apply(tx) {
      item.number = input.certNum;
      item.expiresOn = input.certExp;
      item.agency = tx.getReference(CertificationAgency, input.certAgency);
      item.agencyName = agency?.agency ?? '';
      item.type = tx.getReference(CertificationType, input.certType);
      item.typeName = typeName ?? '';
    },
    holdAsRenewal() {
      item.renewal = {
        number: input.certNum,
        expiresOn: input.certExp,
        agencyId: input.certAgency,
        agencyName: agency?.agency ?? '',
        typeId: input.certType,
        typeName: typeName ?? '',
        documentId: input.certDocLink ?? item.renewal?.documentId ?? '',
      };
    },
    // A renewal waiting beside the item is what the registrant sees and corrects.
    details: () => certificationDetails(item.renewal ?? item),
    label: () => certificationLabel(item.renewal ?? item),
  };
}

function testKitCorrection(item: TTestKit, input: TTestKitCorrection): Correction {
  // A renewal waiting beside the kit is what the registrant corrects.
  const current = item.renewal ?? item;
  return {
    kind: 'testKit',
    item,
    documentId: input.kitCalibDocLink,
    unchanged:
      current.serial === input.kitSerial &&
      current.manufacturer === input.kitMfr &&
      current.model === input.kitModel &&
      current.calibratedOn === input.kitCalibDate,
    newDate: input.kitCalibDate,
    apply() {
      item.serial = input.kitSerial;
      item.manufacturer = input.kitMfr;
      item.model = input.kitModel;
      item.calibratedOn = input.kitCalibDate;
    },
    holdAsRenewal() {
      item.renewal = {
        serial: input.kitSerial,
        manufacturer: input.kitMfr,
        model: input.kitModel,
        calibratedOn: input.kitCalibDate,
        documentId: input.kitCalibDocLink ?? item.renewal?.documentId ?? '',
      };
    },
    details: () => testKitDetails(item.renewal ?? item),
    label: () => testKitLabel(item.renewal ?? item),
  };
}

const documentPath = (correction: Correction) =>
  correctionPath(
    correction.kind,
    correction.item.id,
    correction.kind === 'certification' ? 'certDocLink' : 'kitCalibDocLink',
  );

/** A correction read as a renewal: the item's date on file, the one sent, the new document. */
function renewalOf(correction: Correction): RenewalInput {
  const { item } = correction;
  return {
    kind: correction.kind,
    id: item.id,
    currentDate: 'expiresOn' in item ? item.expiresOn : item.calibratedOn,
    newDate: correction.newDate,
    documentId: correction.documentId,
  };
}

/**
 * Matches each correction to an item it may change (the registration's certifications, its
 * submission's test kits): for corrections every rejected item needs one that changes
 * something; renewals renew at least one renewable item, each with its own rules.
 */
function matchCorrections(
  open: { certifications: TCertification[]; testKits: TTestKit[] },
  corrections: { certifications: TCertificationCorrection[]; testKits: TTestKitCorrection[] },
  rules: LinkRow['certs'],
  errors: TCorrectionErrors,
  renewal: { today: string } | undefined,
): Correction[] {
  const matched: Correction[] = [];
  let missing = false;
  const pair = <I extends { id: number }, C extends { id: number }>(
    kind: Correction['kind'],
    items: I[],
    inputs: C[],
    make: (item: I, input: C) => Correction,
  ) => {
    const corrects = (item: I) => matched.some((c) => c.kind === kind && c.item.id === item.id);
    for (const input of inputs) {
      const item = items.find((candidate) => candidate.id === input.id);
      if (!item) {
        errors.generalErrors.push(
          renewal ? MESSAGES.renewalNotNeeded : MESSAGES.correctionItemNotRejected,
        );
      } else if (corrects(item)) errors.generalErrors.push(MESSAGES.badRequest);
      else matched.push(make(item, input));
    }
    if (!items.every(corrects)) missing = true;
  };
  pair('certification', open.certifications, corrections.certifications, (item, input) =>
    certificationCorrection(item, input, rules, errors),
  );
  pair('testKit', open.testKits, corrections.testKits, testKitCorrection);
  if (renewal) {
    if (matched.length === 0) errors.generalErrors.push(MESSAGES.renewalsMissing);
    for (const correction of matched) checkRenewal(renewalOf(correction), renewal.today, errors);
    return matched;
  }
  if (missing) errors.generalErrors.push(MESSAGES.correctionsMissing);
  for (const correction of matched) {
    if (correction.unchanged && !correction.documentId) {
      errors.fieldErrors[documentPath(correction)] ??= MESSAGES.correctionNothingChanged;
    }
  }
  return matched;
}

const failed = (errors: TCorrectionErrors) =>
  errors.generalErrors.length > 0 || Object.keys(errors.fieldErrors).length > 0;

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
      populate: ['user'],
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
    const [certifications, testKits] = [
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
    ];
    const open = renewing
      ? {
          certifications: certifications.filter((c) => isRenewable(c.expiresOn, today)),
          testKits: testKits.filter((k) => isRenewable(k.calibrationDueOn ?? null, today)),
        }
      : { certifications, testKits };
    const errors: TCorrectionErrors = { generalErrors: [], fieldErrors: {} };
    const corrections = matchCorrections(
      open,
      checked.corrections,
      link.certs,
      errors,
      renewing ? { today } : undefined,
    );
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
