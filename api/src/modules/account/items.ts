import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  TAccountItemAnswer,
  ZAccountAddCertificationRequest,
  ZAccountAddTestKitRequest,
  ZAccountCalibrationRequest,
  ZAccountRenewCertificationRequest,
} from '../../../../shared/account.js';
import { ACCOUNT_CODES } from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import type { TReviewState } from '../../../../shared/review.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Document,
  Registration,
  type TCertification,
  TestKit,
  type TTestKit,
} from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { RENEWABLE_STATES } from '../compliance/renewals.js';
import { certificationLabel, testKitLabel } from '../review/items.js';
import { bumpReviewVersions } from '../review/queries.js';
import type { AuditedItem } from '../review/records.js';
import {
  AGENCY_AND_TYPE,
  CLAIM_OWN_UPLOAD,
  LOCK_REGISTRATIONS,
  type LockedRegistrationRow,
} from './queries.js';

// Items a registrant sends from My registrations: a new or renewed certification, a new test
// kit or its new calibration, a kit retired. One item goes to every registration of the person
// that can take it (approved or waiting for review), each organization's rules applied apart;
// it waits for review beside the item on file, the registrations go back to the queue marked as
// sent from the account, and one acceptance applies to all of them (review/decisions.ts: the
// same document, the same decision). An approved registration returns to approved by itself
// once every item is accepted.

type AddCertification = z.output<typeof ZAccountAddCertificationRequest>;
type RenewCertification = z.output<typeof ZAccountRenewCertificationRequest>;
type AddTestKit = z.output<typeof ZAccountAddTestKitRequest>;
type Calibration = z.output<typeof ZAccountCalibrationRequest>;

/** A certification's key across organizations (the reminders' and the view's). */
export const certificationKey = (c: Pick<TCertification, 'agencyName' | 'typeName' | 'number'>) =>
  [c.agencyName.toLowerCase(), c.typeName.toLowerCase(), c.number.trim().toLowerCase()].join('|');

/** A test kit's key across organizations. */
export const testKitKey = (k: Pick<TTestKit, 'serial' | 'manufacturer' | 'model'>) =>
  [k.serial, k.manufacturer, k.model].map((part) => part.trim().toLowerCase()).join('|');

const fieldProblem = (field: string, message: string) =>
  new AppError(422, ACCOUNT_CODES.accountErrors, { fieldErrors: { [field]: message } });

interface Change {
  tx: EntityManager;
  userId: number;
  email: string;
  userType: string;
  registrations: LockedRegistrationRow[];
  /** The registrations that may take a change now. */
  open: LockedRegistrationRow[];
  today: string;
}

/** Runs a change in one transaction with the person's registrations locked. */
async function change<T>(
  em: EntityManager,
  userId: number,
  agencyId: number,
  work: (change: Change) => Promise<T>,
): Promise<T> {
  return em.transactional(async (tx) => {
    const registrations = await query<LockedRegistrationRow, { userId: number; agencyId: number }>(
      tx,
      LOCK_REGISTRATIONS,
      { userId, agencyId },
    );
    const [person] = await tx
      .getConnection()
      .execute<{ email: string; type: string }[]>('select email, type from users where id = ?', [
        userId,
      ]);
    if (!person) throw AppError.unauthorized();
    const open = registrations.filter((r) => RENEWABLE_STATES.includes(r.review_state));
    return work({
      tx,
      userId,
      email: person.email,
      userType: person.type,
      registrations,
      open,
      today: todayInProgramZone(),
    });
  });
}

/** Attaches the person's own upload; a document that is not theirs, or already used, is refused. */
async function claimUpload(change: Change, documentId: string, field: string) {
  const claimed = await query<{ id: string }, { userId: number; documentId: string }>(
    change.tx,
    CLAIM_OWN_UPLOAD,
    { userId: change.userId, documentId },
  );
  if (claimed.length === 0) throw fieldProblem(field, MESSAGES.documentLinkInvalid);
}

/** What an item did to one registration, as its audit entry tells it. */
interface Sent {
  registrationId: number;
  before: AuditedItem[];
  items: AuditedItem[];
}

/**
 * The registrations an item went to go back to the queue, marked as sent from the account; an
 * approved one will return to approved once its items are accepted. Audited on each as made by
 * the registrant, and each reviewer's version moves on.
 */
async function queue(change: Change, sent: Sent[], alsoShowing: number[] = []) {
  const now = new Date();
  for (const { registrationId, items, before } of sent) {
    const registration = await change.tx.findOneOrFail(Registration, registrationId);
    const state: TReviewState = registration.reviewState;
    if (state === 'approved') {
      registration.resumeState = 'approved';
      registration.reviewState = 'pending';
      registration.queuedAt = now;
      registration.resubmittedAt = now;
    }
    registration.accountChangeAt = now;
    recordAudit(
      change.tx,
      { id: null, email: change.email },
      {
        action: 'account_update',
        entityType: 'registration',
        entityId: registrationId,
        before: { state, items: before },
        after: { state: 'pending', items },
      },
    );
  }
  await bumpReviewVersions(change.tx, [
    ...new Set([...sent.map((s) => s.registrationId), ...alsoShowing]),
  ]);
}

const auditedCertification = (item: TCertification, details: string): AuditedItem => ({
  item: 'certification',
  itemId: item.id,
  label: certificationLabel(item),
  decision: item.reviewDecision,
  details,
  document: item.document ? { id: item.document.id, contentType: '', size: 0 } : null,
});

const auditedTestKit = (item: TTestKit, details: string): AuditedItem => ({
  item: 'testKit',
  itemId: item.id,
  label: testKitLabel(item),
  decision: item.reviewDecision,
  details,
  document: item.document ? { id: item.document.id, contentType: '', size: 0 } : null,
});

function answer(sentTo: string[], refusedBy: TAccountItemAnswer['refusedBy']) {
  return { code: CODES.success, message: { sentTo, refusedBy } };
}

/** A certification earned: added to every open registration whose organization takes it. */
export async function addCertification(em: EntityManager, userId: number, body: AddCertification) {
  return change(em, userId, body.certAgency, async (c) => {
    const [names] = await query<
      { agency_name: string; type_name: string; linked: boolean },
      { agencyId: number; typeId: number }
    >(c.tx, AGENCY_AND_TYPE, { agencyId: body.certAgency, typeId: body.certType });
    if (!names) throw fieldProblem('certAgency', MESSAGES.valueInvalid);
    if (!names.linked) throw fieldProblem('certType', MESSAGES.certTypeNotForAgency);
    if (c.userType !== 'tester') throw AppError.badRequest(MESSAGES.accountTestersOnly);
    const key = certificationKey({
      agencyName: names.agency_name,
      typeName: names.type_name,
      number: body.certNum,
    });
    const existing = await c.tx.find(Certification, { user: userId });
    if (existing.some((item) => certificationKey(item) === key)) {
      throw fieldProblem('certNum', MESSAGES.accountCertificationOnFile);
    }
    if (c.open.length === 0) throw AppError.conflict(MESSAGES.accountNothingToChange);
    const refusedBy: TAccountItemAnswer['refusedBy'] = [];
    const taking = c.open.filter((r) => {
      const refusal = !r.accepts_agency
        ? MESSAGES.certAgencyNotAccepted
        : body.certExp < c.today && !r.accept_expired_certifications
          ? MESSAGES.certificationExpired
          : null;
      if (refusal) refusedBy.push({ organizationName: r.organization_name, message: refusal });
      return refusal === null;
    });
    if (taking.length === 0) {
      // Nothing is sent: say why, field by field when every organization gives the same reason.
      const [first] = refusedBy;
      const field = first?.message === MESSAGES.certificationExpired ? 'certExp' : 'certAgency';
      if (refusedBy.every((r) => r.message === first?.message) && first) {
        throw fieldProblem(field, first.message);
      }
      throw AppError.conflict(MESSAGES.accountNothingToChange);
    }
    await claimUpload(c, body.certDocLink, 'certDocLink');
    const sent: Sent[] = [];
    for (const registration of taking) {
      const item = c.tx.create(Certification, {
        user: userId,
        registration: registration.id,
        number: body.certNum,
        expiresOn: body.certExp,
        agency: c.tx.getReference(CertificationAgency, body.certAgency),
        agencyName: names.agency_name,
        type: c.tx.getReference(CertificationType, body.certType),
        typeName: names.type_name,
        document: c.tx.getReference(Document, body.certDocLink),
        renewal: null,
      });
      await c.tx.flush();
      sent.push({
        registrationId: registration.id,
        before: [],
        items: [auditedCertification(item, `added, expires ${body.certExp}`)],
      });
    }
    await queue(c, sent);
    return answer(
      taking.map((r) => r.organization_name),
      refusedBy,
    );
  });
}

/** A certification renewed: a later expiry and its new document, on every open registration. */
export async function renewCertification(
  em: EntityManager,
  userId: number,
  body: RenewCertification,
) {
  return change(em, userId, 0, async (c) => {
    const openIds = c.open.map((r) => r.id);
    const items = (
      await c.tx.find(
        Certification,
        { user: userId, registration: { $in: openIds } },
        { populate: ['document'], orderBy: { id: 'asc' } },
      )
    ).filter((item) => certificationKey(item) === body.key);
    if (items.length === 0) throw AppError.notFound(MESSAGES.accountItemNotFound);
    const latest =
      items
        .map((item) => item.expiresOn)
        .sort()
        .at(-1) ?? '';
    if (body.certExp <= latest) throw fieldProblem('certExp', MESSAGES.renewalDateNotLater);
    if (body.certExp < c.today) throw fieldProblem('certExp', MESSAGES.certificationExpired);
    await claimUpload(c, body.certDocLink, 'certDocLink');
    const sent: Sent[] = [];
    for (const item of items) {
      const before = auditedCertification(item, `expires ${item.expiresOn}`);
      item.renewal = {
        number: item.number,
        expiresOn: body.certExp,
        agencyId: item.agency ? item.agency.id : 0,
        agencyName: item.agencyName,
        typeId: item.type ? item.type.id : 0,
        typeName: item.typeName,
        documentId: body.certDocLink,
      };
      item.reviewDecision = 'pending';
      item.reviewReason = null;
      item.reviewNote = null;
      const after = {
        ...auditedCertification(item, `renewed, expires ${body.certExp}`),
        document: { id: body.certDocLink, contentType: '', size: 0 },
      };
      sent.push({
        registrationId: Number(item.registration?.id),
        before: [before],
        items: [after],
      });
    }
    await queue(c, sent);
    return answer(
      c.open
        .filter((r) => sent.some((s) => s.registrationId === r.id))
        .map((r) => r.organization_name),
      [],
    );
  });
}

/** The kits of the person's open registrations (their submissions' kits) in use, by key. */
async function openKits(c: Change, key?: string) {
  const places = c.open.filter((r) => r.submission_id !== null);
  if (places.length === 0) return [];
  const kits = await c.tx.find(
    TestKit,
    {
      retiredAt: null,
      $or: places.map((r) => ({
        submission: r.submission_id as number,
        organization: r.organization_id,
      })),
    },
    { populate: ['document'], orderBy: { id: 'asc' } },
  );
  return key === undefined ? kits : kits.filter((kit) => testKitKey(kit) === key);
}

/** The registrations (the person's open ones) a kit belongs to. */
const registrationsOfKit = (c: Change, kit: TTestKit) =>
  c.open.filter(
    (r) =>
      r.submission_id === Number(kit.submission?.id) && r.organization_id === kit.organization?.id,
  );

/** The other registrations of the kits' submissions: their reviews show the kits too. */
async function submissionRegistrations(c: Change, kits: TTestKit[]) {
  const submissions = [...new Set(kits.map((kit) => Number(kit.submission?.id)))];
  if (submissions.length === 0) return [];
  const rows = await c.tx.find(Registration, { submission: { $in: submissions } });
  return rows.map((r) => r.id);
}

/** A test kit bought: added to every open registration that has a company and a submission. */
export async function addTestKit(em: EntityManager, userId: number, body: AddTestKit) {
  return change(em, userId, 0, async (c) => {
    const key = testKitKey({
      serial: body.kitSerial,
      manufacturer: body.kitMfr,
      model: body.kitModel,
    });
    if ((await openKits(c, key)).length > 0) {
      throw fieldProblem('kitSerial', MESSAGES.accountTestKitOnFile);
    }
    const places = c.open.filter((r) => r.submission_id !== null && r.company_id !== null);
    if (places.length === 0) throw AppError.conflict(MESSAGES.accountNothingToChange);
    await claimUpload(c, body.kitCalibDocLink, 'kitCalibDocLink');
    const sent: Sent[] = [];
    for (const registration of places) {
      const kit = c.tx.create(TestKit, {
        company: registration.company_id as number,
        organization: registration.organization_id,
        submission: registration.submission_id,
        serial: body.kitSerial,
        manufacturer: body.kitMfr,
        model: body.kitModel,
        calibratedOn: body.kitCalibDate,
        document: c.tx.getReference(Document, body.kitCalibDocLink),
        renewal: null,
        retiredAt: null,
      });
      await c.tx.flush();
      sent.push({
        registrationId: registration.id,
        before: [],
        items: [auditedTestKit(kit, `added, calibrated ${body.kitCalibDate}`)],
      });
    }
    const kits = await openKits(c, key);
    await queue(c, sent, await submissionRegistrations(c, kits));
    return answer(
      places.map((r) => r.organization_name),
      [],
    );
  });
}

/** A kit calibrated again: its new date and document, on every open registration showing it. */
export async function renewCalibration(em: EntityManager, userId: number, body: Calibration) {
  return change(em, userId, 0, async (c) => {
    const kits = await openKits(c, body.key);
    if (kits.length === 0) throw AppError.notFound(MESSAGES.accountItemNotFound);
    const latest =
      kits
        .map((kit) => kit.calibratedOn)
        .sort()
        .at(-1) ?? '';
    if (body.kitCalibDate <= latest) {
      throw fieldProblem('kitCalibDate', MESSAGES.renewalDateNotLater);
    }
    await claimUpload(c, body.kitCalibDocLink, 'kitCalibDocLink');
    const sent: Sent[] = [];
    for (const kit of kits) {
      const before = auditedTestKit(kit, `calibrated ${kit.calibratedOn}`);
      kit.renewal = {
        serial: kit.serial,
        manufacturer: kit.manufacturer,
        model: kit.model,
        calibratedOn: body.kitCalibDate,
        documentId: body.kitCalibDocLink,
      };
      kit.reviewDecision = 'pending';
      kit.reviewReason = null;
      kit.reviewNote = null;
      const after = {
        ...auditedTestKit(kit, `calibrated ${body.kitCalibDate}`),
        document: { id: body.kitCalibDocLink, contentType: '', size: 0 },
      };
      for (const registration of registrationsOfKit(c, kit)) {
        sent.push({ registrationId: registration.id, before: [before], items: [after] });
      }
    }
    await queue(c, sent, await submissionRegistrations(c, kits));
    return answer(
      c.open
        .filter((r) => sent.some((s) => s.registrationId === r.id))
        .map((r) => r.organization_name),
      [],
    );
  });
}

/**
 * A kit no longer in use: retired on every registration of the person showing it, whatever
 * their state (it leaves reports, Expiring, reminders and the IE bundle; its history stays).
 */
export async function retireTestKit(em: EntityManager, userId: number, key: string) {
  return change(em, userId, 0, async (c) => {
    const everywhere = { ...c, open: c.registrations };
    const kits = await openKits(everywhere, key);
    if (kits.length === 0) throw AppError.notFound(MESSAGES.accountItemNotFound);
    const now = new Date();
    for (const kit of kits) {
      kit.retiredAt = now;
      for (const registration of registrationsOfKit(everywhere, kit)) {
        recordAudit(
          c.tx,
          { id: null, email: c.email },
          {
            action: 'account_update',
            entityType: 'registration',
            entityId: registration.id,
            before: { items: [auditedTestKit(kit, 'in use')] },
            after: { items: [auditedTestKit(kit, 'retired')] },
          },
        );
      }
    }
    await bumpReviewVersions(c.tx, await submissionRegistrations(c, kits));
    return { code: CODES.success, message: MESSAGES.accountTestKitRetired };
  });
}
