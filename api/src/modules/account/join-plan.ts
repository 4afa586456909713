import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../shared/codes.js';
import type { TCredentialRequirementInfo } from '../../../../shared/credentials.js';
import { fillMessage } from '../../../../shared/fill-message.js';
import type { TCertificationValues } from '../../db/entities/index.js';
import { query } from '../../db/sql.js';
import { AppError } from '../../errors.js';
import type { LinkRow } from '../registration/queries.js';
import {
  CURRENT_CERTIFICATIONS,
  CURRENT_TEST_KITS,
  type CurrentCertificationRow,
  type CurrentTestKitRow,
  JOIN_PERSON,
  JOIN_PERSON_READ,
  type JoinPersonRow,
} from './change-queries.js';
import { type CarriedCredential, credentialsToCarry } from './join-credentials.js';

// What registering with another organization from the record takes, decided once for the join
// (which writes it) and the prefill (which shows it in the organization's form): the person and
// their company, their current certifications the organization accepts (a tester's), their test
// kits in use, the credentials on file its rules take, and what it still needs beyond them.

/** A certification as the new registration records it; a carried one may have no document. */
export interface JoinCertification extends Omit<TCertificationValues, 'documentId'> {
  documentId: string | null;
}

/** What the organization requires beyond what the registration carries. */
export interface JoinNeeds {
  /** How many more certifications it accepts (0 when enough; always 0 for an admin). */
  certifications: number;
  /** The required credential types with nothing carried, the company's first. */
  credentials: TCredentialRequirementInfo[];
}

export interface JoinPlan {
  person: JoinPersonRow & { company_id: number };
  certifications: JoinCertification[];
  kits: CurrentTestKitRow[];
  credentials: CarriedCredential[];
  needs: JoinNeeds;
}

type JoinOrganization = Pick<
  LinkRow,
  | 'id'
  | 'name'
  | 'certs'
  | 'required_certifications'
  | 'accept_expired_certifications'
  | 'credential_requirements'
>;

/** The certification as recorded, when the organization accepts its agency, type and date. */
function accepted(
  certification: CurrentCertificationRow,
  organization: JoinOrganization,
  today: string,
): JoinCertification | null {
  const { agency_id: agencyId, type_id: typeId } = certification;
  if (agencyId === null || typeId === null) return null;
  const agency = organization.certs[String(agencyId)];
  if (agency?.associatedTypes[String(typeId)] === undefined) return null;
  if (certification.expires_on < today && !organization.accept_expired_certifications) return null;
  return {
    agencyId,
    agencyName: certification.agency_name,
    typeId,
    typeName: certification.type_name,
    number: certification.number,
    expiresOn: certification.expires_on,
    documentId: certification.document_id,
  };
}

/** How many more certifications a person with these needs (always 0 for an admin). */
export function certificationsShort(
  organization: Pick<LinkRow, 'required_certifications'>,
  person: Pick<JoinPersonRow, 'type'>,
  certifications: number,
): number {
  if (person.type !== 'tester') return 0;
  return Math.max(0, organization.required_certifications - certifications);
}

/**
 * What the organization's registration of the person would carry from the record and what it
 * needs beyond it. 401 without the person, 409 when they are registered there already or have
 * no company. `lock` locks the person for the join's writes.
 */
export async function planJoin(
  tx: EntityManager,
  userId: number,
  organization: JoinOrganization,
  today: string,
  options: { lock: boolean },
): Promise<JoinPlan> {
  const [person] = await query<JoinPersonRow, { userId: number; organizationId: number }>(
    tx,
    options.lock ? JOIN_PERSON : JOIN_PERSON_READ,
    { userId, organizationId: organization.id },
  );
  if (!person) throw AppError.unauthorized();
  if (person.registered_here) throw AppError.conflict(MESSAGES.emailAlreadyRegisteredHere);
  const companyId = person.company_id;
  if (companyId === null) throw AppError.conflict(MESSAGES.accountJoinNeedsCompany);
  const certifications =
    person.type === 'tester'
      ? (
          await query<CurrentCertificationRow, { userId: number }>(tx, CURRENT_CERTIFICATIONS, {
            userId,
          })
        ).flatMap((row) => accepted(row, organization, today) ?? [])
      : [];
  const credentials = await credentialsToCarry(
    tx,
    organization,
    { id: userId, type: person.type, companyId },
    today,
  );
  const kits = await query<CurrentTestKitRow, { userId: number }>(tx, CURRENT_TEST_KITS, {
    userId,
  });
  return {
    person: { ...person, company_id: companyId },
    certifications,
    kits,
    credentials: credentials.carried,
    needs: {
      certifications: certificationsShort(organization, person, certifications.length),
      credentials: credentials.missing,
    },
  };
}

/** The join's refusal while the organization still needs something: certifications first. */
export function refuseUnmetNeeds(
  organization: Pick<LinkRow, 'name' | 'required_certifications'>,
  needs: JoinNeeds,
) {
  if (needs.certifications > 0) {
    throw AppError.conflict(
      fillMessage(MESSAGES.accountJoinNeedsCertifications, {
        organization: organization.name,
        count: organization.required_certifications,
      }),
    );
  }
  if (needs.credentials.length > 0) {
    throw AppError.conflict(
      fillMessage(MESSAGES.accountJoinNeedsCredentials, {
        organization: organization.name,
        credentials: needs.credentials.map((requirement) => requirement.name).join(', '),
      }),
    );
  }
}
