import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CODES, type TApiAnswer } from '../../../../shared/codes.js';
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
import { json } from '../../db/sql.js';
import { recordAudit } from '../audit/service.js';
import { stageEmail } from '../email/outbox.js';
import type { LinkCache } from '../registration/link-cache.js';
import { signupNotification } from '../registration/notification.js';
import { openLinkRow } from '../registration/organization-link.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { registrationSubmitted } from '../webhooks/payloads.js';
import {
  checkedAdditions,
  claimAdditionDocuments,
  type SentAdditions,
  withAdditions,
} from './join-additions.js';
import { type CarriedCredential, recordCarriedCredentials } from './join-credentials.js';
import { planJoin, refuseUnmetNeeds } from './join-plan.js';

// Registering with another organization from the record kept in My registrations: nothing is
// typed again. The person's company, their current certifications that the organization
// accepts, their test kits in use and the credentials on file its requirements take
// (join-credentials.ts) go to a new registration of that organization, documents reused, and it
// waits for that organization's review like any registration (its staff are notified as for a
// form's submit). What the organization needs beyond the record (more certifications it
// accepts, a credential it requires) can be sent with it, typed in the organization's form
// (join-additions.ts); what is still missing is said, with where to add it.

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
  sent: SentAdditions,
  options: { language: TLanguage; publicUrl: string; cache?: LinkCache },
): Promise<TApiAnswer<Joined>> {
  return em.transactional(async (tx) => {
    const organization = await openLinkRow(tx, hashValue, { cache: options.cache });
    const today = todayInProgramZone();
    const carried = await planJoin(tx, userId, organization, today, { lock: true });
    const additions = checkedAdditions(sent, organization, carried.person.type);
    const { person, certifications, kits, credentials, needs } = withAdditions(
      carried,
      additions,
      organization,
    );
    await claimAdditionDocuments(tx, organization, additions);
    refuseUnmetNeeds(organization, needs);
    const payload = {
      fromAccount: true,
      userId,
      certifications: certifications.map((c) => [c.agencyName, c.typeName, c.number]),
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
        expiresOn: c.expiresOn,
        agency: tx.getReference(CertificationAgency, c.agencyId),
        agencyName: c.agencyName,
        type: tx.getReference(CertificationType, c.typeId),
        typeName: c.typeName,
        document: c.documentId ? tx.getReference(Document, c.documentId) : null,
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
          ...(additions.certifications.length + additions.credentials.length > 0
            ? {
                added: {
                  certifications: additions.certifications.length,
                  credentials: additions.credentials.length,
                },
              }
            : {}),
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
              certExp: c.expiresOn,
              certAgency: c.agencyId,
              certType: c.typeId,
              certDocLink: c.documentId ?? '',
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
