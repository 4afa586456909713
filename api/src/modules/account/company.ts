import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVITATION_LINK_HOURS,
  type TAccountAddPersonRequest,
  type TAccountItemAnswer,
} from '../../../../shared/account.js';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import { translate } from '../../../../shared/i18n/catalogue.js';
import { LANGUAGE_PARAMETER, type TLanguage } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import { normalizeEmail } from '../../../../shared/registration.js';
import { ACCOUNT_SIGN_IN_PATH } from '../../../../shared/site-routes.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Document,
  Registration,
  User,
  UserCompany,
} from '../../db/entities/index.js';
import { json, query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { hashSecretToken, newSecretToken } from '../../security/secret-tokens.js';
import { recordAudit } from '../audit/service.js';
import { bumpReviewVersions } from '../review/queries.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationSubmitted } from '../webhooks/payloads.js';
import {
  ACCEPTED_CERTIFICATIONS,
  CLAIM_OWN_UPLOAD,
  COMPANY_ORGANIZATIONS,
  type CompanyOrganizationRow,
  UNLINK_FROM_COMPANY,
} from './change-queries.js';
import { fieldProblem } from './changes.js';
import { ADMIN_COMPANY } from './record-queries.js';
import { STAGE_SIGN_IN_LINK } from './session-queries.js';
import { SIGN_IN_EMAIL_KIND } from './sign-in.js';

// A company admin's people: adding a tester or an admin registers them, for review, with every
// organization the company is registered with (each organization's rules apart), and emails
// them a sign-in link; removing a person ends their link to the company (their registrations and
// history stay). Only the company a person administers now can be changed.

interface Accepted {
  organization_id: number;
  agency_id: number;
  agency_name: string;
  types: Record<string, string>;
}

/** The company the signed-in person administers now; 403 for anyone else. */
async function administeredCompany(em: EntityManager, userId: number): Promise<number> {
  const [row] = await query<{ company_id: number }, { userId: number }>(em, ADMIN_COMPANY, {
    userId,
  });
  if (!row) throw new AppError(403, CODES.forbidden, MESSAGES.accountAdminsOnly);
  return row.company_id;
}

/** Why an organization cannot take this tester's certifications, or null when it can. */
function refusal(
  organization: CompanyOrganizationRow,
  accepted: Accepted[],
  certifications: TAccountAddPersonRequest['userCerts'],
  today: string,
): string | null {
  const taken = certifications.filter((certification) => {
    const agency = accepted.find(
      (a) => a.organization_id === organization.id && a.agency_id === certification.certAgency,
    );
    return (
      agency?.types[String(certification.certType)] !== undefined &&
      (certification.certExp >= today || organization.accept_expired_certifications)
    );
  });
  if (taken.length >= organization.required_certifications) return null;
  return fillMessage(MESSAGES.certificationsRequired, {
    count: organization.required_certifications,
  });
}

export async function addPerson(
  em: EntityManager,
  adminId: number,
  body: TAccountAddPersonRequest,
  options: { language: TLanguage; publicUrl: string },
): Promise<TApiAnswer<TAccountItemAnswer>> {
  return em.transactional(async (tx) => {
    const companyId = await administeredCompany(tx, adminId);
    const admin = await tx.findOneOrFail(User, adminId);
    const organizations = await query<CompanyOrganizationRow, { companyId: number }>(
      tx,
      COMPANY_ORGANIZATIONS,
      { companyId },
    );
    const accepted = await query<Accepted, { organizationIds: string }>(
      tx,
      ACCEPTED_CERTIFICATIONS,
      { organizationIds: json(organizations.map((o) => o.id)) },
    );
    const testing = body.userType === 'tester';
    const today = todayInProgramZone();
    const refusedBy: TAccountItemAnswer['refusedBy'] = [];
    const taking = organizations.filter((organization) => {
      const why = testing ? refusal(organization, accepted, body.userCerts, today) : null;
      if (why) refusedBy.push({ organizationName: organization.name, message: why });
      return why === null;
    });
    if (taking.length === 0) {
      if (refusedBy[0]) throw fieldProblem('userCerts', refusedBy[0].message);
      throw AppError.conflict(MESSAGES.accountNothingToChange);
    }
    const existing = await tx
      .getConnection()
      .execute<{ id: number }[]>('select id from users where lower(email) = lower(?)', [
        body.userEmail,
      ]);
    if (existing.length > 0) throw fieldProblem('userEmail', MESSAGES.accountPersonExists);
    const person = tx.create(User, {
      type: body.userType,
      firstName: body.userFirstName,
      lastName: body.userLastName,
      email: body.userEmail,
      phone: body.userPhone,
    });
    tx.create(UserCompany, { user: person, company: companyId });
    try {
      await tx.flush();
    } catch (error) {
      // users_email_lower_unique: someone registered the address a moment ago.
      if ((error as { code?: unknown }).code === '23505') {
        throw fieldProblem('userEmail', MESSAGES.accountPersonExists);
      }
      throw error;
    }
    const documents = [...new Set(testing ? body.userCerts.map((c) => c.certDocLink) : [])];
    for (const documentId of documents) {
      const claimed = await query<{ id: string }, { userId: number; documentId: string }>(
        tx,
        CLAIM_OWN_UPLOAD,
        { userId: adminId, documentId },
      );
      if (claimed.length === 0) throw fieldProblem('userCerts', MESSAGES.documentLinkInvalid);
    }
    const now = new Date();
    const registrationIds: number[] = [];
    for (const organization of taking) {
      const registration = tx.create(Registration, {
        user: person,
        organization: organization.id,
        company: companyId,
        submission: null,
        language: options.language,
        accountChangeAt: now,
      });
      for (const certification of testing ? body.userCerts : []) {
        const agency = accepted.find(
          (a) => a.organization_id === organization.id && a.agency_id === certification.certAgency,
        );
        const typeName = agency?.types[String(certification.certType)];
        if (!agency || typeName === undefined) continue;
        tx.create(Certification, {
          user: person,
          registration,
          number: certification.certNum,
          expiresOn: certification.certExp,
          agency: tx.getReference(CertificationAgency, certification.certAgency),
          agencyName: agency.agency_name,
          type: tx.getReference(CertificationType, certification.certType),
          typeName,
          document: tx.getReference(Document, certification.certDocLink),
          renewal: null,
        });
      }
      await tx.flush();
      registrationIds.push(registration.id);
      recordWebhookEvent(
        tx,
        registrationSubmitted(
          {
            id: registration.id,
            user_id: person.id,
            organization_id: organization.id,
            company_id: companyId,
            first_name: person.firstName,
            last_name: person.lastName,
            organization_name: organization.name,
          },
          'company_admin',
        ),
      );
      recordAudit(
        tx,
        { id: null, email: admin.email },
        {
          action: 'account_update',
          entityType: 'registration',
          entityId: registration.id,
          before: null,
          after: { state: 'pending', addedBy: admin.email, company: companyId },
        },
      );
    }
    recordAudit(
      tx,
      { id: null, email: admin.email },
      {
        action: 'create',
        entityType: 'user',
        entityId: person.id,
        before: null,
        after: { email: person.email, type: person.type, company: companyId },
      },
    );
    await bumpReviewVersions(tx, registrationIds);
    // Their own way in: a sign-in link, valid long enough for an invitation.
    const token = newSecretToken();
    const tokenHash = hashSecretToken(token);
    const link = `${options.publicUrl}${ACCOUNT_SIGN_IN_PATH}?${LANGUAGE_PARAMETER}=${options.language}#${token}`;
    const values = {
      link,
      hours: INVITATION_LINK_HOURS,
      admin: `${admin.firstName} ${admin.lastName}`,
      organizations: taking.map((o) => o.name).join(', '),
    };
    await query(tx, STAGE_SIGN_IN_LINK, {
      email: normalizeEmail(body.userEmail),
      tokenHash,
      expiresAt: new Date(now.getTime() + INVITATION_LINK_HOURS * 3_600_000),
      dedupeKey: `account-invitation:${tokenHash.slice(0, 32)}`,
      kind: SIGN_IN_EMAIL_KIND,
      subject: translate(options.language, 'account.invitation.subject', values),
      textBody: `${translate(options.language, 'account.invitation.body', values)}\n`,
    });
    return {
      code: CODES.success,
      message: { sentTo: taking.map((o) => o.name), refusedBy },
    };
  });
}

/** Ends a person's link to the admin's company; their registrations and history stay. */
export async function removePerson(
  em: EntityManager,
  adminId: number,
  personId: number,
): Promise<TApiAnswer<string>> {
  if (personId === adminId) throw AppError.badRequest(MESSAGES.accountCannotRemoveSelf);
  return em.transactional(async (tx) => {
    const companyId = await administeredCompany(tx, adminId);
    const removed = await query<{ user_id: number }, { personId: number; companyId: number }>(
      tx,
      UNLINK_FROM_COMPANY,
      { personId, companyId },
    );
    if (removed.length === 0) throw AppError.notFound(MESSAGES.accountPersonNotInCompany);
    const admin = await tx.findOneOrFail(User, adminId);
    recordAudit(
      tx,
      { id: null, email: admin.email },
      {
        action: 'unlink',
        entityType: 'user',
        entityId: personId,
        before: { company: companyId },
        after: { company: null },
      },
    );
    return { code: CODES.success, message: MESSAGES.accountPersonRemoved };
  });
}
