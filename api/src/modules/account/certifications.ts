import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type {
  TAccountItemAnswer,
  ZAccountAddCertificationRequest,
  ZAccountRenewCertificationRequest,
} from '../../../../shared/account.js';
import { MESSAGES } from '../../../../shared/codes.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Document,
} from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { AGENCY_AND_TYPE } from './change-queries.js';
import {
  answer,
  auditedCertification,
  certificationKey,
  change,
  claimUpload,
  fieldProblem,
  queue,
  type Sent,
} from './changes.js';

// A certification earned or renewed, sent from My registrations to every registration of the
// person that can take it (changes.ts).

type AddCertification = z.output<typeof ZAccountAddCertificationRequest>;
type RenewCertification = z.output<typeof ZAccountRenewCertificationRequest>;

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
