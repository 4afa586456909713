import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  ZAccountAddTestKitRequest,
  ZAccountCalibrationRequest,
} from '../../../../shared/account.js';
import { CODES, MESSAGES } from '../../../../shared/codes.js';
import type { TReviewState } from '../../../../shared/review.js';
import {
  Document,
  Registration,
  TestKit,
  type TRegistration,
  type TTestKit,
} from '../../db/entities/index.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { RENEWABLE_STATES } from '../compliance/renewals.js';
import { bumpReviewVersions } from '../review/queries.js';
import {
  answer,
  auditedTestKit,
  type Change,
  change,
  claimUpload,
  fieldProblem,
  queue,
  type Sent,
  testKitKey,
} from './changes.js';

// A test kit bought, calibrated again or retired, from My registrations (changes.ts). A kit
// belongs to a registration's submission: every registration of that submission shows it.

type AddTestKit = z.output<typeof ZAccountAddTestKitRequest>;
type Calibration = z.output<typeof ZAccountCalibrationRequest>;

/**
 * The kits in use of the person's open registrations (their submissions' kits) and, for a
 * company admin, every kit of the company in use; by key when one is given.
 */
async function openKits(c: Change, key?: string) {
  const places = c.open.filter((r) => r.submission_id !== null);
  const where = [
    ...places.map((r) => ({
      submission: r.submission_id as number,
      organization: r.organization_id,
    })),
    ...(c.companyId === null ? [] : [{ company: c.companyId, submission: { $ne: null } }]),
  ];
  if (where.length === 0) return [];
  const kits = await c.tx.find(
    TestKit,
    { retiredAt: null, $or: where },
    { populate: ['document'], orderBy: { id: 'asc' } },
  );
  return key === undefined ? kits : kits.filter((kit) => testKitKey(kit) === key);
}

/**
 * The registrations that show these kits (their submissions' registrations of the kit's
 * organization), in the given states, locked in id order as every writer locks them.
 */
async function kitRegistrations(c: Change, kits: TTestKit[], states?: readonly TReviewState[]) {
  if (kits.length === 0) return [];
  return c.tx.find(
    Registration,
    {
      $or: kits.map((kit) => ({
        submission: Number(kit.submission?.id),
        organization: kit.organization?.id as number,
      })),
      ...(states ? { reviewState: { $in: [...states] } } : {}),
    },
    { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['organization'] },
  );
}

const showsKit = (registration: TRegistration, kit: TTestKit) =>
  Number(registration.submission?.id) === Number(kit.submission?.id) &&
  registration.organization.id === kit.organization?.id;

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
    const showing = await kitRegistrations(c, kits, RENEWABLE_STATES);
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
      for (const registration of showing.filter((r) => showsKit(r, kit))) {
        sent.push({ registrationId: registration.id, before: [before], items: [after] });
      }
    }
    await queue(c, sent, await submissionRegistrations(c, kits));
    return answer([...new Set(showing.map((r) => r.organization.name))], []);
  });
}

/**
 * A kit no longer in use: retired on every registration of the person showing it, whatever
 * their state (it leaves reports, Expiring, reminders and the IE bundle; its history stays).
 */
export async function retireTestKit(em: EntityManager, userId: number, key: string) {
  return change(em, userId, 0, async (c) => {
    const kits = await openKits({ ...c, open: c.registrations }, key);
    if (kits.length === 0) throw AppError.notFound(MESSAGES.accountItemNotFound);
    const showing = await kitRegistrations(c, kits);
    const now = new Date();
    for (const kit of kits) {
      kit.retiredAt = now;
      for (const registration of showing.filter((r) => showsKit(r, kit))) {
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
