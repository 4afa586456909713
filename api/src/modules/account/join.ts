import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, MESSAGES, type TApiAnswer } from '../../../../shared/codes.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import type { TLanguage } from '../../../../shared/i18n/languages.js';
import { todayInProgramZone } from '../../../../shared/program-zone.js';
import {
  Certification,
  CertificationAgency,
  CertificationType,
  Company,
  Document,
  Registration,
  Submission,
  TestKit,
} from '../../db/entities/index.js';
import { json, query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import type { LinkCache } from '../registration/link-cache.js';
import { signupNotification } from '../registration/notification.js';
import { openLinkRow } from '../registration/organization-link.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationSubmitted } from '../webhooks/payloads.js';
import {
  CURRENT_CERTIFICATIONS,
  CURRENT_TEST_KITS,
  type CurrentCertificationRow,
  type CurrentTestKitRow,
  JOIN_PERSON,
  type JoinPersonRow,
} from './change-queries.js';
import {
  type CarriedCredential,
  credentialsToCarry,
  recordCarriedCredentials,
} from './join-credentials.js';

// Registering with another organization from the record kept in My registrations: nothing is
// typed again. The person's company, their current certifications that the organization
// accepts, their test kits in use and the credentials on file its requirements take
// (join-credentials.ts) go to a new registration of that organization, documents reused, and it
// waits for that organization's review like any registration (its staff are notified as for a
// form's submit). What the organization needs beyond the record (more certifications it
// accepts, a credential it requires) is said, with where to add it.

const isCompanys = (credential: CarriedCredential) => credential.holder === 'company';

export interface Joined {
  organizationName: string;
  certifications: number;
  testKits: number;
}

export async function registerWithOrganization(
  em: EntityManager,
  userId: number,
  hashValue: string,
  options: { language: TLanguage; publicUrl: string; cache?: LinkCache },
): Promise<TApiAnswer<Joined>> {
  return em.transactional(async (tx) => {
    const organization = await openLinkRow(tx, hashValue, { cache: options.cache });
    const [person] = await query<JoinPersonRow, { userId: number; organizationId: number }>(
      tx,
      JOIN_PERSON,
      { userId, organizationId: organization.id },
    );
    if (!person) throw AppError.unauthorized();
    if (person.registered_here) throw AppError.conflict(MESSAGES.emailAlreadyRegisteredHere);
    if (person.company_id === null) throw AppError.conflict(MESSAGES.accountJoinNeedsCompany);
    const today = todayInProgramZone();
    const certifications =
      person.type === 'tester'
        ? (
            await query<CurrentCertificationRow, { userId: number }>(tx, CURRENT_CERTIFICATIONS, {
              userId,
            })
          ).filter((c) => {
            const agency = c.agency_id === null ? undefined : organization.certs[c.agency_id];
            return (
              c.type_id !== null &&
              agency?.associatedTypes[String(c.type_id)] !== undefined &&
              (c.expires_on >= today || organization.accept_expired_certifications)
            );
          })
        : [];
    if (person.type === 'tester' && certifications.length < organization.required_certifications) {
      throw AppError.conflict(
        fillMessage(MESSAGES.accountJoinNeedsCertifications, {
          organization: organization.name,
          count: organization.required_certifications,
        }),
      );
    }
    const credentials = await credentialsToCarry(
      tx,
      organization,
      { id: userId, type: person.type, companyId: person.company_id },
      today,
    );
    const kits = await query<CurrentTestKitRow, { userId: number }>(tx, CURRENT_TEST_KITS, {
      userId,
    });
    const payload = {
      fromAccount: true,
      userId,
      certifications: certifications.map((c) => [c.agency_name, c.type_name, c.number]),
      testKits: kits.map((k) => [k.serial, k.manufacturer, k.model]),
      ...(credentials.length > 0
        ? { credentials: credentials.map((c) => [c.typeName, c.issuer, c.number]) }
        : {}),
    };
    const submission = tx.create(Submission, {
      idempotencyKey: null,
      requestHash: createHash('sha256').update(json(payload)).digest('hex'),
      organization: organization.id,
      company: person.company_id,
      payload,
      response: {},
    });
    const registration = tx.create(Registration, {
      user: userId,
      organization: organization.id,
      company: person.company_id,
      submission,
      language: options.language,
      accountChangeAt: new Date(),
    });
    for (const c of certifications) {
      tx.create(Certification, {
        user: userId,
        registration,
        number: c.number,
        expiresOn: c.expires_on,
        agency: tx.getReference(CertificationAgency, c.agency_id as number),
        agencyName: c.agency_name,
        type: tx.getReference(CertificationType, c.type_id as number),
        typeName: c.type_name,
        document: c.document_id ? tx.getReference(Document, c.document_id) : null,
        renewal: null,
      });
    }
    for (const k of kits) {
      tx.create(TestKit, {
        company: person.company_id,
        organization: organization.id,
        submission,
        serial: k.serial,
        manufacturer: k.manufacturer,
        model: k.model,
        calibratedOn: k.calibrated_on,
        document: k.document_id ? tx.getReference(Document, k.document_id) : null,
        renewal: null,
        retiredAt: null,
      });
    }
    recordCarriedCredentials(tx, registration, person.company_id, credentials);
    await tx.flush();
    recordWebhookEvent(
      tx,
      registrationSubmitted(
        {
          ...person,
          id: registration.id,
          user_id: userId,
          organization_id: organization.id,
          organization_name: organization.name,
        },
        'account',
      ),
    );
    recordAudit(
      tx,
      { id: null, email: person.email },
      {
        action: 'account_update',
        entityType: 'registration',
        entityId: registration.id,
        before: null,
        after: {
          state: 'pending',
          registeredFromAccount: true,
          certifications: certifications.length,
          testKits: kits.length,
          credentials: credentials.length,
        },
      },
    );
    const company = await tx.findOneOrFail(Company, person.company_id);
    stageEmail(
      tx,
      signupNotification({
        submissionId: submission.id,
        organization: { name: organization.name, primaryEmail: organization.primary_email },
        company: {
          companyID: company.id,
          companyName: company.name,
          companyPhone: company.phone,
          companyAddress1: company.address1,
          companyAddress2: company.address2,
          companyCity: company.city,
          companyState: company.state,
          companyZip: company.zip,
        },
        existingCompany: true,
        companyCredentials: credentials.filter(isCompanys),
        users: [
          {
            userType: person.type,
            userFirstName: person.first_name,
            userLastName: person.last_name,
            userEmail: person.email,
            userPhone: person.phone,
            userCerts: certifications.map((c) => ({
              certNum: c.number,
              certExp: c.expires_on,
              certAgency: c.agency_id as number,
              certType: c.type_id as number,
              certDocLink: c.document_id ?? '',
            })),
            alreadyKnown: true,
            credentials: credentials.filter((c) => !isCompanys(c)),
          },
        ],
        testKits: kits.map((k) => ({
          kitSerial: k.serial,
          kitMfr: k.manufacturer,
          kitModel: k.model,
          kitCalibDate: k.calibrated_on,
          kitCalibDocLink: k.document_id ?? '',
        })),
        consoleUrl: `${options.publicUrl}/scadmin`,
      }),
    );
    return {
      code: CODES.success,
      message: {
        organizationName: organization.name,
        certifications: certifications.length,
        testKits: kits.length,
      },
    };
  });
}
